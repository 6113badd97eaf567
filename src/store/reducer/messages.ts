// Agent messages in the transcript: a whole message (service or live agent) or a chunk of a
// streamed one. One message_id is shown once, however many events carry it.

import type { ServerEvent } from '../../protocol/types';
import type { AgentMessage } from '../state';
import { withAuthor } from './agents';
import { applyChunk } from './chunks';
import type { Draft } from './draft';
import { showSuggestions } from './suggestions';
import { setTyping } from './typing';

type AgentMessageEvent = Extract<
  ServerEvent,
  { type: 'EVENT_TYPE_SERVICE_AGENT_MESSAGE' | 'EVENT_TYPE_LIVE_AGENT_MESSAGE' | 'EVENT_TYPE_SERVICE_AGENT_MESSAGE_CHUNK' }
>;

/** A new message item; a streamed one grows from nothing, part by part. */
function newMessage(draft: Draft, event: AgentMessageEvent, sequence: number | null): AgentMessage {
  const { messageId, timestamp } = event;
  const placement = draft.placedAt(sequence);
  switch (event.type) {
    case 'EVENT_TYPE_SERVICE_AGENT_MESSAGE_CHUNK':
      return {
        kind: 'agent',
        key: messageId,
        messageId,
        text: '',
        attachments: [],
        suggestions: [],
        streaming: true,
        timestamp,
        ...placement,
      };
    case 'EVENT_TYPE_LIVE_AGENT_MESSAGE': {
      const { text, attachments, suggestions, agentId } = event;
      return {
        kind: 'live-agent',
        key: messageId,
        messageId,
        agentId,
        text,
        attachments,
        suggestions,
        streaming: false,
        timestamp,
        ...placement,
      };
    }
    case 'EVENT_TYPE_SERVICE_AGENT_MESSAGE': {
      const { text, attachments, suggestions } = event;
      return { kind: 'agent', key: messageId, messageId, text, attachments, suggestions, streaming: false, timestamp, ...placement };
    }
  }
}

export function applyAgentMessage(event: AgentMessageEvent, sequence: number | null, draft: Draft): void {
  const { messageId } = event;
  const { transcript } = draft;
  const found = transcript.get(messageId);
  let item: AgentMessage | undefined = found?.kind === 'agent' || found?.kind === 'live-agent' ? found : newMessage(draft, event, sequence);
  if (event.type === 'EVENT_TYPE_SERVICE_AGENT_MESSAGE_CHUNK') {
    item = applyChunk(draft, event, sequence, found, item);
    if (!item) return;
  } else if (found) {
    return;
  }
  // Named after the join before it; a new one counts for the unread badge.
  const named = withAuthor(item, draft.state.marks.joins);
  if (found) transcript.put(named);
  else {
    transcript.add(named);
    draft.state.agentMessageCount++;
  }
  // Unread once complete (a streamed reply on its last chunk, not per chunk), unless it is history.
  // (Here `found` can only be a reply still streaming: anything else returned above.)
  if (!named.streaming && !draft.history) draft.state.unread = (draft.state.unread ?? 0) + 1;
  setTyping(draft, sequence, null);
  if (draft.claim('suggestions', sequence) || draft.state.marks.suggestionsFrom === messageId)
    showSuggestions(draft, named.suggestions, messageId);
}
