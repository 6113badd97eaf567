// The user's messages: sent locally (`sending`), confirmed by their echo (§6.5) or by Chat REST
// (`sent`), or given up (`failed`, which a retry makes `sending` again).

import type { ServerEvent } from '../../protocol/types';
import type { StoreAction, UserMessageStatus } from '../state';
import type { Draft } from './draft';
import { clearSuggestions } from './suggestions';

type UserEcho = Extract<ServerEvent, { type: 'EVENT_TYPE_USER_MESSAGE' }>;
type UserAction = Extract<StoreAction, { type: 'user-send' | 'user-failed' | 'user-retry' | 'user-sent' }>;

/**
 * The server's copy of a user message (§6.5): the local `sending` item becomes `sent` and moves to
 * its sequence; without a local item (another tab, a reload) the echo itself becomes the item.
 */
export function applyUserEcho(event: UserEcho, sequence: number | null, draft: Draft): void {
  const { id, clientEventId, messageId, timestamp } = event;
  const { transcript } = draft;
  const byId = transcript.get(clientEventId);
  const byMessageId = transcript.getByMessageId(messageId);
  const found = byId?.kind === 'user' ? byId : byMessageId?.kind === 'user' ? byMessageId : undefined;
  if (found) {
    // Duplicated echoes (distinct ids) converge on the earliest one, whatever order they arrive in.
    const earliest = sequence !== null && (found.sequence === undefined || sequence < found.sequence);
    const first = earliest || found.eventId === undefined;
    transcript.put({
      ...found,
      status: 'sent',
      eventId: first ? id : found.eventId,
      timestamp: first && timestamp ? timestamp : found.timestamp,
      messageId: found.messageId ?? messageId,
      // Sent, so no longer "pending, last": placed at its sequence, or where the echo came.
      ...(earliest ? { sequence, afterSequence: undefined } : draft.placedIfPending(found)),
    });
  } else {
    const key = clientEventId ?? id;
    if (transcript.get(key)) return;
    transcript.add({
      kind: 'user',
      key,
      clientEventId: key,
      text: event.text,
      status: 'sent',
      messageId,
      eventId: id,
      timestamp,
      ...draft.placedAt(sequence),
    });
  }
  clearSuggestions(draft, sequence);
}

/** Moves a user message to `to`, only from `from` (any other status when not given). */
function move(draft: Draft, clientEventId: string, to: UserMessageStatus, from?: UserMessageStatus): void {
  const item = draft.transcript.get(clientEventId);
  if (item?.kind !== 'user' || item.status === to || (from && item.status !== from)) return;
  // No echo brings a sequence on REST: a message confirmed without one is placed where it was confirmed.
  const placement = to === 'sent' ? draft.placedIfPending(item) : {};
  draft.transcript.put({ ...item, status: to, ...placement });
}

export function applyUserAction(action: UserAction, draft: Draft): void {
  switch (action.type) {
    case 'user-send': {
      const { clientEventId, text, timestamp } = action;
      if (draft.transcript.get(clientEventId)) return; // sent twice, or its echo came first
      // After the end nothing can be delivered; the message is kept, as failed.
      const status = draft.state.ended ? 'failed' : 'sending';
      draft.transcript.add({ kind: 'user', key: clientEventId, clientEventId, text, status, timestamp });
      clearSuggestions(draft, null);
      return;
    }
    case 'user-failed':
      return move(draft, action.clientEventId, 'failed', 'sending');
    case 'user-retry':
      if (!draft.state.ended) move(draft, action.clientEventId, 'sending', 'failed');
      return;
    case 'user-sent':
      return move(draft, action.clientEventId, 'sent');
  }
}
