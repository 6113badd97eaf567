// Notices in the transcript: what the server says (SYSTEM_MESSAGE) and what events leave behind
// (handoff stages, the end), as data the UI renders through its strings table.

import type { Notice } from '../state';
import type { Draft } from './draft';

/** A notice item under `key`, once. */
export function addNotice(draft: Draft, key: string, notice: Notice, sequence: number | null, timestamp: string): void {
  if (!draft.transcript.get(key)) draft.transcript.add({ kind: 'system', key, notice, timestamp, ...draft.placedAt(sequence) });
}

/** A notice of the client's own: no event id names it, so it is keyed by its position (the transcript only grows until `reset`). */
export function addLocalNotice(draft: Draft, notice: Notice, timestamp: string): void {
  addNotice(draft, `local:${draft.transcript.items.length}`, notice, null, timestamp);
}
