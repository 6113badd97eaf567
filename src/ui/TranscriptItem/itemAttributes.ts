// Attributes every transcript item carries, messages and notices alike.
import type { Strings } from '../strings';

/** The item's date and time, shown on hover (title); none for an unreadable timestamp. */
export function itemTitle(timestamp: string, strings: Strings): string | undefined {
  const date = new Date(timestamp);
  return Number.isNaN(date.getTime()) ? undefined : strings.formatDate(date);
}

/**
 * Far from the end of a long transcript an item skips layout and paint while off screen (CSS
 * content-visibility on .old-item). Not the last items: the end of the log, where it follows new
 * content, always has real sizes.
 */
export function itemClass(old: boolean, extra?: string): string {
  return ['transcript-item', old && 'old-item', extra].filter(Boolean).join(' ');
}
