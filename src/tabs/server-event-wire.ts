// Server events cross the channel as the wire frame they came from (an EVENT_BATCH envelope) and
// are read back with the protocol's own parser, parseFrame: a follower trusts channel data no more
// than socket data, and needs no second validator for two dozen event shapes. This is the inverse
// of parse-payloads.ts, field for field.

import type { Attachment, ServerEvent } from '../protocol/types';

const attachment = (a: Attachment) => ({
  content_type: a.kind === 'image' ? 'ATTACHMENT_CONTENT_TYPE_IMAGE' : 'ATTACHMENT_CONTENT_TYPE_URL',
  title: a.title,
  preview_image_url: a.previewImageUrl,
  content_url: a.contentUrl,
  call_to_action_text: a.callToActionText,
});

const content = (event: { text: string; attachments: Attachment[]; suggestions: { text: string }[] }) => ({
  text: event.text,
  attachments: event.attachments.map(attachment),
  response_suggestions: event.suggestions.map((s) => ({ message_text: s.text })),
});

function payloadOf(event: ServerEvent): Record<string, unknown> {
  switch (event.type) {
    case 'EVENT_TYPE_SESSION_START': {
      const { streaming, maxMessageSizeBytes, maxReconnectAttempts, heartbeatIntervalSeconds } = event.capabilities;
      return {
        capabilities: {
          streaming,
          max_message_size_bytes: maxMessageSizeBytes,
          max_reconnect_attempts: maxReconnectAttempts,
          heartbeat_interval_seconds: heartbeatIntervalSeconds,
        },
      };
    }
    case 'EVENT_TYPE_SERVICE_AGENT_JOINED':
      return { agent_name: event.agentName, agent_avatar_url: event.agentAvatarUrl };
    case 'EVENT_TYPE_SERVICE_AGENT_MESSAGE':
      return { message_id: event.messageId, ...content(event) };
    case 'EVENT_TYPE_LIVE_AGENT_MESSAGE':
      return { message_id: event.messageId, agent_id: event.agentId, ...content(event) };
    case 'EVENT_TYPE_SERVICE_AGENT_MESSAGE_CHUNK':
      return { message_id: event.messageId, ...content(event), chunk_index: event.chunkIndex, is_complete: event.isComplete };
    case 'EVENT_TYPE_HANDOFF_QUEUE_STATUS':
      return {
        queue_name: event.queueName,
        position_in_queue: event.positionInQueue,
        estimated_wait_seconds: event.estimatedWaitSeconds,
      };
    case 'EVENT_TYPE_CLIENT_HANDOFF_REQUIRED':
      return { reason: event.reason, queue_name: event.queueName };
    case 'EVENT_TYPE_LIVE_AGENT_JOINED':
      return { agent: { id: event.agent.id, name: event.agent.name, avatar_url: event.agent.avatarUrl } };
    case 'EVENT_TYPE_LIVE_AGENT_TYPING':
      return { state: event.state, agent_id: event.agentId };
    case 'EVENT_TYPE_USER_TYPING':
      return { state: event.state };
    case 'EVENT_TYPE_SESSION_END':
      return { reason: event.reason };
    case 'EVENT_TYPE_SYSTEM_MESSAGE':
      return { level: `SYSTEM_MESSAGE_LEVEL_${event.level.toUpperCase()}`, message: event.message };
    case 'EVENT_TYPE_LANGUAGE_CHANGED':
      return { language_code: event.languageCode };
    case 'EVENT_TYPE_USER_MESSAGE':
      return { text: event.text, message_id: event.messageId };
    default:
      return {};
  }
}

/** The envelope of one event, as a server would have sent it. */
function envelopeOf(event: ServerEvent) {
  return {
    id: event.id,
    type: event.type,
    sequence: event.sequence,
    timestamp: event.timestamp,
    ...(event.clientEventId !== undefined && { metadata: { custom: { client_event_id: event.clientEventId } } }),
    payload: payloadOf(event),
  };
}

/** Events → the text of one EVENT_BATCH frame; parseFrame gives the same events back. */
export function serverEventsToFrame(events: ServerEvent[]): string {
  return JSON.stringify({ type: 'EVENT_TYPE_EVENT_BATCH', payload: { events: events.map(envelopeOf) } });
}
