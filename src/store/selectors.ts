// Small pure selectors for the UI and the client. Array results are cached per `items` array, so
// the same state gives the same array (cheap equality checks in subscribers).

import type { AgentMessage, TranscriptItem, UserMessage, WebchatState } from './state';

function cachedByItems<T>(compute: (items: readonly TranscriptItem[]) => T): (state: WebchatState) => T {
  const cache = new WeakMap<readonly TranscriptItem[], T>();
  return (state) => {
    const hit = cache.get(state.items);
    if (hit !== undefined) return hit;
    const value = compute(state.items);
    cache.set(state.items, value);
    return value;
  };
}

const isUser = (item: TranscriptItem): item is UserMessage => item.kind === 'user';
const isAgent = (item: TranscriptItem): item is AgentMessage => item.kind === 'agent' || item.kind === 'live-agent';

/** User messages still waiting for their echo, in send order: what the outbox (re)sends. */
export const selectPendingUserMessages = cachedByItems((items) => items.filter(isUser).filter((m) => m.status === 'sending'));

export const selectFailedUserMessages = cachedByItems((items) => items.filter(isUser).filter((m) => m.status === 'failed'));

export function selectUserMessage(state: WebchatState, clientEventId: string): UserMessage | undefined {
  return state.items.find((item): item is UserMessage => isUser(item) && item.clientEventId === clientEventId);
}

export function selectLastAgentItem(state: WebchatState): AgentMessage | undefined {
  for (let i = state.items.length - 1; i >= 0; i--) {
    const item = state.items[i];
    if (item && isAgent(item)) return item;
  }
  return undefined;
}

export function selectIsEnded(state: WebchatState): boolean {
  return state.ended !== undefined || state.status === 'ended';
}

/** Resume cursor for the WebSocket URL (PROTOCOL §2). */
export function selectCursor(state: WebchatState): string {
  return `seq:${state.lastSequence}`;
}

/** §6.1: send the join request only when the history has no SERVICE_AGENT_JOINED. */
export function selectNeedsJoin(state: WebchatState): boolean {
  return !state.agentJoined && !selectIsEnded(state);
}

export function selectIsStreaming(state: WebchatState): boolean {
  return Object.keys(state.chunks).length > 0;
}
