// Display order of the transcript (docs/protocol.md §6.2): by sequence; an item without one sits right
// after the event it was anchored to (afterSequence); a user message still waiting for its echo
// stays last, in send order. Ties keep their current order (Array.prototype.sort is stable).

import type { TranscriptItem } from './state';

const primaryKey = (item: TranscriptItem) => item.sequence ?? item.afterSequence ?? (item.kind === 'user' ? Infinity : 0);

/** Same position: the sequenced event first, then what was anchored after it. (Infinity − Infinity is NaN: a tie too.) */
export const compareItems = (a: TranscriptItem, b: TranscriptItem): number =>
  primaryKey(a) - primaryKey(b) || (a.sequence === undefined ? 1 : 0) - (b.sequence === undefined ? 1 : 0);

/** Sorts in place, but only when needed: most actions append in order, and a check is O(n). Whether it sorted. */
export function ensureSorted(items: TranscriptItem[]): boolean {
  for (let index = 1; index < items.length; index++) {
    if (compareItems(items[index - 1]!, items[index]!) > 0) {
      items.sort(compareItems);
      return true;
    }
  }
  return false;
}
