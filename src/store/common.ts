// Steps shared by server events and local actions.

import type { Suggestion, SessionEndReason } from '../protocol/types';
import type { Draft } from './draft';
import type { Notice, WebchatState } from './state';

export function addNotice(d: Draft, key: string, notice: Notice, sequence: number | null, timestamp: string): void {
  if (!d.get(key)) d.add({ kind: 'system', key, notice, timestamp, ...d.at(sequence) });
}

/** Key for a notice that no event id can name. */
export function localKey(d: Draft): string {
  const n = d.s.marks.localKeys;
  d.mark({ localKeys: n + 1 });
  return `local:${n}`;
}

export function setTyping(d: Draft, sequence: number | null, typing: WebchatState['typing']): void {
  const current = d.s.typing;
  if (d.claim('typing', sequence) && (!typing || !current || current.who !== typing.who || current.name !== typing.name)) d.s.typing = typing;
}

/** Shows the suggestions of message `from` (later chunks of it may add more). */
export function setSuggestions(d: Draft, suggestions: Suggestion[], from: string | undefined): void {
  if (suggestions.length || d.s.suggestions.length) d.s.suggestions = suggestions;
  if (d.s.marks.suggestionsFrom !== from) d.mark({ suggestionsFrom: from });
}

/**
 * SESSION_END, or the REST conversation ending: input closes, unsent messages can only be retried.
 * The caller adds the notice (keyed by its event, or locally).
 */
export function endSession(d: Draft, reason: SessionEndReason, sequence: number | null): void {
  const { s } = d;
  d.claim('typing', sequence);
  s.typing = null;
  s.status = 'ended';
  if (s.ended) return;
  s.ended = { reason };
  for (const item of s.items) if (item.kind === 'user' && item.status === 'sending') d.put({ ...item, status: 'failed' });
}
