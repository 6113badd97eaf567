// The widget's side of the site's rating endpoint (CONTRACT.md, "Site backend: ratingUrl"):
// POST {score, comment?} with the visitor's cookie, and GET {"rated"} to learn whether the
// visitor's bound session was rated already (a reload, another tab). The endpoint finds the
// session by the continuity cookie: no session id is ever sent or stored by the browser.

import type { Clock } from '../../contract/clock';

export interface Rating {
  /** 1 to 5. */
  score: number;
  comment?: string;
}

/** Why the endpoint did not take a rating; each has its plain words in strings.ts (`rating-` + problem). */
export type RatingProblem = 'forbidden' | 'rate-limited' | 'invalid' | 'unavailable';

/** `already`: the endpoint says the session was rated before (409), so this rating was not taken. */
export type RatingOutcome = { ok: true; already?: boolean } | { ok: false; problem: RatingProblem };

/** Waits before each new try after a network error or a 5xx: the rating is small and worth a few seconds. */
export const RATING_RETRY_DELAYS_MS = [1000, 2000] as const;

export interface RatingRequestDeps {
  fetch: typeof fetch;
  clock: Clock;
}

const wait = (clock: Clock, ms: number) => new Promise<void>((resolve) => clock.setTimeout(resolve, ms));

export async function postRating(url: string, rating: Rating, { fetch, clock }: RatingRequestDeps): Promise<RatingOutcome> {
  const body = JSON.stringify(rating.comment ? { score: rating.score, comment: rating.comment } : { score: rating.score });
  for (let attempt = 0; ; attempt++) {
    let status: number;
    try {
      const response = await fetch(url, {
        method: 'POST',
        credentials: 'same-origin',
        cache: 'no-store',
        headers: { 'Content-Type': 'application/json' },
        body,
      });
      status = response.status;
    } catch {
      status = 0; // the network failed: worth another try
    }
    if (status >= 200 && status < 300) return { ok: true };
    if (status === 409) return { ok: true, already: true };
    if (status === 400 || status === 413 || status === 422) return { ok: false, problem: 'invalid' };
    if (status === 401 || status === 403) return { ok: false, problem: 'forbidden' };
    if (status === 429) return { ok: false, problem: 'rate-limited' };
    const delay = RATING_RETRY_DELAYS_MS[attempt];
    if ((status !== 0 && status < 500) || delay === undefined) return { ok: false, problem: 'unavailable' };
    // Up to a quarter shorter: many visitors cut off by one outage do not come back in step.
    await wait(clock, Math.round(delay * (1 - clock.random() * 0.25)));
  }
}

/** Whether the visitor's bound session is rated: true or false from the endpoint, undefined when it cannot say. */
export async function fetchRated(url: string, deps: Pick<RatingRequestDeps, 'fetch'>): Promise<boolean | undefined> {
  try {
    const response = await deps.fetch(url, { credentials: 'same-origin', cache: 'no-store' });
    if (!response.ok) return undefined;
    const body: unknown = await response.json();
    const rated = typeof body === 'object' && body !== null ? Reflect.get(body, 'rated') : undefined;
    return typeof rated === 'boolean' ? rated : undefined;
  } catch {
    return undefined;
  }
}
