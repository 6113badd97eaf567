// Actions that do not come from the event stream: the user's own sends, REST replies, connection
// status, notices the client adds. Same rules as server events: an unchanged state is returned as is.

import { Draft } from './draft';
import type { StoreAction, WebchatError, WebchatState } from './state';
import { addNotice, endSession, localNoticeKey, positionFor, setTyping } from './common';
import { withAuthor } from './marks';

type LocalAction = Exclude<StoreAction, { type: 'server-events' | 'reset' }>;

export function applyLocalAction(state: WebchatState, action: LocalAction): WebchatState {
  const d = new Draft(state);
  switch (action.type) {
    case 'user-send': {
      if (d.hasKey(action.clientEventId)) break; // sent twice, or its echo came first
      const { clientEventId, text, timestamp } = action;
      // After the end nothing can be delivered; the message is kept, as failed.
      const status = d.get('ended') ? 'failed' : 'sending';
      d.pushItem({ kind: 'user', key: clientEventId, clientEventId, text, status, timestamp });
      d.claim('suggestions', null);
      d.setSuggestions([], undefined);
      break;
    }
    case 'user-failed':
      setUserStatus(d, action.clientEventId, 'sending', 'failed');
      break;
    case 'user-retry':
      if (!d.get('ended')) setUserStatus(d, action.clientEventId, 'failed', 'sending');
      break;
    case 'user-sent': {
      const found = d.findUser(action.clientEventId);
      if (!found || found.item.status === 'sent') break;
      const sent = { ...found.item, status: 'sent' as const };
      // No echo brings a sequence on REST: it is placed where it was confirmed.
      if (sent.sequence === undefined && sent.afterSequence === undefined) sent.afterSequence = d.here();
      d.replaceItem(found.index, sent);
      break;
    }
    case 'agent-reply': {
      if (d.hasKey(action.messageId)) break;
      const { messageId, text, timestamp } = action;
      const item = { kind: 'agent' as const, key: messageId, messageId, text, attachments: [], suggestions: [], streaming: false, timestamp };
      d.pushItem(withAuthor({ ...item, ...positionFor(d, null) }, d.marks()));
      d.set('agentMessageCount', d.get('agentMessageCount') + 1);
      setTyping(d, null, null);
      d.claim('suggestions', null);
      d.setSuggestions([], messageId);
      break;
    }
    case 'status':
      setStatus(d, action.status, action.error);
      break;
    case 'typing': {
      if (action.typing && d.get('ended')) break;
      setTyping(d, null, action.typing);
      break;
    }
    case 'notice':
      addNotice(d, localNoticeKey(d), action.notice, null, action.timestamp);
      break;
    case 'session-ended':
      if (d.get('ended')) break;
      endSession(d, action.reason, null, { key: localNoticeKey(d), timestamp: action.timestamp });
      break;
  }
  return d.finish();
}

function setUserStatus(d: Draft, clientEventId: string, from: 'sending' | 'failed', to: 'sending' | 'failed'): void {
  const found = d.findUser(clientEventId);
  if (found && found.item.status === from) d.replaceItem(found.index, { ...found.item, status: to });
}

function setStatus(d: Draft, status: WebchatState['status'], error: WebchatError | undefined): void {
  // `ended` sticks until `reset`: a socket closing after SESSION_END must not revive the composer.
  if (d.get('ended') && status !== 'ended') return;
  d.set('status', status);
  const current = d.get('error');
  if (error) {
    if (current?.code !== error.code || current.message !== error.message) d.set('error', error);
  } else if (status === 'online' || status === 'connecting') {
    d.set('error', undefined);
  }
}

