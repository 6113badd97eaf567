// Actions that do not come from the event stream: the user's own sends, REST replies, connection
// status, notices the client adds. Same rules as server events: an unchanged state is returned as is.

import { createDraft, finishDraft } from './draft';
import type { AgentMessage, StoreAction, UserMessageStatus, WebchatState } from './state';
import { addNotice, endSession, localKey, setSuggestions, setTyping } from './common';
import { withAuthor } from './authors';

type LocalAction = Exclude<StoreAction, { type: 'server-events' | 'reset' }>;

export function applyLocalAction(state: WebchatState, a: LocalAction): WebchatState {
  const d = createDraft(state);
  const { s } = d;
  /** Moves a user message to `to`, only from `from` (any other status when not given). */
  const move = (clientEventId: string, to: UserMessageStatus, from?: UserMessageStatus) => {
    const item = d.get(clientEventId);
    if (item?.kind === 'user' && item.status !== to && (!from || item.status === from)) {
      // No echo brings a sequence on REST: a message confirmed without one is placed where it was confirmed.
      const anchor = to === 'sent' && item.sequence === undefined && item.afterSequence === undefined ? { afterSequence: s.lastSequence } : {};
      d.put({ ...item, status: to, ...anchor });
    }
  };
  switch (a.type) {
    case 'user-send': {
      const { clientEventId, text, timestamp } = a;
      if (d.get(clientEventId)) break; // sent twice, or its echo came first
      // After the end nothing can be delivered; the message is kept, as failed.
      d.add({ kind: 'user', key: clientEventId, clientEventId, text, status: s.ended ? 'failed' : 'sending', timestamp });
      d.claim('suggestions', null);
      setSuggestions(d, [], undefined);
      break;
    }
    case 'user-failed':
      move(a.clientEventId, 'failed', 'sending');
      break;
    case 'user-retry':
      if (!s.ended) move(a.clientEventId, 'sending', 'failed');
      break;
    case 'user-sent':
      move(a.clientEventId, 'sent');
      break;
    case 'agent-reply': {
      const { messageId, text, timestamp } = a;
      if (d.get(messageId)) break;
      const item: AgentMessage = { kind: 'agent', key: messageId, messageId, text, attachments: [], suggestions: [], streaming: false, timestamp, ...d.at(null) };
      d.add(withAuthor(item, s.marks.joins));
      s.agentMessageCount++;
      setTyping(d, null, null);
      d.claim('suggestions', null);
      setSuggestions(d, [], messageId);
      break;
    }
    case 'status': {
      // `ended` sticks until `reset`: a socket closing after SESSION_END must not revive the composer.
      const { status, error } = a;
      if (s.ended && status !== 'ended') break;
      s.status = status;
      if (error) {
        if (s.error?.code !== error.code || s.error.message !== error.message) s.error = error;
      } else if (status === 'online' || status === 'connecting') s.error = undefined;
      break;
    }
    case 'typing':
      if (!a.typing || !s.ended) setTyping(d, null, a.typing);
      break;
    case 'notice':
      addNotice(d, localKey(d), a.notice, null, a.timestamp);
      break;
    case 'session-ended':
      if (s.ended) break;
      endSession(d, a.reason, null);
      addNotice(d, localKey(d), { code: 'session-ended', reason: a.reason }, null, a.timestamp);
  }
  return finishDraft(d);
}
