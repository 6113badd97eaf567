// Display order of the transcript (PROTOCOL §6.2): by sequence; an item without one sits right
// after the event it was anchored to (afterSequence); a user message still waiting for its echo
// stays last, in send order. Ties keep their current order (Array.prototype.sort is stable).

import type { TranscriptItem } from './state';

function primaryKey(item: TranscriptItem): number {
  if (item.sequence !== undefined) return item.sequence;
  if (item.afterSequence !== undefined) return item.afterSequence;
  return item.kind === 'user' ? Infinity : 0;
}

export function compareItems(a: TranscriptItem, b: TranscriptItem): number {
  const pa = primaryKey(a);
  const pb = primaryKey(b);
  if (pa !== pb) return pa < pb ? -1 : 1;
  // Same position: the sequenced event first, then what was anchored after it.
  return (a.sequence === undefined ? 1 : 0) - (b.sequence === undefined ? 1 : 0);
}

/** Sorts in place, but only when needed: most actions append in order, and a check is O(n). */
export function ensureSorted(items: TranscriptItem[]): void {
  for (let i = 1; i < items.length; i++) {
    const prev = items[i - 1];
    const item = items[i];
    if (prev && item && compareItems(prev, item) > 0) {
      items.sort(compareItems);
      return;
    }
  }
}
