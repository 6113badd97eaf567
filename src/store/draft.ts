// A working copy of the state for ONE action. Each array/record is copied at most once per action
// (a 5,000-event replay copies `items` once, not 5,000 times), and an action that changes nothing
// returns the very same state object.

import type {
  AgentMessage,
  ChunkAssembly,
  ReducerMarks,
  TranscriptItem,
  UserMessage,
  WebchatState,
} from './state';
import type { Suggestion } from '../protocol/types';
import { initialMarks } from './marks';
import { ensureSorted } from './order';

/** Marks that follow "latest by sequence wins". */
export type SequencedMark = 'typing' | 'handoff' | 'language' | 'capabilities' | 'suggestions';

interface ItemIndex {
  keys: Map<string, number>;
  agents: Map<string, number>;
  usersByClientId: Map<string, number>;
  usersByMessageId: Map<string, number>;
}

export interface Found<T> {
  index: number;
  item: T;
}

export class Draft {
  readonly base: WebchatState;
  private readonly next: WebchatState;
  private changed = false;
  private ownItems: TranscriptItem[] | null = null;
  private index: ItemIndex | null = null;
  private ownApplied: Record<string, true> | null = null;
  private ownChunks: Record<string, ChunkAssembly> | null = null;
  private readonly ownAssemblies = new Set<string>();
  private ownMarks: ReducerMarks | null = null;
  /** message_ids whose chunks changed in this action (assembled once at the end). */
  readonly touchedChunks = new Set<string>();
  /** A join was added: names of earlier-arrived messages may need to change. */
  joinsChanged = false;

  constructor(base: WebchatState) {
    this.base = base;
    this.next = { ...base };
  }

  get<K extends keyof WebchatState>(key: K): WebchatState[K] {
    return this.next[key];
  }

  set<K extends keyof WebchatState>(key: K, value: WebchatState[K]): void {
    if (Object.is(this.next[key], value)) return;
    this.next[key] = value;
    this.changed = true;
  }

  finish(): WebchatState {
    if (!this.changed) return this.base;
    if (this.ownItems) ensureSorted(this.ownItems);
    // Optional fields set to undefined are removed, so "cleared" looks like "never set".
    for (const key of Object.keys(this.next)) {
      if (Reflect.get(this.next, key) === undefined) Reflect.deleteProperty(this.next, key);
    }
    return this.next;
  }

  // ── applied ids ────────────────────────────────────────────────────────────
  hasApplied(id: string): boolean {
    return Object.hasOwn(this.next.appliedIds, id);
  }

  markApplied(id: string): void {
    if (!this.ownApplied) {
      this.ownApplied = { ...this.next.appliedIds };
      this.set('appliedIds', this.ownApplied);
    }
    setOwn(this.ownApplied, id, true);
  }

  // ── items ──────────────────────────────────────────────────────────────────
  items(): readonly TranscriptItem[] {
    return this.next.items;
  }

  private mutableItems(): TranscriptItem[] {
    if (!this.ownItems) {
      this.ownItems = this.next.items.slice();
      this.set('items', this.ownItems);
    }
    return this.ownItems;
  }

  pushItem(item: TranscriptItem): void {
    const items = this.mutableItems();
    items.push(item);
    this.indexItem(item, items.length - 1);
  }

  replaceItem(index: number, item: TranscriptItem): void {
    if (this.next.items[index] === item) return;
    this.mutableItems()[index] = item;
    this.indexItem(item, index);
  }

  hasKey(key: string): boolean {
    return this.itemIndex().keys.has(key);
  }

  findAgent(messageId: string): Found<AgentMessage> | undefined {
    const index = this.itemIndex().agents.get(messageId);
    const item = index === undefined ? undefined : this.next.items[index];
    return item && item.kind !== 'user' && item.kind !== 'system' && index !== undefined ? { index, item } : undefined;
  }

  findUser(clientEventId: string | undefined, messageId?: string): Found<UserMessage> | undefined {
    const idx = this.itemIndex();
    const index =
      (clientEventId === undefined ? undefined : idx.usersByClientId.get(clientEventId)) ??
      (messageId === undefined ? undefined : idx.usersByMessageId.get(messageId));
    const item = index === undefined ? undefined : this.next.items[index];
    return item && item.kind === 'user' && index !== undefined ? { index, item } : undefined;
  }

  private itemIndex(): ItemIndex {
    if (!this.index) {
      this.index = { keys: new Map(), agents: new Map(), usersByClientId: new Map(), usersByMessageId: new Map() };
      this.next.items.forEach((item, i) => this.indexItem(item, i));
    }
    return this.index;
  }

  private indexItem(item: TranscriptItem, i: number): void {
    const idx = this.index;
    if (!idx) return; // built lazily from the items later
    idx.keys.set(item.key, i);
    if (item.kind === 'user') {
      idx.usersByClientId.set(item.clientEventId, i);
      if (item.messageId !== undefined) idx.usersByMessageId.set(item.messageId, i);
    } else if (item.kind !== 'system') {
      idx.agents.set(item.messageId, i);
    }
  }

  // ── chunk assemblies ───────────────────────────────────────────────────────
  assembly(messageId: string): ChunkAssembly | undefined {
    return Object.hasOwn(this.next.chunks, messageId) ? this.next.chunks[messageId] : undefined;
  }

  /** The assembly for this message, owned by this action (created when missing). */
  mutableAssembly(messageId: string): ChunkAssembly {
    const chunks = this.mutableChunks();
    const current = this.assembly(messageId);
    if (current && this.ownAssemblies.has(messageId)) return current;
    const own: ChunkAssembly = current ? { ...current, parts: { ...current.parts } } : { parts: {}, author: 'agent' };
    setOwn(chunks, messageId, own);
    this.ownAssemblies.add(messageId);
    return own;
  }

  deleteAssembly(messageId: string): void {
    if (this.assembly(messageId)) Reflect.deleteProperty(this.mutableChunks(), messageId);
  }

  private mutableChunks(): Record<string, ChunkAssembly> {
    if (!this.ownChunks) {
      this.ownChunks = { ...this.next.chunks };
      this.set('chunks', this.ownChunks);
    }
    return this.ownChunks;
  }

  // ── marks ──────────────────────────────────────────────────────────────────
  marks(): Readonly<ReducerMarks> {
    return this.next.marks ?? INITIAL_MARKS;
  }

  mutableMarks(): ReducerMarks {
    if (!this.ownMarks) {
      const m = this.marks();
      this.ownMarks = { ...m, agentJoins: m.agentJoins.slice(), liveAgentJoins: m.liveAgentJoins.slice() };
      this.set('marks', this.ownMarks);
    }
    return this.ownMarks;
  }

  /**
   * May an event with this sequence set `mark`? Only if it is newer than the event that set it
   * last, so a late, older event never undoes a newer one. An event without a sequence is "now".
   */
  claim(mark: SequencedMark, sequence: number | null): boolean {
    const current = this.marks()[mark];
    if (sequence === null) {
      const now = this.next.lastSequence;
      if (now > current) this.mutableMarks()[mark] = now;
      return true;
    }
    if (!(sequence > current)) return false;
    this.mutableMarks()[mark] = sequence;
    return true;
  }

  setSuggestions(suggestions: Suggestion[], from: string | undefined): void {
    if (!(suggestions.length === 0 && this.next.suggestions.length === 0)) this.set('suggestions', suggestions);
    if (this.marks().suggestionsFrom !== from) this.mutableMarks().suggestionsFrom = from;
  }

  /** Position for an item without a sequence: right after the newest event applied so far. */
  here(): number {
    return this.next.lastSequence;
  }
}

const INITIAL_MARKS: Readonly<ReducerMarks> = Object.freeze(initialMarks());

/** Assignment would hit the `__proto__` setter for that one key; ids come from the wire. */
function setOwn<T>(record: Record<string, T>, key: string, value: T): void {
  if (key === '__proto__') Object.defineProperty(record, key, { value, enumerable: true, writable: true, configurable: true });
  else record[key] = value;
}
