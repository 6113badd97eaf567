// One rating per session: the form is offered once the session ended, unless the session was
// rated already — in this tab, in another tab of the conversation (the shared `rated` flag), or
// before a reload (GET {ratingUrl}). Sending posts to the site's endpoint when there is one
// and tells the host page (`rating` event) once the rating is taken.

import type { Clock } from '../../contract/clock';
import { fetchRated, postRating, type Rating, type RatingProblem } from './rating-request';

export type RatingStage =
  /** Nothing to rate (the session goes on), or rated before this page. */
  | 'hidden'
  /** The session ended; the endpoint is asked whether it was rated. */
  | 'checking'
  | 'open'
  | 'sending'
  /** Rated while this page was open (here or in another tab): a thank-you. */
  | 'thanked';

export interface RatingView {
  stage: RatingStage;
  problem?: RatingProblem | undefined;
}

/**
 * Which session was rated, shared by the conversation's tabs. A session is known by the key of its
 * end in the transcript (the same in every tab, new with every session), kept in memory only.
 */
export interface RatedFlag {
  isRated(endKey: string): boolean;
  markRated(endKey: string): void;
}

export interface RatingSessionOptions {
  /** The site's endpoint; without it the rating is only an event. */
  url?: string | undefined;
  rated: RatedFlag;
  onRating(rating: Rating): void;
  fetch?: typeof fetch;
  clock: Clock;
}

export interface RatingSession {
  view(): RatingView;
  subscribe(listener: () => void): () => void;
  /** The conversation's state changed: `endKey` names its session's end, undefined while it goes on. */
  update(endKey: string | undefined): void;
  submit(rating: Rating): Promise<void>;
  destroy(): void;
}

export function createRatingSession(options: RatingSessionOptions): RatingSession {
  const { url, rated, clock } = options;
  const fetcher = options.fetch ?? ((input, init) => fetch(input, init));
  const listeners = new Set<() => void>();
  let view: RatingView = { stage: 'hidden' };
  let ended: string | undefined;
  /** Bumped by each new session and by destroy(): a late answer about an older one is ignored. */
  let generation = 0;

  const set = (next: RatingView) => {
    if (next.stage === view.stage && next.problem === view.problem) return;
    view = next;
    for (const listener of listeners) listener();
  };

  const check = async (endKey: string) => {
    const asked = generation;
    set({ stage: 'checking' });
    const ratedBefore = url ? await fetchRated(url, { fetch: fetcher }) : false;
    if (asked !== generation || view.stage !== 'checking') return;
    if (ratedBefore) rated.markRated(endKey);
    set({ stage: ratedBefore ? 'hidden' : 'open' });
  };

  return {
    view: () => view,
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    update(endKey) {
      if (endKey !== ended) {
        // Another session (or none): what was asked or shown was about the one before.
        generation++;
        ended = endKey;
        set({ stage: 'hidden' });
        if (endKey && !rated.isRated(endKey)) void check(endKey);
        return;
      }
      if (endKey && rated.isRated(endKey)) {
        // Rated in another tab while this one offered the form (or sent it): thanks here too.
        if (view.stage === 'open' || view.stage === 'sending' || view.stage === 'thanked') set({ stage: 'thanked' });
        else if (view.stage === 'checking') set({ stage: 'hidden' });
      }
    },
    async submit(rating) {
      const endKey = ended;
      if (view.stage !== 'open' || !endKey) return;
      const asked = generation;
      set({ stage: 'sending' });
      const outcome = url ? await postRating(url, rating, { fetch: fetcher, clock }) : { ok: true as const };
      if (asked !== generation) return;
      if (!outcome.ok) return set({ stage: 'open', problem: outcome.problem });
      set({ stage: 'thanked' });
      rated.markRated(endKey);
      if (!outcome.already) options.onRating(rating.comment ? { score: rating.score, comment: rating.comment } : { score: rating.score });
    },
    destroy() {
      generation++;
      listeners.clear();
    },
  };
}
