// Payload of each known server event type (PROTOCOL.md §5) → camelCase body. null means "drop
// this event": an unknown type, or a required field with the wrong type (a guard threw).

import type { Attachment, Capabilities, ServerEventBody, Suggestion } from './types';
import { DEFAULT_CAPABILITIES } from './types';
import { count, isRecord, need, opt, str, type JsonRecord } from './guards';

const LEVELS = { SYSTEM_MESSAGE_LEVEL_WARNING: 'warning', SYSTEM_MESSAGE_LEVEL_ERROR: 'error' } as const;

export function parseBody(type: string, p: JsonRecord, eventId: string): ServerEventBody | null {
  try {
    return body(type, p, eventId);
  } catch {
    return null;
  }
}

function body(type: string, p: JsonRecord, eventId: string): ServerEventBody | null {
  switch (type) {
    case 'EVENT_TYPE_SERVICE_AGENT_THINKING':
    case 'EVENT_TYPE_SERVICE_AGENT_LEFT':
    case 'EVENT_TYPE_SERVICE_AGENT_TRIGGERED_HANDOFF':
    case 'EVENT_TYPE_HANDOFF_ACCEPTED':
    case 'EVENT_TYPE_HANDOFF_FAILED':
    case 'EVENT_TYPE_HANDOFF_TIMEOUT':
    case 'EVENT_TYPE_LIVE_AGENT_LEFT':
    case 'EVENT_TYPE_REQUEST_SERVICE_AGENT_JOIN':
    case 'EVENT_TYPE_USER_END_SESSION':
    case 'EVENT_TYPE_HEARTBEAT':
      // Nothing in the payload: whatever it carries is ignored.
      return { type };
    case 'EVENT_TYPE_SESSION_START':
      return { type, capabilities: parseCapabilities(p.capabilities) };
    case 'EVENT_TYPE_SERVICE_AGENT_JOINED':
      return { type, agentName: str(p.agent_name), agentAvatarUrl: opt(p.agent_avatar_url) };
    case 'EVENT_TYPE_SERVICE_AGENT_MESSAGE':
    case 'EVENT_TYPE_LIVE_AGENT_MESSAGE':
      // A server that omits message_id still gets its message shown, keyed by the event id.
      return { type, messageId: str(p.message_id) || eventId, agentId: opt(p.agent_id), ...content(p) };
    case 'EVENT_TYPE_SERVICE_AGENT_MESSAGE_CHUNK': {
      // Chunks are assembled by message_id and placed by chunk_index: without them nothing can be rebuilt.
      const chunkIndex = need(count(p.chunk_index));
      if (!chunkIndex) return null;
      return { type, messageId: need(opt(p.message_id)), ...content(p), chunkIndex, isComplete: p.is_complete === true };
    }
    case 'EVENT_TYPE_HANDOFF_QUEUE_STATUS': {
      const wait = p.estimated_wait_seconds;
      return {
        type,
        queueName: opt(p.queue_name),
        positionInQueue: count(p.position_in_queue),
        estimatedWaitSeconds: typeof wait === 'number' && wait >= 0 && wait < Infinity ? wait : undefined,
      };
    }
    case 'EVENT_TYPE_CLIENT_HANDOFF_REQUIRED':
      return { type, reason: str(p.reason), queueName: opt(p.queue_name) };
    case 'EVENT_TYPE_LIVE_AGENT_JOINED': {
      const agent = p.agent ?? {};
      if (!isRecord(agent)) return null;
      return { type, agent: { id: str(agent.id), name: str(agent.name), avatarUrl: opt(agent.avatar_url) } };
    }
    case 'EVENT_TYPE_LIVE_AGENT_TYPING':
    case 'EVENT_TYPE_USER_TYPING': {
      const { state } = p;
      if (state !== 'TYPING_STATE_STARTED' && state !== 'TYPING_STATE_STOPPED') return null;
      return type === 'EVENT_TYPE_USER_TYPING' ? { type, state } : { type, state, agentId: opt(p.agent_id) };
    }
    case 'EVENT_TYPE_SESSION_END':
      // proto3 leaves an enum at its zero value off the wire; that value is "unspecified".
      return { type, reason: str(p.reason) || 'REASON_UNSPECIFIED' };
    case 'EVENT_TYPE_SYSTEM_MESSAGE': {
      const level = p.level === 'SYSTEM_MESSAGE_LEVEL_WARNING' || p.level === 'SYSTEM_MESSAGE_LEVEL_ERROR' ? LEVELS[p.level] : 'info';
      return { type, level, message: str(p.message) };
    }
    case 'EVENT_TYPE_LANGUAGE_CHANGED':
      // Nothing to apply without a language.
      return { type, languageCode: need(opt(p.language_code)) };
    case 'EVENT_TYPE_USER_MESSAGE':
      return { type, text: str(p.text), messageId: opt(p.message_id) };
  }
  return null;
}

export function parseCapabilities(value: unknown): Capabilities {
  const c = isRecord(value) ? value : {};
  const positive = (v: unknown, fallback: number) => count(v) || fallback;
  return {
    streaming: typeof c.streaming === 'boolean' ? c.streaming : DEFAULT_CAPABILITIES.streaming,
    maxMessageSizeBytes: positive(c.max_message_size_bytes, DEFAULT_CAPABILITIES.maxMessageSizeBytes),
    maxReconnectAttempts: count(c.max_reconnect_attempts) ?? DEFAULT_CAPABILITIES.maxReconnectAttempts,
    heartbeatIntervalSeconds: positive(c.heartbeat_interval_seconds, DEFAULT_CAPABILITIES.heartbeatIntervalSeconds),
  };
}

/** Text, attachments and suggestions of a message or chunk. A bad element is skipped on its own. */
function content(p: JsonRecord): { text: string; attachments: Attachment[]; suggestions: Suggestion[] } {
  const list = (v: unknown) => (Array.isArray(v) ? v.filter(isRecord) : []);
  const attachments: Attachment[] = [];
  for (const a of list(p.attachments)) {
    const title = typeof a.title === 'string' ? a.title : a.title == null ? '' : undefined;
    const previewImageUrl = opt(a.preview_image_url);
    const contentUrl = opt(a.content_url);
    // A title of the wrong type voids the card; nothing to show at all helps nobody either.
    if (title === undefined || !(title || previewImageUrl || contentUrl)) continue;
    const kind = a.content_type === 'ATTACHMENT_CONTENT_TYPE_IMAGE' ? 'image' : 'url';
    attachments.push({ kind, title, previewImageUrl, contentUrl, callToActionText: opt(a.call_to_action_text) });
  }
  // An empty suggestion would render as a nameless button that sends nothing.
  const suggestions = list(p.response_suggestions).flatMap((s) => (typeof s.message_text === 'string' && s.message_text.trim() ? [{ text: s.message_text }] : []));
  return { text: str(p.text), attachments, suggestions };
}
