// Store changes → host-page events (CONTRACT.md). Everything here is read from the store, which
// holds nothing secret, so no payload can carry a token.

import type { StoreApi } from 'zustand/vanilla';
import type { WebchatState } from '../store/state';
import type { HandoffEvent, WebchatEventMap } from './types';

type Emit = <K extends keyof WebchatEventMap>(type: K, event: WebchatEventMap[K]) => void;

export function bindHostEvents(store: StoreApi<WebchatState>, emit: Emit): () => void {
  // Keys of messages already announced: a replay, a resend or a carried-over message is not new.
  const announced = new Set<string>();

  const announceMessages = (state: WebchatState) => {
    for (const item of state.items) {
      if (item.kind === 'system' || announced.has(item.key)) continue;
      // User messages count when the user sends them; agent messages once complete, not per chunk.
      if (item.kind !== 'user' && item.streaming) continue;
      announced.add(item.key);
      emit('message', { id: item.kind === 'user' ? item.clientEventId : item.messageId, author: item.kind, text: item.text });
    }
  };

  return store.subscribe((state, prev) => {
    if (state.items !== prev.items) announceMessages(state);
    if (state.status !== prev.status) emit('status', { status: state.status });
    if (state.error && state.error !== prev.error) emit('error', { code: state.error.code, message: state.error.message });
    const h = state.handoff;
    const p = prev.handoff;
    if (
      h.stage !== 'none' &&
      (h.stage !== p.stage ||
        h.queue?.positionInQueue !== p.queue?.positionInQueue ||
        h.queue?.estimatedWaitSeconds !== p.queue?.estimatedWaitSeconds ||
        h.queue?.queueName !== p.queue?.queueName)
    ) {
      emit('handoff', handoffEvent(state, h.stage));
    }
    if (state.ended && state.ended !== prev.ended) emit('session-end', { reason: state.ended.reason });
  });
}

function handoffEvent(state: WebchatState, stage: HandoffEvent['stage']): HandoffEvent {
  const { reason, queue } = state.handoff;
  const event: HandoffEvent = { stage };
  if (reason !== undefined) event.reason = reason;
  if (queue?.queueName !== undefined) event.queueName = queue.queueName;
  if (queue?.positionInQueue !== undefined) event.positionInQueue = queue.positionInQueue;
  if (queue?.estimatedWaitSeconds !== undefined) event.estimatedWaitSeconds = queue.estimatedWaitSeconds;
  if (state.liveAgent) event.agentName = state.liveAgent.name;
  return event;
}
