// The feature's state, shared by the conversation's tabs (in memory only): which session was rated
// and the visitor's marks on messages.

import type { FeedbackValue } from './FeedbackButtons';

export interface AfterState {
  /** The end (its transcript key) of the session that was rated. */
  ratedEnd?: string | undefined;
  /** The visitor's mark on each message, by message id. */
  feedback: Readonly<Record<string, FeedbackValue>>;
}

export const INITIAL: AfterState = { feedback: {} };

/** Another tab's value is checked, not trusted: a bad one counts as nothing rated or marked. */
export function readAfterState(value: unknown): AfterState {
  if (typeof value !== 'object' || value === null) return INITIAL;
  const ratedEnd: unknown = Reflect.get(value, 'ratedEnd');
  const marks: unknown = Reflect.get(value, 'feedback');
  const feedback: Record<string, FeedbackValue> = {};
  if (typeof marks === 'object' && marks !== null)
    for (const [id, mark] of Object.entries(marks)) if (mark === 'helpful' || mark === 'not-helpful') feedback[id] = mark;
  return { ratedEnd: typeof ratedEnd === 'string' ? ratedEnd : undefined, feedback };
}
