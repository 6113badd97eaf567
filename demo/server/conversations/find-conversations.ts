// Runs a checked query over the model: picks the ordered candidates for the retrieval mode
// (all records, the rarest query word's postings, or the semantic matches), filters them,
// and pages by cursor or offset, looking one match ahead to know whether there is more.

import { compareByStart } from '../model/conversation-store';
import type { PlatformModel } from '../model/platform-model';
import type { ConversationRecord, TurnRecord } from '../model/types';
import type { ConversationIndex } from './conversation-index';
import type { CursorPosition } from './cursor';
import type { ConversationsQuery } from './query-params';
import { words } from './text-terms';

export interface Page {
  conversations: ConversationRecord[];
  /** More matches follow the page. */
  more: boolean;
}

export function findConversations(
  model: PlatformModel,
  index: ConversationIndex,
  projectId: string,
  query: ConversationsQuery,
  after: CursorPosition | undefined,
): Page {
  // Turns the caller may not read (the project's transcript setting is off) cannot be searched
  // either: a match would tell, word by word, what the hidden turns say.
  const searches = query.mode.kind === 'transcript' || query.mode.kind === 'semantic';
  if (searches && !model.settingsFor(projectId).transcripts) return { conversations: [], more: false };
  const candidates = candidatesFor(model, index, query);
  const matches = filterFor(projectId, query);
  if (query.mode.kind === 'sample') return { conversations: sample(candidates, matches, query), more: false };

  let position = startPosition(candidates, query.startTime, after);
  let skip = after ? 0 : query.offset;
  const page: ConversationRecord[] = [];
  for (; position < candidates.length; position += 1) {
    const record = candidates[position];
    if (!record) continue;
    if (query.endTime !== undefined && record.startedAt >= query.endTime) break;
    if (!matches(record)) continue;
    if (skip > 0) {
      skip -= 1;
      continue;
    }
    if (page.length === query.limit) return { conversations: page, more: true };
    page.push(record);
  }
  return { conversations: page, more: false };
}

function candidatesFor(model: PlatformModel, index: ConversationIndex, query: ConversationsQuery): readonly ConversationRecord[] {
  const { mode } = query;
  if (mode.kind === 'semantic') return index.semanticMatches(mode.query);
  if (mode.kind !== 'transcript') return model.conversations.ordered();
  const queryWords = words(mode.query);
  if (queryWords.length === 0) return [];
  // Every matching conversation contains every word of the phrase: walk the rarest word's list.
  let rarest = queryWords[0] ?? '';
  for (const word of queryWords) if (index.conversationCount(word) < index.conversationCount(rarest)) rarest = word;
  return index.conversationsWith(rarest);
}

function filterFor(projectId: string, query: ConversationsQuery): (record: ConversationRecord) => boolean {
  const phrase = query.mode.kind === 'transcript' ? phrasePattern(query.mode.query) : undefined;
  const turnType = query.mode.kind === 'transcript' ? query.mode.turnType : undefined;
  return (record) => {
    if (record.projectId !== projectId || record.environment !== query.environment) return false;
    if (query.startTime !== undefined && record.startedAt < query.startTime) return false;
    if (query.channels && !query.channels.includes(record.channel)) return false;
    if (query.variantId !== undefined && record.variantId !== query.variantId) return false;
    if (query.variantName !== undefined && record.variantName !== query.variantName) return false;
    if (query.inProgress !== undefined && (record.endedAt === undefined) !== query.inProgress) return false;
    if (phrase && !record.turns.some((turn) => turnMatches(turn, phrase, turnType))) return false;
    return true;
  };
}

function turnMatches(turn: TurnRecord, phrase: RegExp, turnType: 'user' | 'agent' | undefined): boolean {
  if (turnType !== 'agent' && phrase.test(turn.userInput)) return true;
  return turnType !== 'user' && phrase.test(turn.agentResponse);
}

/** The query's words in order, whole words, any punctuation or spacing between them, any case. */
export function phrasePattern(query: string): RegExp {
  const escaped = words(query).map((word) => word.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'));
  return new RegExp(`(?<![\\p{L}\\p{N}])${escaped.join("[^\\p{L}\\p{N}']+")}(?![\\p{L}\\p{N}])`, 'iu');
}

function startPosition(
  candidates: readonly ConversationRecord[],
  startTime: number | undefined,
  after: CursorPosition | undefined,
): number {
  // First candidate after the cursor's record, or at/after start_time.
  const isBefore = after
    ? (record: ConversationRecord) => compareByStart(record, { ...record, startedAt: after.startedAt, seq: after.seq }) <= 0
    : (record: ConversationRecord) => startTime !== undefined && record.startedAt < startTime;
  let low = 0;
  let high = candidates.length;
  while (low < high) {
    const middle = (low + high) >>> 1;
    const record = candidates[middle];
    if (record && isBefore(record)) low = middle + 1;
    else high = middle;
  }
  return low;
}

/** `limit` matches drawn at random from the whole range, answered in start order. */
function sample(
  candidates: readonly ConversationRecord[],
  matches: (record: ConversationRecord) => boolean,
  query: ConversationsQuery,
): ConversationRecord[] {
  const pool: ConversationRecord[] = [];
  for (let position = startPosition(candidates, query.startTime, undefined); position < candidates.length; position += 1) {
    const record = candidates[position];
    if (!record) continue;
    if (query.endTime !== undefined && record.startedAt >= query.endTime) break;
    if (matches(record)) pool.push(record);
  }
  // A partial Fisher–Yates shuffle: the first `limit` slots end up a uniform random sample.
  const count = Math.min(query.limit, pool.length);
  for (let slot = 0; slot < count; slot += 1) {
    const pick = slot + Math.floor(Math.random() * (pool.length - slot));
    const chosen = pool[pick];
    const current = pool[slot];
    if (chosen && current) {
      pool[slot] = chosen;
      pool[pick] = current;
    }
  }
  return pool.slice(0, count).sort(compareByStart);
}
