// A working copy of the state for ONE action. Top-level fields are replaced, never mutated in
// place; `items`, `appliedIds` and `chunks` are copied at most once per action (a 5,000-event
// replay copies them once, not 5,000 times). `finishDraft` returns the very same state object
// when the action changed nothing.

import type { ReducerMarks, TranscriptItem, WebchatState } from './state';
import { ensureSorted } from './order';

export type Work = WebchatState & { marks: ReducerMarks };

/** Marks that follow "latest by sequence wins". */
type SequencedMark = 'typing' | 'handoff' | 'language' | 'capabilities' | 'suggestions';

export interface Draft {
  readonly base: WebchatState;
  /** The working state; write top-level fields freely, items only through add/put. */
  readonly s: Work;
  /** The item with this key (keys are unique in the transcript), or the user message with this message_id. */
  get(key: string, byMessageId?: boolean): TranscriptItem | undefined;
  add(item: TranscriptItem): void;
  /** Replaces the item with the same key. */
  put(item: TranscriptItem): void;
  mark(patch: Partial<ReducerMarks>): void;
  /**
   * May an event with this sequence set `field`? Only if it is newer than the event that set it
   * last, so a late, older event never undoes a newer one. An event without a sequence is "now".
   */
  claim(field: SequencedMark, sequence: number | null): boolean;
  /** Where an item goes: at its sequence, or (without one) right after the newest applied event. */
  at(sequence: number | null): { sequence: number } | { afterSequence: number };
}

const INITIAL_MARKS: ReducerMarks = Object.freeze({ typing: -1, handoff: -1, language: -1, capabilities: -1, suggestions: -1, joins: [], localKeys: 0 });

export function createDraft(base: WebchatState): Draft {
  const s: Work = { ...base, items: base.items.slice(), marks: base.marks ?? INITIAL_MARKS };
  // Item key → index and user message_id → index, built on first lookup (items only move when
  // sorted, at the end).
  let keys: Map<string, number> | undefined;
  const messageIds = new Map<string, number>();
  const index = (item: TranscriptItem, i: number) => {
    keys?.set(item.key, i);
    if (item.kind === 'user' && item.messageId !== undefined) messageIds.set(item.messageId, i);
  };
  const lookup = () => {
    if (!keys) {
      keys = new Map();
      s.items.forEach(index);
    }
    return keys;
  };
  const d: Draft = {
    base,
    s,
    get(key, byMessageId) {
      const byKey = lookup();
      const i = (byMessageId ? messageIds : byKey).get(key);
      return i === undefined ? undefined : s.items[i];
    },
    add(item) {
      lookup();
      index(item, s.items.push(item) - 1);
    },
    put(item) {
      const i = lookup().get(item.key);
      if (i === undefined) return;
      s.items[i] = item;
      index(item, i);
    },
    mark(patch) {
      s.marks = { ...s.marks, ...patch };
    },
    claim(field, sequence) {
      const current = s.marks[field];
      if (sequence !== null && !(sequence > current)) return false;
      const now = sequence ?? s.lastSequence;
      if (now > current) d.mark({ [field]: now });
      return true;
    },
    at: (sequence) => (sequence === null ? { afterSequence: s.lastSequence } : { sequence }),
  };
  return d;
}

export function finishDraft({ base, s }: Draft): WebchatState {
  ensureSorted(s.items);
  const itemsChanged = s.items.length !== base.items.length || s.items.some((item, i) => item !== base.items[i]);
  if (!itemsChanged) s.items = base.items;
  // Optional fields set to undefined are removed, so "cleared" looks like "never set".
  for (const key of Object.keys(s)) if (Reflect.get(s, key) === undefined || Reflect.get(s, key) === INITIAL_MARKS) Reflect.deleteProperty(s, key);
  const changed = Object.keys({ ...base, ...s }).some((key) => Reflect.get(s, key) !== Reflect.get(base, key));
  return changed ? s : base;
}

/** A writable copy without a prototype, so any id from the wire ("__proto__" included) is a plain key. */
export function ownCopy<T>(record: Record<string, T>): Record<string, T> {
  const copy: Record<string, T> = Object.create(null);
  return Object.assign(copy, record);
}
