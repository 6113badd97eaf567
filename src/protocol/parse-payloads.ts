// Payload of each known server event type (docs/protocol.md §5) → camelCase body, table-driven by the
// type name without its `EVENT_TYPE_` prefix. null means "drop this event": an unknown type, or a
// required field with the wrong type (a guard threw).

import { parseCapabilities } from './capabilities';
import { count, isRecord, type JsonRecord, optionalString, required, stringField } from './guards';
import type { Attachment, ServerEventBody } from './types';

type Parse = (payload: JsonRecord, eventId: string, scratch?: unknown) => object | null;

// A server that omits message_id still gets its message shown, keyed by the event id.
const message: Parse = (payload, eventId) => ({
  messageId: stringField(payload.message_id) || eventId,
  agentId: optionalString(payload.agent_id),
  ...content(payload),
});

const typing: Parse = ({ state, agent_id }) =>
  state === 'TYPING_STATE_STARTED' || state === 'TYPING_STATE_STOPPED' ? { state, agentId: optionalString(agent_id) } : null;

const BODIES: Record<string, Parse> = {
  SESSION_START: (payload) => ({ capabilities: parseCapabilities(payload.capabilities) }),
  SERVICE_AGENT_JOINED: (payload) => ({
    agentName: stringField(payload.agent_name),
    agentAvatarUrl: optionalString(payload.agent_avatar_url),
  }),
  SERVICE_AGENT_MESSAGE: message,
  LIVE_AGENT_MESSAGE: message,
  // Chunks are assembled by message_id and placed by chunk_index: without them nothing can be rebuilt.
  SERVICE_AGENT_MESSAGE_CHUNK: (payload) => {
    const chunkIndex = count(payload.chunk_index);
    return chunkIndex
      ? {
          messageId: required(optionalString(payload.message_id)),
          ...content(payload),
          chunkIndex,
          isComplete: payload.is_complete === true,
        }
      : null;
  },
  HANDOFF_QUEUE_STATUS: (payload) => {
    const wait = payload.estimated_wait_seconds;
    return {
      queueName: optionalString(payload.queue_name),
      positionInQueue: count(payload.position_in_queue),
      estimatedWaitSeconds: typeof wait === 'number' && wait >= 0 && wait < Infinity ? wait : undefined,
    };
  },
  CLIENT_HANDOFF_REQUIRED: (payload) => ({ reason: stringField(payload.reason), queueName: optionalString(payload.queue_name) }),
  LIVE_AGENT_JOINED: (payload, _, agent = payload.agent ?? {}) =>
    isRecord(agent)
      ? { agent: { id: stringField(agent.id), name: stringField(agent.name), avatarUrl: optionalString(agent.avatar_url) } }
      : null,
  LIVE_AGENT_TYPING: typing,
  USER_TYPING: typing,
  // proto3 leaves an enum at its zero value off the wire; that value is "unspecified".
  SESSION_END: (payload) => ({ reason: stringField(payload.reason) || 'REASON_UNSPECIFIED' }),
  // SYSTEM_MESSAGE_LEVEL_WARNING → warning, …_ERROR → error, anything else → info.
  SYSTEM_MESSAGE: ({ level, message }) => ({
    level: /^SYSTEM_MESSAGE_LEVEL_(WARNING|ERROR)$/.exec(String(level))?.[1]?.toLowerCase() ?? 'info',
    message: stringField(message),
  }),
  // Nothing to apply without a language.
  LANGUAGE_CHANGED: (payload) => ({ languageCode: required(optionalString(payload.language_code)) }),
  USER_MESSAGE: (payload) => ({ text: stringField(payload.text), messageId: optionalString(payload.message_id) }),
};
// Nothing in the payload: whatever it carries is ignored.
for (const name of 'SERVICE_AGENT_THINKING SERVICE_AGENT_LEFT SERVICE_AGENT_TRIGGERED_HANDOFF HANDOFF_ACCEPTED HANDOFF_FAILED HANDOFF_TIMEOUT LIVE_AGENT_LEFT REQUEST_SERVICE_AGENT_JOIN USER_END_SESSION HEARTBEAT'.split(
  ' ',
)) {
  BODIES[name] = () => ({});
}

export function parseBody(type: string, payload: JsonRecord, eventId: string): ServerEventBody | null {
  const name = type.slice(11);
  try {
    const body = type.startsWith('EVENT_TYPE_') && Object.hasOwn(BODIES, name) && BODIES[name]!(payload, eventId);
    return body ? ({ type, ...body } as ServerEventBody) : null;
  } catch {
    return null;
  }
}

/** Text, attachments and suggestions of a message or chunk. A bad element is skipped on its own. */
function content(payload: JsonRecord) {
  const list = (value: unknown) => (Array.isArray(value) ? value.filter(isRecord) : []);
  const attachments: Attachment[] = [];
  for (const attachment of list(payload.attachments)) {
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
  const suggestions = list(payload.response_suggestions).flatMap(({ message_text: text }) =>
    typeof text === 'string' && text.trim() ? [{ text }] : [],
  );
  return { text: stringField(payload.text), attachments, suggestions };
}
