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

/** The last time format made, by language. */
let timeFormat: { lang: string; format: Intl.DateTimeFormat } | undefined;

/**
 * The message's time as the visitor reads it, short, in the widget's language and the visitor's
 * time zone (the date is the item's title and the <time>'s datetime); undefined for an unreadable timestamp.
 */
export function messageTime(timestamp: string, lang: string): string | undefined {
  const date = new Date(timestamp);
  if (Number.isNaN(date.getTime())) return undefined;
  if (timeFormat?.lang !== lang) timeFormat = { lang, format: new Intl.DateTimeFormat(lang, { timeStyle: 'short' }) };
  return timeFormat.format.format(date);
}

/** A new burst of messages (their time shows) when the author changes or more than this passed since the last message. */
export const BURST_GAP_MS = 5 * 60_000;

interface Timed {
  kind: string;
  timestamp: string;
  authorName?: string | undefined;
}

/** The item starts a burst: the first message, after a notice, another author's message, or a pause of more than BURST_GAP_MS. */
export function startsBurst(item: Timed, previous: Timed | undefined): boolean {
  if (!previous || previous.kind === 'system' || previous.kind !== item.kind || previous.authorName !== item.authorName) return true;
  return Date.parse(item.timestamp) - Date.parse(previous.timestamp) > BURST_GAP_MS;
}

/**
 * Far from the end of a long transcript an item skips layout and paint while off screen (CSS
 * content-visibility on .old-item). Not the last items: the end of the log, where it follows new
 * content, always has real sizes.
 */
export function itemClass(old: boolean, extra?: string): string {
  return ['transcript-item', old && 'old-item', extra].filter(Boolean).join(' ');
}
