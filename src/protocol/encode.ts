// Client events → wire frames (PROTOCOL.md §3–§4). The client never sends id, sequence or timestamp.

import type { ClientEvent, CustomMetadata } from './types';

export function encodeClientEvent(event: ClientEvent, siteMetadata?: CustomMetadata): string {
  const custom: CustomMetadata = { ...siteMetadata, ...event.custom };
  let payload = {};
  if (event.type === 'EVENT_TYPE_USER_MESSAGE') {
    payload = { text: event.text };
    // Set last so site metadata can never overwrite the id that matches the echo to its message.
    custom.client_event_id = event.clientEventId;
  }
  if (event.type === 'EVENT_TYPE_USER_TYPING') payload = { state: event.state };
  // JSON leaves out an undefined `metadata`.
  return JSON.stringify({ type: event.type, payload, metadata: Object.keys(custom).length ? { custom } : undefined });
}
