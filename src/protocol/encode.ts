// Client events → wire frames (docs/protocol.md §3–§4). The client never sends id, sequence or timestamp.

import type { ClientEvent, CustomMetadata } from './types';

export function encodeClientEvent(event: ClientEvent, siteMetadata?: CustomMetadata): string {
  // What is left of the event is its payload: `text` of a message, `state` of typing, else nothing.
  const { type, custom: own, clientEventId, ...payload } = event as ClientEvent & { clientEventId?: string };
  // The id goes last so site metadata can never overwrite what matches the echo to its message.
  const custom: CustomMetadata = { ...siteMetadata, ...own, ...(clientEventId && { client_event_id: clientEventId }) };
  // JSON leaves out an undefined `metadata`.
  return JSON.stringify({ type, payload, metadata: Object.keys(custom).length ? { custom } : undefined });
}
