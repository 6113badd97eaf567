// The working copy one action changes: top-level fields are replaced, never mutated in place;
// the transcript is copied once per action (transcript-draft.ts). Out-of-order delivery converges
// through marks: every "latest wins" field remembers the sequence of the event that set it, so an
// older event arriving late cannot undo a newer one.

import type { Notice, ReducerMarks, TranscriptItem, WebchatState } from '../state';
import { draftTranscript } from './transcript-draft';

/** Never mutated: marks are replaced, field by field, by spreading. */
export const INITIAL_MARKS: ReducerMarks = { typing: -1, handoff: -1, language: -1, capabilities: -1, suggestions: -1, joins: [] };

/** Marks that follow "latest by sequence wins". */
export type SequencedMark = 'typing' | 'handoff' | 'language' | 'capabilities' | 'suggestions';

/** What one server event leaves besides its own changes: applied by the reducer after it. */
export interface EventOutcome {
  /** A notice at the event's sequence. */
  notice?: Notice;
  /** The handoff stage it moves to (the newest by sequence wins). */
  handoff?: WebchatState['handoff'];
}

export type Draft = ReturnType<typeof createDraft>;

export function createDraft(state: WebchatState) {
  const next: WebchatState & { marks: ReducerMarks } = { ...state, marks: state.marks ?? INITIAL_MARKS };
  const transcript = draftTranscript(state.items);
  const draft = {
    state: next,
    transcript,
    /** A join or a "left" notice may name items applied before it: they are renamed at the end of the action. */
    renameAuthors: false,
    /** `state.chunks` is this action's own copy already (chunks.ts copies it on first change). */
    ownsChunks: false,
    /** The action restores a transcript at once (history): its messages are not news, nor unread. */
    history: false,
    mark(patch: Partial<ReducerMarks>) {
      next.marks = { ...next.marks, ...patch };
    },
    /**
     * May an event with this sequence set `field`? Only if it is newer than the event that set it
     * last, so a late, older event never undoes a newer one. An event without a sequence is "now".
     */
    claim(field: SequencedMark, sequence: number | null): boolean {
      const current = next.marks[field];
      if (sequence !== null && !(sequence > current)) return false;
      const now = sequence ?? next.lastSequence;
      if (now > current) draft.mark({ [field]: now });
      return true;
    },
    /** Where an item goes: at its sequence, or (without one) right after the newest applied event. */
    placedAt: (sequence: number | null): { sequence: number } | { afterSequence: number } =>
      sequence === null ? { afterSequence: next.lastSequence } : { sequence },
    /** A message not placed yet (pending, last) is placed where it counts as sent: after the newest applied event. */
    placedIfPending: (item: TranscriptItem): { afterSequence: number } | object =>
      item.sequence === undefined && item.afterSequence === undefined ? draft.placedAt(null) : {},
  };
  return draft;
}
