// Who wrote what: every SERVICE_AGENT_JOINED and LIVE_AGENT_JOINED is kept (sorted by sequence),
// and a message is named after the join before it, whichever order they arrive in.

import type { AgentJoin, TranscriptItem } from '../state';
import type { Draft } from './draft';

/** The latest service (or live) join before `before`; for a live agent, preferably the one with that id. */
export function joinBefore(joins: readonly AgentJoin[], before: number, live: boolean, agentId?: string): AgentJoin | undefined {
  let anyJoin: AgentJoin | undefined;
  for (let index = joins.length - 1; index >= 0; index--) {
    const join = joins[index]!;
    if (join.sequence >= before || join.live !== live) continue;
    if (!agentId || join.agent.id === agentId) return join;
    anyJoin ??= join;
  }
  return anyJoin;
}

/** Where an item stands among the joins: after every join with a lower sequence (or the one it was anchored to). */
function positionAmongJoins({ sequence, afterSequence }: TranscriptItem): number {
  if (sequence !== undefined) return sequence - 0.5;
  return afterSequence === undefined ? Infinity : afterSequence + 0.5;
}

/**
 * Who wrote a message: the (service or live) agent whose join came before it; "<name> left": the
 * live agent who had joined before the notice. The same object when unchanged.
 */
export function withAuthor<T extends TranscriptItem>(item: T, joins: readonly AgentJoin[]): T {
  if (item.kind === 'user') return item;
  if (item.kind === 'system') {
    const { notice } = item;
    if (notice.code !== 'live-agent-left') return item;
    const name = joinBefore(joins, positionAmongJoins(item), true)?.agent.name || undefined;
    return notice.name === name ? item : { ...item, notice: { code: 'live-agent-left', name } };
  }
  const agent = joinBefore(joins, positionAmongJoins(item), item.kind === 'live-agent', item.agentId)?.agent;
  const authorName = agent?.name || undefined;
  const avatarUrl = agent?.avatarUrl;
  return item.authorName === authorName && item.avatarUrl === avatarUrl ? item : { ...item, authorName, avatarUrl };
}

/** Keeps joins sorted by sequence (stable: equal sequences in arrival order); the latest one is the current agent. */
export function addJoin(draft: Draft, join: AgentJoin): void {
  const joins = [...draft.state.marks.joins, join].sort((earlier, later) => earlier.sequence - later.sequence);
  draft.mark({ joins });
  const latest = joinBefore(joins, Infinity, join.live);
  if (latest?.live) draft.state.liveAgent = latest.agent;
  else if (latest) draft.state.agent = latest.agent;
  draft.renameAuthors = true;
}

/** Names every item after the joins, once per action that added a join or a "left" notice. */
export function renameAuthors(draft: Draft): void {
  const { transcript } = draft;
  for (const item of transcript.items) transcript.put(withAuthor(item, draft.state.marks.joins));
}
