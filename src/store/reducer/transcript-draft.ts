// The transcript of one action: a copy of `items` with lookups by key and by a user message's
// message_id. The index is built on first lookup, or taken over from the action that made the
// previous items (a replay in many batches, a new message on a long transcript extend it instead
// of indexing every item again). Sorted once at the end (order.ts).

import { ensureSorted } from '../order';
import type { TranscriptItem } from '../state';

interface ItemIndex {
  keys: Map<string, number>;
  messageIds: Map<string, number>;
}

/**
 * Indexes kept for the next action. Handed over: the action that takes one removes it, so a state
 * reduced twice never sees the other's changes.
 */
const indexes = new WeakMap<readonly TranscriptItem[], ItemIndex>();

export type TranscriptDraft = ReturnType<typeof draftTranscript>;

export function draftTranscript(previous: TranscriptItem[]) {
  const items = previous.slice();
  const taken = indexes.get(previous);
  indexes.delete(previous);
  let keys = taken?.keys;
  const messageIds = taken?.messageIds ?? new Map<string, number>();

  const index = (item: TranscriptItem, position: number) => {
    keys?.set(item.key, position);
    if (item.kind === 'user' && item.messageId !== undefined) messageIds.set(item.messageId, position);
  };
  const keyIndex = () => {
    if (!keys) {
      keys = new Map();
      items.forEach(index);
    }
    return keys;
  };
  const at = (position: number | undefined) => (position === undefined ? undefined : items[position]);

  return {
    items,
    /** The item with this key; an absent key finds nothing. */
    get: (key: string | undefined): TranscriptItem | undefined => (key === undefined ? undefined : at(keyIndex().get(key))),
    /** The user message with this message_id. */
    getByMessageId(messageId: string | undefined): TranscriptItem | undefined {
      if (messageId === undefined) return undefined;
      keyIndex();
      return at(messageIds.get(messageId));
    },
    /** Indexed now when the index exists; otherwise the first lookup indexes it with the rest. */
    add(item: TranscriptItem) {
      index(item, items.push(item) - 1);
    },
    /** Replaces the item with the same key. */
    put(item: TranscriptItem) {
      const position = keyIndex().get(item.key);
      if (position === undefined) return;
      items[position] = item;
      index(item, position);
    },
    /** Sorted items, or `previous` itself when nothing changed; the index is kept for the next action. */
    finish(): TranscriptItem[] {
      const sorted = ensureSorted(items);
      const unchanged = items.length === previous.length && items.every((item, position) => item === previous[position]);
      const result = unchanged ? previous : items;
      // Positions still hold unless the items moved.
      if (keys && !sorted) indexes.set(result, { keys, messageIds });
      return result;
    },
  };
}
