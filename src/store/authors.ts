// Who wrote a message: the (service or live) agent whose join came before it. Joins are kept
// sorted by sequence in the reducer's marks; when one arrives late, items are renamed.

import type { AgentJoin, AgentMessage, NoticeItem, TranscriptItem } from './state';

/** Where an item stands among the joins: after every join with a lower sequence (or the one it was anchored to). */
function positionOf(item: { sequence?: number; afterSequence?: number }): number {
  if (item.sequence !== undefined) return item.sequence - 0.5;
  return item.afterSequence === undefined ? Infinity : item.afterSequence + 0.5;
}

/** The latest service (or live) join before `at`; for a live agent, preferably the one with that id. */
export function joinBefore(joins: readonly AgentJoin[], at: number, live: boolean, agentId?: string): AgentJoin | undefined {
  let any: AgentJoin | undefined;
  for (let i = joins.length - 1; i >= 0; i--) {
    const join = joins[i];
    if (!join || join.sequence >= at || join.live !== live) continue;
    if (!agentId || join.agent.id === agentId) return join;
    any ??= join;
  }
  return any;
}

/** Item with the author's name and avatar; the same object when unchanged. */
export function withAuthor(item: AgentMessage, joins: readonly AgentJoin[]): AgentMessage;
export function withAuthor(item: TranscriptItem, joins: readonly AgentJoin[]): TranscriptItem;
export function withAuthor(item: TranscriptItem, joins: readonly AgentJoin[]): TranscriptItem {
  if (item.kind === 'user') return item;
  if (item.kind === 'system') return withLeaverName(item, joins);
  const agent = joinBefore(joins, positionOf(item), item.kind === 'live-agent', item.agentId)?.agent;
  const authorName = agent?.name || undefined;
  const avatarUrl = agent?.avatarUrl;
  return item.authorName === authorName && item.avatarUrl === avatarUrl ? item : { ...item, authorName, avatarUrl };
}

/** "<name> left": the live agent who had joined before the notice. */
function withLeaverName(item: NoticeItem, joins: readonly AgentJoin[]): NoticeItem {
  if (item.notice.code !== 'live-agent-left') return item;
  const name = joinBefore(joins, positionOf(item), true)?.agent.name || undefined;
  return item.notice.name === name ? item : { ...item, notice: { code: 'live-agent-left', name } };
}
