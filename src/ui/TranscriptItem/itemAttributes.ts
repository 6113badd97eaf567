// Attributes every transcript item carries, messages and notices alike.
import type { Strings } from '../../strings/strings';

/** The last title made: the date shows minutes, and a long transcript has runs of items in one minute. */
let lastTitle: { strings: Strings; minute: number; title: string } | undefined;

/** The item's date and time, shown on hover (title); none for an unreadable timestamp. */
export function itemTitle(timestamp: string, strings: Strings): string | undefined {
  const minute = Math.floor(Date.parse(timestamp) / 60_000);
  if (Number.isNaN(minute)) return undefined;
  if (lastTitle?.strings !== strings || lastTitle.minute !== minute)
    lastTitle = { strings, minute, title: strings.formatDate(new Date(timestamp)) };
  return lastTitle.title;
}

/**
 * Far from the end of a long transcript an item skips layout and paint while off screen (CSS
 * content-visibility on .old-item). Not the last items: the end of the log, where it follows new
 * content, always has real sizes.
 */
export function itemClass(old: boolean, extra?: string): string {
  return ['transcript-item', old && 'old-item', extra].filter(Boolean).join(' ');
}
