// Turns one untrusted client frame into a typed client event, or into the exact error text the
// platform answers with (docs/protocol.md §4, §5 SYSTEM_MESSAGE).

import { type ClientEventType, isClientEventType, isRecord, isServerEventType, type JsonRecord, SYSTEM_TEXT } from './wire';

export type TypingState = 'TYPING_STATE_STARTED' | 'TYPING_STATE_STOPPED';

export type ClientEvent =
  | { type: 'EVENT_TYPE_REQUEST_SERVICE_AGENT_JOIN'; payload: JsonRecord }
  | { type: 'EVENT_TYPE_USER_MESSAGE'; payload: JsonRecord; text: string }
  | { type: 'EVENT_TYPE_USER_TYPING'; payload: JsonRecord; state: TypingState }
  | { type: 'EVENT_TYPE_USER_END_SESSION'; payload: JsonRecord }
  | { type: 'EVENT_TYPE_HEARTBEAT'; payload: JsonRecord };

export type ParsedFrame =
  | { ok: true; event: ClientEvent; custom: JsonRecord | undefined }
  /** `custom` is whatever metadata could be read, so even the error can echo it. */
  | { ok: false; error: string; custom: JsonRecord | undefined };

export function parseClientFrame(text: string): ParsedFrame {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    return { ok: false, error: SYSTEM_TEXT.invalidFormat, custom: undefined };
  }
  if (!isRecord(value)) return { ok: false, error: SYSTEM_TEXT.invalidFormat, custom: undefined };

  const metadata = value['metadata'];
  const customValue = isRecord(metadata) ? metadata['custom'] : undefined;
  const custom = isRecord(customValue) ? customValue : undefined;
  const invalid: ParsedFrame = { ok: false, error: SYSTEM_TEXT.invalidFormat, custom };

  // Metadata is optional, but when present it must have the documented shape.
  if (metadata !== undefined && (!isRecord(metadata) || (customValue !== undefined && custom === undefined))) return invalid;

  const type = value['type'];
  if (typeof type !== 'string') return invalid;
  if (!isClientEventType(type)) {
    return isServerEventType(type) ? { ok: false, error: SYSTEM_TEXT.notAllowed(type), custom } : invalid;
  }
  const payload = value['payload'];
  if (!isRecord(payload)) return invalid;
  const event = typedEvent(type, payload);
  return event ? { ok: true, event, custom } : invalid;
}

function typedEvent(type: ClientEventType, payload: JsonRecord): ClientEvent | undefined {
  switch (type) {
    case 'EVENT_TYPE_USER_MESSAGE': {
      const text = payload['text'];
      return typeof text === 'string' ? { type, payload, text } : undefined;
    }
    case 'EVENT_TYPE_USER_TYPING': {
      const state = payload['state'];
      return state === 'TYPING_STATE_STARTED' || state === 'TYPING_STATE_STOPPED' ? { type, payload, state } : undefined;
    }
    case 'EVENT_TYPE_REQUEST_SERVICE_AGENT_JOIN':
    case 'EVENT_TYPE_USER_END_SESSION':
    case 'EVENT_TYPE_HEARTBEAT':
      return { type, payload };
  }
}
