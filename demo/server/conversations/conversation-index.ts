// Search indexes over the platform model, built as turns arrive (never at query time):
// - words → the conversations whose turns contain them, in start order (transcript search);
// - meaning terms → turn postings with term frequency, for BM25 ranking (semantic search).

import { type ConversationStore, compareByStart } from '../model/conversation-store';
import type { ConversationRecord, TurnRecord } from '../model/types';
import { IntList } from './growable';
import { cachedMeaningTerms, cachedWords, meaningTerms } from './text-terms';

interface WordPostings {
  records: ConversationRecord[];
  /** False once a record was appended out of start order; re-sorted (and de-duplicated) on use. */
  sorted: boolean;
}

/** BM25 parameters: the usual values. */
const K1 = 1.2;
const B = 0.75;
const MAX_TF = 15;
/** A turn matches when it carries at least this share of the query's meaning weight (see docs/platform.md). */
export const SEMANTIC_THRESHOLD = 0.5;
const COMMON_TERM_SHARE = 0.25;

export class ConversationIndex {
  private readonly byWord = new Map<string, WordPostings>();
  private readonly byTerm = new Map<string, IntList>();
  private readonly turnOwner: ConversationRecord[] = [];
  private readonly turnLength = new IntList(1024);
  private totalLength = 0;

  constructor(private readonly store: ConversationStore) {
    store.subscribe({ turnAdded: (record, turn) => this.addTurn(record, turn) });
  }

  get turnCount(): number {
    return this.turnOwner.length;
  }

  /** Conversations containing `word` (lower case), in start order. Do not mutate. */
  conversationsWith(word: string): readonly ConversationRecord[] {
    const postings = this.byWord.get(word);
    if (!postings) return [];
    if (!postings.sorted) {
      postings.records.sort(compareByStart);
      postings.records = postings.records.filter((record, index, all) => all[index - 1] !== record);
      postings.sorted = true;
    }
    return postings.records;
  }

  /** How many conversations contain `word`, for picking the rarest word of a query. */
  conversationCount(word: string): number {
    return this.byWord.get(word)?.records.length ?? 0;
  }

  /**
   * Conversations with at least one turn whose BM25 score reaches SEMANTIC_THRESHOLD of the
   * query's full-match score, in start order.
   */
  semanticMatches(query: string): ConversationRecord[] {
    const turns = this.turnOwner.length;
    const queryTerms = [...new Set(meaningTerms(query))];
    // A term in more than a quarter of all turns says little about any of them; it is left out
    // (unless the query has nothing else), which also spares walking its long posting list.
    const telling = queryTerms.filter((term) => (this.byTerm.get(term)?.size ?? 0) <= turns * COMMON_TERM_SHARE);
    const terms = telling.length > 0 ? telling : queryTerms;
    if (terms.length === 0 || turns === 0) return [];
    const averageLength = this.totalLength / turns || 1;
    // The length part of BM25's denominator, per turn length (lengths are small integers).
    const lengthPart: number[] = [];
    const norm = (length: number): number => (lengthPart[length] ??= K1 * (1 - B + (B * length) / averageLength));
    const scores = new Float32Array(turns);
    const touched: number[] = [];
    let fullMatch = 0;
    for (const term of terms) {
      const postings = this.byTerm.get(term);
      const documentFrequency = postings?.size ?? 0;
      const idf = Math.log(1 + (turns - documentFrequency + 0.5) / (documentFrequency + 0.5));
      fullMatch += idf;
      if (!postings) continue;
      const weight = idf * (K1 + 1);
      for (let index = 0; index < postings.size; index += 1) {
        const packed = postings.at(index);
        const turn = packed >>> 4;
        const frequency = packed & MAX_TF;
        const before = scores[turn] ?? 0;
        if (before === 0) touched.push(turn);
        scores[turn] = before + (weight * frequency) / (frequency + norm(this.turnLength.at(turn)));
      }
    }
    const threshold = SEMANTIC_THRESHOLD * fullMatch;
    // Marks by insertion number, then one pass over the store in start order: no sort needed.
    const marked = new Uint8Array(this.store.size + 1);
    let count = 0;
    for (const turn of touched) {
      const owner = this.turnOwner[turn];
      if (owner && (scores[turn] ?? 0) >= threshold && marked[owner.seq] === 0) {
        marked[owner.seq] = 1;
        count += 1;
      }
    }
    const matches: ConversationRecord[] = [];
    if (count === 0) return matches;
    for (const record of this.store.ordered()) {
      if (marked[record.seq] === 1) {
        matches.push(record);
        if (matches.length === count) break;
      }
    }
    return matches;
  }

  /** Bytes held by the semantic postings (typed arrays), for the memory figures. */
  postingBytes(): number {
    let bytes = this.turnLength.bytes;
    for (const list of this.byTerm.values()) bytes += list.bytes;
    return bytes;
  }

  private addTurn(record: ConversationRecord, turn: TurnRecord): void {
    for (const word of new Set([...cachedWords(turn.userInput), ...cachedWords(turn.agentResponse)])) {
      let postings = this.byWord.get(word);
      if (!postings) {
        postings = { records: [], sorted: true };
        this.byWord.set(word, postings);
      }
      const last = postings.records[postings.records.length - 1];
      if (last === record) continue;
      if (last && compareByStart(last, record) > 0) postings.sorted = false;
      postings.records.push(record);
    }

    const turnId = this.turnOwner.length;
    this.turnOwner.push(record);
    const userTerms = cachedMeaningTerms(turn.userInput);
    const agentTerms = cachedMeaningTerms(turn.agentResponse);
    const length = userTerms.length + agentTerms.length;
    this.turnLength.push(length);
    this.totalLength += length;
    const frequencies = new Map<string, number>();
    for (const term of userTerms) frequencies.set(term, (frequencies.get(term) ?? 0) + 1);
    for (const term of agentTerms) frequencies.set(term, (frequencies.get(term) ?? 0) + 1);
    for (const [term, frequency] of frequencies) {
      let postings = this.byTerm.get(term);
      if (!postings) {
        postings = new IntList();
        this.byTerm.set(term, postings);
      }
      postings.push((turnId << 4) | Math.min(frequency, MAX_TF));
    }
  }
}
