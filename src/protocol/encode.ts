// Client events → wire frames (PROTOCOL.md §3–§4). The client never sends id, sequence or timestamp.

import type { ClientEvent, CustomMetadata } from './types';

interface ClientFrame {
  type: ClientEvent['type'];
  payload: Record<string, string>;
  metadata?: { custom: CustomMetadata };
}

export function encodeClientEvent(event: ClientEvent, siteMetadata?: CustomMetadata): string {
  const custom: CustomMetadata = { ...siteMetadata, ...event.custom };
  // Set last so site metadata can never overwrite the id that matches the echo to its message.
  if (event.type === 'EVENT_TYPE_USER_MESSAGE') custom.client_event_id = event.clientEventId;
  const frame: ClientFrame = { type: event.type, payload: payloadOf(event) };
  if (Object.keys(custom).length > 0) frame.metadata = { custom };
  return JSON.stringify(frame);
}

function payloadOf(event: ClientEvent): Record<string, string> {
  switch (event.type) {
    case 'EVENT_TYPE_USER_MESSAGE':
      return { text: event.text };
    case 'EVENT_TYPE_USER_TYPING':
      return { state: event.state };
    default:
      return {};
  }
}
