// Reducer bookkeeping (ReducerMarks in state.ts) and what is derived from it: who wrote a message.

import type { AgentJoin, AgentMessage, LiveAgentJoin, NoticeItem, ReducerMarks } from './state';

export function initialMarks(): ReducerMarks {
  return {
    typing: -1,
    handoff: -1,
    language: -1,
    capabilities: -1,
    suggestions: -1,
    agentJoins: [],
    liveAgentJoins: [],
    localKeys: 0,
  };
}

/** Keeps `joins` sorted by sequence (joins are few: a linear insert is enough). */
export function insertJoin<T extends { sequence: number }>(joins: T[], join: T): void {
  let i = joins.length;
  while (i > 0 && (joins[i - 1]?.sequence ?? -Infinity) > join.sequence) i--;
  joins.splice(i, 0, join);
}

/**
 * Where an item stands for "which join came before it": a sequenced item after every join with a
 * lower sequence; an unsequenced one after the join it was anchored to, too.
 */
function positionOf(item: { sequence?: number; afterSequence?: number }): number {
  if (item.sequence !== undefined) return item.sequence - 0.5;
  return item.afterSequence === undefined ? Infinity : item.afterSequence + 0.5;
}

function lastBefore<T extends { sequence: number }>(joins: readonly T[], at: number, accept?: (join: T) => boolean): T | undefined {
  for (let i = joins.length - 1; i >= 0; i--) {
    const join = joins[i];
    if (join && join.sequence < at && (!accept || accept(join))) return join;
  }
  return undefined;
}

export function liveAgentBefore(
  joins: readonly LiveAgentJoin[],
  at: number,
  agentId?: string,
): LiveAgentJoin | undefined {
  return (agentId && lastBefore(joins, at, (j) => j.agent.id === agentId)) || lastBefore(joins, at);
}

export function latestAgentJoin(joins: readonly AgentJoin[]): AgentJoin | undefined {
  return joins[joins.length - 1];
}

/** The item named after the (service or live) agent that had joined before it; same object when unchanged. */
export function withAuthor(item: AgentMessage, marks: Readonly<ReducerMarks>): AgentMessage {
  const at = positionOf(item);
  let name: string | undefined;
  let avatarUrl: string | undefined;
  if (item.kind === 'agent') {
    const join = lastBefore(marks.agentJoins, at);
    name = join?.name;
    avatarUrl = join?.avatarUrl;
  } else {
    const join = liveAgentBefore(marks.liveAgentJoins, at, item.agentId);
    name = join?.agent.name;
    avatarUrl = join?.agent.avatarUrl;
  }
  name = name || undefined;
  if (item.authorName === name && item.avatarUrl === avatarUrl) return item;
  const next: AgentMessage = { ...item };
  if (name === undefined) delete next.authorName;
  else next.authorName = name;
  if (avatarUrl === undefined) delete next.avatarUrl;
  else next.avatarUrl = avatarUrl;
  return next;
}

/** "<name> left": the live agent who had joined before the notice. */
export function withLeaverName(item: NoticeItem, marks: Readonly<ReducerMarks>): NoticeItem {
  if (item.notice.code !== 'live-agent-left') return item;
  const name = liveAgentBefore(marks.liveAgentJoins, positionOf(item))?.agent.name || undefined;
  if (item.notice.name === name) return item;
  return { ...item, notice: name === undefined ? { code: 'live-agent-left' } : { code: 'live-agent-left', name } };
}
