// Steps shared by server events and local actions.

import type { Draft } from './draft';
import type { SessionEndReason } from '../protocol/types';
import type { Notice, NoticeItem, WebchatState } from './state';

/** Where an item goes: at its sequence, or (without one) right after the newest applied event. */
export function positionFor(d: Draft, sequence: number | null): { sequence: number } | { afterSequence: number } {
  return sequence === null ? { afterSequence: d.here() } : { sequence };
}

export function noticeItem(d: Draft, key: string, notice: Notice, sequence: number | null, timestamp: string): NoticeItem {
  return { kind: 'system', key, notice, timestamp, ...positionFor(d, sequence) };
}

export function addNotice(d: Draft, key: string, notice: Notice, sequence: number | null, timestamp: string): void {
  if (!d.hasKey(key)) d.pushItem(noticeItem(d, key, notice, sequence, timestamp));
}

/** Key for a notice that no event id can name. */
export function localNoticeKey(d: Draft): string {
  const marks = d.mutableMarks();
  return `local:${marks.localKeys++}`;
}

export function setTyping(d: Draft, sequence: number | null, typing: WebchatState['typing']): void {
  if (!d.claim('typing', sequence)) return;
  const current = d.get('typing');
  if (typing === null || current === null || current.who !== typing.who || current.name !== typing.name) d.set('typing', typing);
}

/** SESSION_END, or the REST conversation ending: input closes, unsent messages can only be retried. */
export function endSession(
  d: Draft,
  reason: SessionEndReason,
  sequence: number | null,
  notice: { key: string; timestamp: string },
): void {
  d.claim('typing', sequence);
  d.set('typing', null);
  d.set('status', 'ended');
  if (d.get('ended')) return;
  d.set('ended', { reason });
  failSending(d);
  addNotice(d, notice.key, { code: 'session-ended', reason }, sequence, notice.timestamp);
}

function failSending(d: Draft): void {
  d.items().forEach((item, index) => {
    if (item.kind === 'user' && item.status === 'sending') d.replaceItem(index, { ...item, status: 'failed' });
  });
}
