// Agent and live-agent messages (whole) and echoes of the user's own messages.

import type { ServerEvent } from '../protocol/types';
import type { Draft } from './draft';
import type { AgentMessage, UserMessage } from './state';
import { positionFor, setTyping } from './common';
import { withAuthor } from './marks';

type AgentMessageEvent = Extract<ServerEvent, { type: 'EVENT_TYPE_SERVICE_AGENT_MESSAGE' | 'EVENT_TYPE_LIVE_AGENT_MESSAGE' }>;
type UserEcho = Extract<ServerEvent, { type: 'EVENT_TYPE_USER_MESSAGE' }>;

export function applyAgentMessage(d: Draft, event: AgentMessageEvent, sequence: number | null): void {
  // One message_id is shown once, however many events carry it.
  if (d.hasKey(event.messageId)) return;
  const item: AgentMessage = {
    kind: event.type === 'EVENT_TYPE_LIVE_AGENT_MESSAGE' ? 'live-agent' : 'agent',
    key: event.messageId,
    messageId: event.messageId,
    text: event.text,
    attachments: event.attachments,
    suggestions: event.suggestions,
    streaming: false,
    timestamp: event.timestamp,
    ...positionFor(d, sequence),
  };
  if (event.type === 'EVENT_TYPE_LIVE_AGENT_MESSAGE' && event.agentId !== undefined) item.agentId = event.agentId;
  d.pushItem(withAuthor(item, d.marks()));
  d.set('agentMessageCount', d.get('agentMessageCount') + 1);
  setTyping(d, sequence, null);
  if (d.claim('suggestions', sequence)) d.setSuggestions(event.suggestions, event.messageId);
}

/**
 * The server's copy of a user message (§6.5): the local `sending` item becomes `sent` and moves to
 * its sequence; without a local item (another tab, a reload) the echo itself becomes the item.
 */
export function applyUserEcho(d: Draft, event: UserEcho, sequence: number | null): void {
  const found = d.findUser(event.clientEventId, event.messageId);
  if (found) {
    d.replaceItem(found.index, confirmed(found.item, event, sequence, d.here()));
  } else {
    const key = event.clientEventId ?? event.id;
    if (d.hasKey(key)) return;
    const item: UserMessage = {
      kind: 'user',
      key,
      clientEventId: key,
      text: event.text,
      status: 'sent',
      eventId: event.id,
      timestamp: event.timestamp,
      ...positionFor(d, sequence),
    };
    if (event.messageId !== undefined) item.messageId = event.messageId;
    d.pushItem(item);
  }
  if (d.claim('suggestions', sequence)) d.setSuggestions([], undefined);
}

function confirmed(item: UserMessage, event: UserEcho, sequence: number | null, here: number): UserMessage {
  const next: UserMessage = { ...item, status: 'sent' };
  // Duplicated echoes (distinct ids) converge on the earliest one, whatever order they arrive in.
  const earliest = sequence !== null && (item.sequence === undefined || sequence < item.sequence);
  if (earliest || item.eventId === undefined) {
    next.eventId = event.id;
    if (event.timestamp) next.timestamp = event.timestamp;
  }
  if (earliest) {
    next.sequence = sequence;
    delete next.afterSequence;
  } else if (next.sequence === undefined && next.afterSequence === undefined) {
    next.afterSequence = here; // sent, so no longer "pending, last"
  }
  if (next.messageId === undefined && event.messageId !== undefined) next.messageId = event.messageId;
  return next;
}
