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

/** The conversation's `rated` flag, shared by its tabs and cleared when a new session starts. */
export interface RatedFlag {
  get(): boolean;
  set(): void;
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
  /** The conversation's state changed: `ended` says whether its session ended. */
  update(ended: boolean): void;
  submit(rating: Rating): Promise<void>;
  destroy(): void;
}

export function createRatingSession(options: RatingSessionOptions): RatingSession {
  const { url, rated, clock } = options;
  const fetcher = options.fetch ?? ((input, init) => fetch(input, init));
  const listeners = new Set<() => void>();
  let view: RatingView = { stage: 'hidden' };
  let ended = false;
  /** Bumped by each new session and by destroy(): a late answer about an older one is ignored. */
  let generation = 0;

  const set = (next: RatingView) => {
    if (next.stage === view.stage && next.problem === view.problem) return;
    view = next;
    for (const listener of listeners) listener();
  };

  const check = async () => {
    const asked = generation;
    set({ stage: 'checking' });
    const ratedBefore = url ? await fetchRated(url, { fetch: fetcher }) : false;
    if (asked !== generation || view.stage !== 'checking') return;
    if (ratedBefore) rated.set();
    set({ stage: ratedBefore ? 'hidden' : 'open' });
  };

  return {
    view: () => view,
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    update(nowEnded) {
      if (!nowEnded) {
        if (ended) generation++;
        ended = false;
        return set({ stage: 'hidden' });
      }
      const wasEnded = ended;
      ended = true;
      if (rated.get()) {
        // Rated in another tab while this one offered the form (or sent it): thanks here too.
        if (view.stage === 'open' || view.stage === 'sending' || view.stage === 'thanked') set({ stage: 'thanked' });
        else if (view.stage === 'checking') set({ stage: 'hidden' });
        return;
      }
      if (!wasEnded) void check();
    },
    async submit(rating) {
      if (view.stage !== 'open') return;
      const asked = generation;
      set({ stage: 'sending' });
      const outcome = url ? await postRating(url, rating, { fetch: fetcher, clock }) : { ok: true as const };
      if (asked !== generation) return;
      if (!outcome.ok) return set({ stage: 'open', problem: outcome.problem });
      set({ stage: 'thanked' });
      rated.set();
      if (!outcome.already) options.onRating(rating.comment ? { score: rating.score, comment: rating.comment } : { score: rating.score });
    },
    destroy() {
      generation++;
      listeners.clear();
    },
  };
}
