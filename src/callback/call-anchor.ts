import type { SiteTurn } from '../protocol/site-history';
import type { TranscriptItem } from '../store/state';

/**
 * Where a finished call's turns go in the transcript: after the last item said before the call
 * ended, so that the chat that goes on after the call comes after them. Undefined when no item
 * is that old: the turns then close the log.
 */
export function callAnchor(items: readonly TranscriptItem[], turns: readonly SiteTurn[]): string | undefined {
  const times = turns.map((turn) => Date.parse(turn.at)).filter(Number.isFinite);
  // Turns without times: the call ended just now, after everything the log holds.
  const end = times.length ? Math.max(...times) : Number.POSITIVE_INFINITY;
  for (let index = items.length - 1; index >= 0; index -= 1) {
    const item = items[index]!;
    const time = Date.parse(item.timestamp);
    if (!(time > end)) return item.key;
  }
  return undefined;
}
