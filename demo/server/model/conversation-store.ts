// Every conversation this server ran (and any seeded history), kept in start order so a time
// range is a binary search. Indexes (search, metrics) subscribe and build at insert time.

import type { ConversationRecord, NewConversation, TurnRecord } from './types';

export interface StoreListener {
  conversationAdded?(record: ConversationRecord): void;
  turnAdded?(record: ConversationRecord, turn: TurnRecord, index: number): void;
}

export class ConversationStore {
  private readonly byStart: ConversationRecord[] = [];
  private readonly byId = new Map<string, ConversationRecord>();
  private readonly listeners: StoreListener[] = [];
  private nextSeq = 0;
  /** Bumped whenever a record lands before the newest one, so ordered indexes know to re-sort. */
  orderEpoch = 0;

  subscribe(listener: StoreListener): void {
    this.listeners.push(listener);
    for (const record of this.byStart) {
      listener.conversationAdded?.(record);
      record.turns.forEach((turn, index) => {
        listener.turnAdded?.(record, turn, index);
      });
    }
  }

  get size(): number {
    return this.byStart.length;
  }

  get(id: string): ConversationRecord | undefined {
    return this.byId.get(id);
  }

  /** All records in start order (ties by insertion). Do not mutate. */
  ordered(): readonly ConversationRecord[] {
    return this.byStart;
  }

  /** `variant` is the deployed variant the conversation runs (the model resolves it). */
  add(init: NewConversation, variant: { id: string; name: string }, turns: TurnRecord[] = []): ConversationRecord {
    const existing = this.byId.get(init.id);
    if (existing) return existing;
    const record: ConversationRecord = {
      id: init.id,
      seq: this.nextSeq++,
      accountId: 'demo-account',
      projectId: init.projectId,
      environment: init.environment,
      channel: init.channel,
      variantId: variant.id,
      variantName: variant.name,
      fromNumber: init.fromNumber ?? '',
      toNumber: init.toNumber ?? '',
      language: init.language ?? 'en-US',
      startedAt: init.startedAt ?? Date.now(),
      endedAt: init.endedAt,
      state: init.state ?? {},
      handoff: undefined,
      bridge: undefined,
      turns: [],
    };
    this.insertInOrder(record);
    this.byId.set(record.id, record);
    for (const listener of this.listeners) listener.conversationAdded?.(record);
    for (const turn of turns) this.addTurn(record, turn);
    return record;
  }

  addTurn(record: ConversationRecord, turn: TurnRecord): void {
    record.turns.push(turn);
    const index = record.turns.length - 1;
    for (const listener of this.listeners) listener.turnAdded?.(record, turn, index);
  }

  /** Index of the first record started at or after `time`. */
  lowerBound(time: number): number {
    let low = 0;
    let high = this.byStart.length;
    while (low < high) {
      const middle = (low + high) >>> 1;
      if ((this.byStart[middle]?.startedAt ?? 0) < time) low = middle + 1;
      else high = middle;
    }
    return low;
  }

  private insertInOrder(record: ConversationRecord): void {
    const last = this.byStart[this.byStart.length - 1];
    if (!last || last.startedAt <= record.startedAt) {
      this.byStart.push(record);
      return;
    }
    this.byStart.splice(this.upperBound(record.startedAt), 0, record);
    this.orderEpoch += 1;
  }

  private upperBound(time: number): number {
    let low = 0;
    let high = this.byStart.length;
    while (low < high) {
      const middle = (low + high) >>> 1;
      if ((this.byStart[middle]?.startedAt ?? 0) <= time) low = middle + 1;
      else high = middle;
    }
    return low;
  }
}

/** Start order, ties by insertion: the order every list answer uses. */
export function compareByStart(a: ConversationRecord, b: ConversationRecord): number {
  return a.startedAt - b.startedAt || a.seq - b.seq;
}
