// Events the client makes itself become the server events they stand for (placed where they
// arrive: no sequence), so they are deduped, ordered and applied like any other.

import type { ServerEvent } from '../../protocol/types';
import type { LocalEvent } from '../state';

export function serverEventOf(event: LocalEvent, timestamp: string): ServerEvent {
  const envelope = { id: event.id, sequence: null, timestamp };
  switch (event.kind) {
    case 'agent-reply':
      return {
        ...envelope,
        type: 'EVENT_TYPE_SERVICE_AGENT_MESSAGE',
        messageId: event.id,
        text: event.text,
        attachments: [],
        suggestions: [],
      };
    case 'handoff-required':
      return { ...envelope, type: 'EVENT_TYPE_CLIENT_HANDOFF_REQUIRED', reason: event.reason, queueName: event.queueName };
    case 'session-end':
      return { ...envelope, type: 'EVENT_TYPE_SESSION_END', reason: event.reason };
  }
}
