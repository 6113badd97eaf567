// Payload of each known server event type (PROTOCOL.md §5) → camelCase body.
// null means "drop this event": an unknown type, or a required field with the wrong type.

import type { Capabilities, ServerEventBody, SystemLevel, TypingState } from './types';
import { DEFAULT_CAPABILITIES } from './types';
import {
  isNonNegativeInteger,
  isRecord,
  optionalBoolean,
  optionalCount,
  optionalNonNegativeNumber,
  optionalString,
  requiredString,
  type JsonRecord,
} from './guards';
import { parseAttachments, parseSuggestions } from './parse-content';

type BodyParser = (payload: JsonRecord, eventId: string) => ServerEventBody | null;

export function parseBody(type: string, payload: JsonRecord, eventId: string): ServerEventBody | null {
  const parser = PARSERS.get(type);
  return parser ? parser(payload, eventId) : null;
}

export function isKnownServerEventType(type: string): boolean {
  return PARSERS.has(type);
}

export function parseCapabilities(value: unknown): Capabilities {
  const c = isRecord(value) ? value : {};
  const positive = (v: unknown, fallback: number) => (isNonNegativeInteger(v) && v > 0 ? v : fallback);
  return {
    streaming: optionalBoolean(c.streaming) ?? DEFAULT_CAPABILITIES.streaming,
    maxMessageSizeBytes: positive(c.max_message_size_bytes, DEFAULT_CAPABILITIES.maxMessageSizeBytes),
    maxReconnectAttempts: optionalCount(c.max_reconnect_attempts) ?? DEFAULT_CAPABILITIES.maxReconnectAttempts,
    heartbeatIntervalSeconds: positive(c.heartbeat_interval_seconds, DEFAULT_CAPABILITIES.heartbeatIntervalSeconds),
  };
}

const LEVELS: Record<string, SystemLevel> = {
  SYSTEM_MESSAGE_LEVEL_INFO: 'info',
  SYSTEM_MESSAGE_LEVEL_WARNING: 'warning',
  SYSTEM_MESSAGE_LEVEL_ERROR: 'error',
};

function parseLevel(value: unknown): SystemLevel {
  return typeof value === 'string' && Object.hasOwn(LEVELS, value) ? (LEVELS[value] ?? 'info') : 'info';
}

function parseTypingState(value: unknown): TypingState | undefined {
  return value === 'TYPING_STATE_STARTED' || value === 'TYPING_STATE_STOPPED' ? value : undefined;
}

/** message_id of a whole message: a server that omits it still gets its message shown, keyed by the event id. */
function messageIdOf(value: unknown, eventId: string): string | undefined {
  if (value === undefined || value === null || value === '') return eventId;
  return typeof value === 'string' ? value : undefined;
}

const empty =
  <T extends ServerEventBody['type']>(type: T) =>
  (): { type: T } => ({ type });

const PARSERS = new Map<string, BodyParser>([
  ['EVENT_TYPE_SESSION_START', (p) => ({ type: 'EVENT_TYPE_SESSION_START', capabilities: parseCapabilities(p.capabilities) })],
  [
    'EVENT_TYPE_SERVICE_AGENT_JOINED',
    (p) => {
      const agentName = requiredString(p.agent_name);
      if (agentName === undefined) return null;
      const agentAvatarUrl = optionalString(p.agent_avatar_url);
      return { type: 'EVENT_TYPE_SERVICE_AGENT_JOINED', agentName, ...(agentAvatarUrl ? { agentAvatarUrl } : {}) };
    },
  ],
  ['EVENT_TYPE_SERVICE_AGENT_THINKING', empty('EVENT_TYPE_SERVICE_AGENT_THINKING')],
  [
    'EVENT_TYPE_SERVICE_AGENT_MESSAGE',
    (p, eventId) => {
      const messageId = messageIdOf(p.message_id, eventId);
      const text = requiredString(p.text);
      if (messageId === undefined || text === undefined) return null;
      return {
        type: 'EVENT_TYPE_SERVICE_AGENT_MESSAGE',
        messageId,
        text,
        attachments: parseAttachments(p.attachments),
        suggestions: parseSuggestions(p.response_suggestions),
      };
    },
  ],
  [
    'EVENT_TYPE_SERVICE_AGENT_MESSAGE_CHUNK',
    (p) => {
      // Chunks are assembled by message_id and placed by chunk_index: without them nothing can be rebuilt.
      const messageId = optionalString(p.message_id);
      const text = requiredString(p.text);
      const chunkIndex = p.chunk_index;
      if (!messageId || text === undefined || !isNonNegativeInteger(chunkIndex) || chunkIndex < 1) return null;
      return {
        type: 'EVENT_TYPE_SERVICE_AGENT_MESSAGE_CHUNK',
        messageId,
        text,
        attachments: parseAttachments(p.attachments),
        suggestions: parseSuggestions(p.response_suggestions),
        chunkIndex,
        isComplete: optionalBoolean(p.is_complete) ?? false,
      };
    },
  ],
  ['EVENT_TYPE_SERVICE_AGENT_LEFT', empty('EVENT_TYPE_SERVICE_AGENT_LEFT')],
  ['EVENT_TYPE_SERVICE_AGENT_TRIGGERED_HANDOFF', empty('EVENT_TYPE_SERVICE_AGENT_TRIGGERED_HANDOFF')],
  ['EVENT_TYPE_HANDOFF_ACCEPTED', empty('EVENT_TYPE_HANDOFF_ACCEPTED')],
  [
    'EVENT_TYPE_HANDOFF_QUEUE_STATUS',
    (p) => {
      const queueName = optionalString(p.queue_name);
      const positionInQueue = optionalCount(p.position_in_queue);
      const estimatedWaitSeconds = optionalNonNegativeNumber(p.estimated_wait_seconds);
      return {
        type: 'EVENT_TYPE_HANDOFF_QUEUE_STATUS',
        ...(queueName !== undefined ? { queueName } : {}),
        ...(positionInQueue !== undefined ? { positionInQueue } : {}),
        ...(estimatedWaitSeconds !== undefined ? { estimatedWaitSeconds } : {}),
      };
    },
  ],
  ['EVENT_TYPE_HANDOFF_FAILED', empty('EVENT_TYPE_HANDOFF_FAILED')],
  ['EVENT_TYPE_HANDOFF_TIMEOUT', empty('EVENT_TYPE_HANDOFF_TIMEOUT')],
  [
    'EVENT_TYPE_CLIENT_HANDOFF_REQUIRED',
    (p) => {
      const reason = requiredString(p.reason);
      if (reason === undefined) return null;
      const queueName = optionalString(p.queue_name);
      return { type: 'EVENT_TYPE_CLIENT_HANDOFF_REQUIRED', reason, ...(queueName ? { queueName } : {}) };
    },
  ],
  [
    'EVENT_TYPE_LIVE_AGENT_JOINED',
    (p) => {
      const raw = p.agent ?? {};
      if (!isRecord(raw)) return null;
      const id = requiredString(raw.id);
      const name = requiredString(raw.name);
      if (id === undefined || name === undefined) return null;
      const avatarUrl = optionalString(raw.avatar_url);
      return { type: 'EVENT_TYPE_LIVE_AGENT_JOINED', agent: { id, name, ...(avatarUrl ? { avatarUrl } : {}) } };
    },
  ],
  [
    'EVENT_TYPE_LIVE_AGENT_TYPING',
    (p) => {
      const state = parseTypingState(p.state);
      if (!state) return null;
      const agentId = optionalString(p.agent_id);
      return { type: 'EVENT_TYPE_LIVE_AGENT_TYPING', state, ...(agentId ? { agentId } : {}) };
    },
  ],
  [
    'EVENT_TYPE_LIVE_AGENT_MESSAGE',
    (p, eventId) => {
      const messageId = messageIdOf(p.message_id, eventId);
      const text = requiredString(p.text);
      if (messageId === undefined || text === undefined) return null;
      const agentId = optionalString(p.agent_id);
      return {
        type: 'EVENT_TYPE_LIVE_AGENT_MESSAGE',
        messageId,
        ...(agentId ? { agentId } : {}),
        text,
        attachments: parseAttachments(p.attachments),
        suggestions: parseSuggestions(p.response_suggestions),
      };
    },
  ],
  ['EVENT_TYPE_LIVE_AGENT_LEFT', empty('EVENT_TYPE_LIVE_AGENT_LEFT')],
  [
    'EVENT_TYPE_SESSION_END',
    (p) => {
      // proto3 leaves an enum at its zero value off the wire; that value is "unspecified".
      const reason = requiredString(p.reason, 'REASON_UNSPECIFIED');
      return reason === undefined ? null : { type: 'EVENT_TYPE_SESSION_END', reason: reason || 'REASON_UNSPECIFIED' };
    },
  ],
  [
    'EVENT_TYPE_SYSTEM_MESSAGE',
    (p) => {
      const message = requiredString(p.message);
      return message === undefined ? null : { type: 'EVENT_TYPE_SYSTEM_MESSAGE', level: parseLevel(p.level), message };
    },
  ],
  [
    'EVENT_TYPE_LANGUAGE_CHANGED',
    (p) => {
      // Nothing to apply without a language.
      const languageCode = optionalString(p.language_code);
      return languageCode ? { type: 'EVENT_TYPE_LANGUAGE_CHANGED', languageCode } : null;
    },
  ],
  [
    'EVENT_TYPE_USER_MESSAGE',
    (p) => {
      const text = requiredString(p.text);
      if (text === undefined) return null;
      const messageId = optionalString(p.message_id);
      return { type: 'EVENT_TYPE_USER_MESSAGE', text, ...(messageId ? { messageId } : {}) };
    },
  ],
  ['EVENT_TYPE_REQUEST_SERVICE_AGENT_JOIN', empty('EVENT_TYPE_REQUEST_SERVICE_AGENT_JOIN')],
  ['EVENT_TYPE_USER_END_SESSION', empty('EVENT_TYPE_USER_END_SESSION')],
  ['EVENT_TYPE_HEARTBEAT', empty('EVENT_TYPE_HEARTBEAT')],
  [
    'EVENT_TYPE_USER_TYPING',
    (p) => {
      const state = parseTypingState(p.state);
      return state ? { type: 'EVENT_TYPE_USER_TYPING', state } : null;
    },
  ],
]);
