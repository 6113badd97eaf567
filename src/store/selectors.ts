// Small pure selectors for the client and the transports. Array results are cached per `items`
// array, so the same state gives the same array (cheap equality checks in subscribers).

import type { AgentMessage, TranscriptItem, UserMessage, UserMessageStatus, WebchatState } from './state';

/** User messages in one status, in transcript order; the same array for the same `items`. */
function usersWithStatus(status: UserMessageStatus): (state: WebchatState) => UserMessage[] {
  const cache = new WeakMap<readonly TranscriptItem[], UserMessage[]>();
  return ({ items }) => {
    const cached = cache.get(items);
    if (cached) return cached;
    const matching = items.filter((item): item is UserMessage => item.kind === 'user' && item.status === status);
    cache.set(items, matching);
    return matching;
  };
}

/** User messages still waiting for their echo, in send order: what the outbox (re)sends. */
export const selectPendingUserMessages = usersWithStatus('sending');

/** User messages that gave up, in send order: what "try again" sends once more. */
export const selectFailedUserMessages = usersWithStatus('failed');

export function selectUserMessage(state: WebchatState, clientEventId: string): UserMessage | undefined {
  return state.items.find((item): item is UserMessage => item.kind === 'user' && item.clientEventId === clientEventId);
}

export function selectIsEnded(state: WebchatState): boolean {
  return state.ended !== undefined || state.status === 'ended';
}

/** Resume cursor for the WebSocket URL (docs/protocol.md §2): the last applied sequence. */
export function selectCursor(state: WebchatState): string {
  return `seq:${state.lastSequence}`;
}

/** §6.1: send the join request only when the history has no SERVICE_AGENT_JOINED. */
export function selectNeedsJoin(state: WebchatState): boolean {
  return !state.agentJoined && !selectIsEnded(state);
}

/** Whether the server event with this id was applied already (either tier of `appliedIds`). */
export const isApplied = ({ appliedIds }: WebchatState, id: string): boolean => appliedIds.recent.includes(id) || appliedIds.base.has(id);

/**
 * The messages that are new and complete in `items` since `before` (the items last looked at): a
 * user message once sent, an agent message once its last chunk is in, each once (`seen` keeps the
 * keys already taken). An item the change left in place was looked at already: a streamed chunk
 * changes one item, the others cost a comparison, not a lookup.
 */
export function takeNewCompleteMessages(
  items: readonly TranscriptItem[],
  before: readonly TranscriptItem[] | undefined,
  seen: Set<string>,
): (UserMessage | AgentMessage)[] {
  const taken: (UserMessage | AgentMessage)[] = [];
  items.forEach((item, position) => {
    if (item === before?.[position] || item.kind === 'system' || (item.kind !== 'user' && item.streaming) || seen.has(item.key)) return;
    seen.add(item.key);
    taken.push(item);
  });
  return taken;
}
