// Wire-shaped server events (docs/protocol.md §3, §5) for feeding fake sockets.

let counter = 0;

export interface WireEvent {
  id: string;
  sequence: number | null;
  timestamp: string;
  type: string;
  payload: Record<string, unknown>;
  metadata?: { custom: Record<string, unknown> };
}

export function ev(type: string, payload: Record<string, unknown>, sequence: number | null, custom?: Record<string, unknown>): WireEvent {
  counter++;
  const e: WireEvent = { id: `evt-${counter}`, sequence, timestamp: new Date(1_700_000_000_000 + counter).toISOString(), type, payload };
  if (custom) e.metadata = { custom };
  return e;
}

export const batch = (events: WireEvent[]) => ({ type: 'EVENT_TYPE_EVENT_BATCH', payload: { events } });

export const sessionStart = (seq = 1, caps: Record<string, unknown> = {}) =>
  ev(
    'EVENT_TYPE_SESSION_START',
    {
      capabilities: { streaming: true, max_message_size_bytes: 131072, max_reconnect_attempts: 5, heartbeat_interval_seconds: 30, ...caps },
    },
    seq,
  );

export const joined = (seq: number) => ev('EVENT_TYPE_SERVICE_AGENT_JOINED', { agent_name: 'Ava', agent_avatar_url: '' }, seq);

export const echo = (seq: number, clientEventId: string, text: string) =>
  ev('EVENT_TYPE_USER_MESSAGE', { text, message_id: `m-${clientEventId}` }, seq, { client_event_id: clientEventId });

export const agentMessage = (seq: number, messageId: string, text: string) =>
  ev('EVENT_TYPE_SERVICE_AGENT_MESSAGE', { message_id: messageId, text, attachments: [], response_suggestions: [] }, seq);

export const system = (message: string, custom?: Record<string, unknown>) =>
  ev('EVENT_TYPE_SYSTEM_MESSAGE', { level: 'SYSTEM_MESSAGE_LEVEL_ERROR', message }, null, custom);

export const sessionEnd = (seq: number, reason = 'REASON_NATURAL_END') => ev('EVENT_TYPE_SESSION_END', { reason }, seq);
