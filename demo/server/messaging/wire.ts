// The Messaging API vocabulary as the reference server speaks it (docs/protocol.md §3–§5).
// Kept apart from src/protocol on purpose: the server must stand on the written contract, not on
// the widget's own reading of it, or a shared misunderstanding would go unnoticed by the tests.

export type JsonRecord = Record<string, unknown>;

export function isRecord(value: unknown): value is JsonRecord {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

export const CLIENT_EVENT_TYPES = [
  'EVENT_TYPE_REQUEST_SERVICE_AGENT_JOIN',
  'EVENT_TYPE_USER_MESSAGE',
  'EVENT_TYPE_USER_TYPING',
  'EVENT_TYPE_USER_END_SESSION',
  'EVENT_TYPE_HEARTBEAT',
] as const;

export type ClientEventType = (typeof CLIENT_EVENT_TYPES)[number];

export const SERVER_EVENT_TYPES = [
  'EVENT_TYPE_EVENT_BATCH',
  'EVENT_TYPE_SESSION_START',
  'EVENT_TYPE_SERVICE_AGENT_JOINED',
  'EVENT_TYPE_SERVICE_AGENT_THINKING',
  'EVENT_TYPE_SERVICE_AGENT_MESSAGE',
  'EVENT_TYPE_SERVICE_AGENT_MESSAGE_CHUNK',
  'EVENT_TYPE_SERVICE_AGENT_LEFT',
  'EVENT_TYPE_SERVICE_AGENT_TRIGGERED_HANDOFF',
  'EVENT_TYPE_HANDOFF_ACCEPTED',
  'EVENT_TYPE_HANDOFF_QUEUE_STATUS',
  'EVENT_TYPE_HANDOFF_FAILED',
  'EVENT_TYPE_HANDOFF_TIMEOUT',
  'EVENT_TYPE_CLIENT_HANDOFF_REQUIRED',
  'EVENT_TYPE_LIVE_AGENT_JOINED',
  'EVENT_TYPE_LIVE_AGENT_TYPING',
  'EVENT_TYPE_LIVE_AGENT_MESSAGE',
  'EVENT_TYPE_LIVE_AGENT_LEFT',
  'EVENT_TYPE_SESSION_END',
  'EVENT_TYPE_SYSTEM_MESSAGE',
  'EVENT_TYPE_LANGUAGE_CHANGED',
] as const;

export type ServerEventType = (typeof SERVER_EVENT_TYPES)[number];

export function isClientEventType(type: string): type is ClientEventType {
  return CLIENT_EVENT_TYPES.some((known) => known === type);
}

export function isServerEventType(type: string): type is ServerEventType {
  return SERVER_EVENT_TYPES.some((known) => known === type);
}

/**
 * Server → client envelope. `sequence` is null for transient events that are not journaled.
 * `metadata.custom` echoes the client event that caused the event, empty when none did.
 */
export interface ServerEvent {
  id: string;
  sequence: number | null;
  timestamp: string;
  type: string;
  payload: JsonRecord;
  metadata: { custom: JsonRecord };
}

export const MAX_MESSAGE_SIZE_BYTES = 131072;

export const SYSTEM_TEXT = {
  invalidFormat: 'Unknown event type or invalid message format',
  notAllowed: (type: string) => `Event type not allowed: ${type}`,
  tooLarge: `Message exceeds maximum size of ${MAX_MESSAGE_SIZE_BYTES} bytes`,
  highLoad: 'Our system is experiencing high load. Please try again in a moment.',
  rateLimited: 'Rate limit exceeded: message dropped. Please try again in a moment.',
  conversationNotFound: 'Error: Conversation not found',
} as const;

export type SystemLevel = 'SYSTEM_MESSAGE_LEVEL_INFO' | 'SYSTEM_MESSAGE_LEVEL_WARNING' | 'SYSTEM_MESSAGE_LEVEL_ERROR';

export type SessionEndReason = 'REASON_USER_END' | 'REASON_USER_ABANDONED' | 'REASON_NATURAL_END';

export const SESSION_END_REASONS: readonly SessionEndReason[] = ['REASON_USER_END', 'REASON_USER_ABANDONED', 'REASON_NATURAL_END'];

export interface Attachment {
  title: string;
  preview_image_url: string;
  content_url: string;
  content_type: 'ATTACHMENT_CONTENT_TYPE_URL' | 'ATTACHMENT_CONTENT_TYPE_IMAGE';
  call_to_action_text: string;
}

export interface Suggestion {
  message_text: string;
}
