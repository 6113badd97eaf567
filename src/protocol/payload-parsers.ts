// The payload of each server event type (docs/protocol.md §5) → its camelCase body. One parser per
// type in PAYLOAD_PARSERS, keyed by every ServerEventType: a type added to ServerEventBody without
// its parser does not compile (its handler: store/event-handlers.ts). null means "drop this
// event": an unknown type, or a required field with the wrong type (a guard threw).

import { parseCapabilities } from './capabilities';
import { count, isRecord, type JsonRecord, optionalString, required, stringField } from './guards';
import type { Attachment, ServerEventBody, ServerEventType, Suggestion, TypingState } from './types';

/** How the payload of one event type becomes its body (`eventId`: the envelope's id). */
export type PayloadParser<Body> = (payload: JsonRecord, eventId: string) => Body | null;

/** A parser for every type of the union `Body` (ServerEventBody; a wider union in type tests). */
export type PayloadParsers<Body extends { type: string } = ServerEventBody> = {
  [Type in Body['type']]: PayloadParser<Extract<Body, { type: Type }>>;
};

/** Text, attachments and suggestions of a message or chunk. A bad element is skipped on its own. */
function parseContent(payload: JsonRecord): { text: string; attachments: Attachment[]; suggestions: Suggestion[] } {
  const records = (value: unknown) => (Array.isArray(value) ? value.filter(isRecord) : []);
  const attachments: Attachment[] = [];
  for (const attachment of records(payload.attachments)) {
    const title = attachment.title ?? '';
    const previewImageUrl = optionalString(attachment.preview_image_url);
    const contentUrl = optionalString(attachment.content_url);
    // A title of the wrong type voids the card; nothing to show at all helps nobody either.
    if (typeof title === 'string' && (title || previewImageUrl || contentUrl)) {
      attachments.push({
        kind: attachment.content_type === 'ATTACHMENT_CONTENT_TYPE_IMAGE' ? 'image' : 'url',
        title,
        previewImageUrl,
        contentUrl,
        callToActionText: optionalString(attachment.call_to_action_text),
      });
    }
  }
  // An empty suggestion would render as a nameless button that sends nothing.
  const suggestions = records(payload.response_suggestions).flatMap((suggestion) => {
    const text = suggestion.message_text;
    return typeof text === 'string' && text.trim() ? [{ text }] : [];
  });
  return { text: stringField(payload.text), attachments, suggestions };
}

/** A whole message. A server that omits message_id still gets its message shown, keyed by the event id. */
const parseMessage = (payload: JsonRecord, eventId: string) => ({
  messageId: stringField(payload.message_id) || eventId,
  ...parseContent(payload),
});

const parseTypingState = (payload: JsonRecord): TypingState | null => {
  const { state } = payload;
  return state === 'TYPING_STATE_STARTED' || state === 'TYPING_STATE_STOPPED' ? state : null;
};

const SYSTEM_LEVELS = { SYSTEM_MESSAGE_LEVEL_WARNING: 'warning', SYSTEM_MESSAGE_LEVEL_ERROR: 'error' } as const;

export const PAYLOAD_PARSERS: PayloadParsers = {
  EVENT_TYPE_SESSION_START: (payload) => ({ type: 'EVENT_TYPE_SESSION_START', capabilities: parseCapabilities(payload.capabilities) }),
  EVENT_TYPE_SERVICE_AGENT_JOINED: (payload) => ({
    type: 'EVENT_TYPE_SERVICE_AGENT_JOINED',
    agentName: stringField(payload.agent_name),
    agentAvatarUrl: optionalString(payload.agent_avatar_url),
  }),
  EVENT_TYPE_SERVICE_AGENT_THINKING: () => ({ type: 'EVENT_TYPE_SERVICE_AGENT_THINKING' }),
  EVENT_TYPE_SERVICE_AGENT_MESSAGE: (payload, eventId) => ({ type: 'EVENT_TYPE_SERVICE_AGENT_MESSAGE', ...parseMessage(payload, eventId) }),
  // Chunks are assembled by message_id and placed by chunk_index: without them nothing can be rebuilt.
  EVENT_TYPE_SERVICE_AGENT_MESSAGE_CHUNK: (payload) => {
    const chunkIndex = count(payload.chunk_index);
    if (!chunkIndex) return null;
    return {
      type: 'EVENT_TYPE_SERVICE_AGENT_MESSAGE_CHUNK',
      messageId: required(optionalString(payload.message_id)),
      ...parseContent(payload),
      chunkIndex,
      isComplete: payload.is_complete === true,
    };
  },
  EVENT_TYPE_SERVICE_AGENT_LEFT: () => ({ type: 'EVENT_TYPE_SERVICE_AGENT_LEFT' }),
  EVENT_TYPE_SERVICE_AGENT_TRIGGERED_HANDOFF: () => ({ type: 'EVENT_TYPE_SERVICE_AGENT_TRIGGERED_HANDOFF' }),
  EVENT_TYPE_HANDOFF_ACCEPTED: () => ({ type: 'EVENT_TYPE_HANDOFF_ACCEPTED' }),
  EVENT_TYPE_HANDOFF_QUEUE_STATUS: (payload) => {
    const wait = payload.estimated_wait_seconds;
    return {
      type: 'EVENT_TYPE_HANDOFF_QUEUE_STATUS',
      queueName: optionalString(payload.queue_name),
      positionInQueue: count(payload.position_in_queue),
      estimatedWaitSeconds: typeof wait === 'number' && wait >= 0 && wait < Infinity ? wait : undefined,
    };
  },
  EVENT_TYPE_HANDOFF_FAILED: () => ({ type: 'EVENT_TYPE_HANDOFF_FAILED' }),
  EVENT_TYPE_HANDOFF_TIMEOUT: () => ({ type: 'EVENT_TYPE_HANDOFF_TIMEOUT' }),
  EVENT_TYPE_CLIENT_HANDOFF_REQUIRED: (payload) => ({
    type: 'EVENT_TYPE_CLIENT_HANDOFF_REQUIRED',
    reason: stringField(payload.reason),
    queueName: optionalString(payload.queue_name),
  }),
  EVENT_TYPE_LIVE_AGENT_JOINED: (payload) => {
    const agent = payload.agent ?? {};
    if (!isRecord(agent)) return null;
    return {
      type: 'EVENT_TYPE_LIVE_AGENT_JOINED',
      agent: { id: stringField(agent.id), name: stringField(agent.name), avatarUrl: optionalString(agent.avatar_url) },
    };
  },
  EVENT_TYPE_LIVE_AGENT_TYPING: (payload) => {
    const state = parseTypingState(payload);
    return state && { type: 'EVENT_TYPE_LIVE_AGENT_TYPING', state, agentId: optionalString(payload.agent_id) };
  },
  EVENT_TYPE_LIVE_AGENT_MESSAGE: (payload, eventId) => ({
    type: 'EVENT_TYPE_LIVE_AGENT_MESSAGE',
    ...parseMessage(payload, eventId),
    agentId: optionalString(payload.agent_id),
  }),
  EVENT_TYPE_LIVE_AGENT_LEFT: () => ({ type: 'EVENT_TYPE_LIVE_AGENT_LEFT' }),
  // proto3 leaves an enum at its zero value off the wire; that value is "unspecified".
  EVENT_TYPE_SESSION_END: (payload) => ({ type: 'EVENT_TYPE_SESSION_END', reason: stringField(payload.reason) || 'REASON_UNSPECIFIED' }),
  // SYSTEM_MESSAGE_LEVEL_WARNING → warning, …_ERROR → error, anything else → info.
  EVENT_TYPE_SYSTEM_MESSAGE: (payload) => {
    const { level } = payload;
    return {
      type: 'EVENT_TYPE_SYSTEM_MESSAGE',
      level: level === 'SYSTEM_MESSAGE_LEVEL_WARNING' || level === 'SYSTEM_MESSAGE_LEVEL_ERROR' ? SYSTEM_LEVELS[level] : 'info',
      message: stringField(payload.message),
    };
  },
  // Nothing to apply without a language.
  EVENT_TYPE_LANGUAGE_CHANGED: (payload) => ({
    type: 'EVENT_TYPE_LANGUAGE_CHANGED',
    languageCode: required(optionalString(payload.language_code)),
  }),
  // Echoes of client events, as the session's history records them. Whatever else their payload
  // carries is ignored.
  EVENT_TYPE_USER_MESSAGE: (payload) => ({
    type: 'EVENT_TYPE_USER_MESSAGE',
    text: stringField(payload.text),
    messageId: optionalString(payload.message_id),
  }),
  EVENT_TYPE_REQUEST_SERVICE_AGENT_JOIN: () => ({ type: 'EVENT_TYPE_REQUEST_SERVICE_AGENT_JOIN' }),
  EVENT_TYPE_USER_END_SESSION: () => ({ type: 'EVENT_TYPE_USER_END_SESSION' }),
  EVENT_TYPE_HEARTBEAT: () => ({ type: 'EVENT_TYPE_HEARTBEAT' }),
  EVENT_TYPE_USER_TYPING: (payload) => {
    const state = parseTypingState(payload);
    return state && { type: 'EVENT_TYPE_USER_TYPING', state };
  },
};

const isServerEventType = (type: string): type is ServerEventType => Object.hasOwn(PAYLOAD_PARSERS, type);

/** The body of a server event of `type`, or null when the event must be dropped (unknown type, invalid payload). */
export function parseBody(type: string, payload: JsonRecord, eventId: string): ServerEventBody | null {
  if (!isServerEventType(type)) return null;
  try {
    return PAYLOAD_PARSERS[type](payload, eventId);
  } catch {
    return null;
  }
}
