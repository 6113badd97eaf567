// Store changes → host-page events (docs/contract.md). Everything here is read from the store, which
// holds nothing secret, so no payload can carry a token.

import type { StoreApi } from 'zustand/vanilla';
import type { WebchatEventMap } from '../contract/client';
import { takeNewCompleteMessages } from '../store/selectors';
import type { WebchatState } from '../store/state';

type Emit = <K extends keyof WebchatEventMap>(type: K, event: WebchatEventMap[K]) => void;

export function bindHostEvents(store: StoreApi<WebchatState>, emit: Emit): () => void {
  // Keys of messages already announced: a replay, a resend or a carried-over message is not new.
  const announced = new Set<string>();

  return store.subscribe((state, prev) => {
    if (state.items !== prev.items) {
      // A transcript restored at once (a resumed session's replay on a new page, a tab's snapshot)
      // is history: taken as announced, not emitted. Each live message is emitted once per tab.
      const history = (state.restored ?? 0) > (prev.restored ?? 0);
      // The key is the client_event_id of a user message and the message_id of an agent message.
      for (const item of takeNewCompleteMessages(state.items, prev.items, announced)) {
        if (!history) emit('message', { id: item.key, author: item.kind, text: item.text });
      }
    }
    if (state.status !== prev.status) emit('status', { status: state.status });
    if (state.error && state.error !== prev.error) emit('error', { ...state.error });
    const { stage, reason, queue } = state.handoff;
    // Queue status updates repeat the stage: announced whenever the queue changed.
    if (stage !== 'none' && (stage !== prev.handoff.stage || JSON.stringify(queue) !== JSON.stringify(prev.handoff.queue))) {
      emit('handoff', { stage, reason, ...queue, agentName: state.liveAgent?.name });
    }
    if (state.ended && state.ended !== prev.ended) emit('session-end', { reason: state.ended.reason });
  });
}
