import { describe, expect, it } from 'vitest';
import { FakeClock, flush } from '../../testing/fake-clock';
import { createFakeFetch, type FakeAnswer, type RecordedRequest } from '../../testing/fake-fetch';
import { fetchRated, postRating, RATING_RETRY_DELAYS_MS } from './rating-request';
import { createRatingSession, type RatedFlag } from './rating-session';

function flag(): RatedFlag & { rated: Set<string> } {
  const rated = new Set<string>();
  return { rated, isRated: (key) => rated.has(key), markRated: (key) => void rated.add(key) };
}

describe('postRating', () => {
  const post = (answers: FakeAnswer[], comment?: string) => {
    const clock = new FakeClock();
    const { fetch, requests } = createFakeFetch((_req, count) => answers[Math.min(count, answers.length) - 1] ?? { status: 204 });
    const outcome = postRating('/api/rating', comment === undefined ? { score: 4 } : { score: 4, comment }, { fetch, clock });
    return { clock, requests, outcome };
  };

  it('POSTs the score and the comment as JSON with the visitor’s cookie', async () => {
    const { requests, outcome } = post([{ status: 204 }], 'Quick and clear');
    expect(await outcome).toEqual({ ok: true });
    expect(requests).toHaveLength(1);
    expect(requests[0]).toMatchObject({ url: '/api/rating', method: 'POST', headers: { 'content-type': 'application/json' } });
    expect(JSON.parse(requests[0]!.body)).toEqual({ score: 4, comment: 'Quick and clear' });
  });

  it('leaves an empty comment out', async () => {
    const { requests, outcome } = post([{ status: 201 }], '');
    await outcome;
    expect(JSON.parse(requests[0]!.body)).toEqual({ score: 4 });
  });

  it('tries again after a network error or a 5xx, waiting 1 s then 2 s', async () => {
    const { clock, requests, outcome } = post(['network-error', { status: 503 }, { status: 200 }]);
    await flush();
    expect(requests).toHaveLength(1);
    expect(clock.delays()).toEqual([1000]);
    clock.advance(1000);
    await flush();
    expect(clock.delays()).toEqual([2000]);
    clock.advance(2000);
    expect(await outcome).toEqual({ ok: true });
    expect(requests).toHaveLength(3);
  });

  it(`gives up after ${RATING_RETRY_DELAYS_MS.length + 1} failed attempts as unavailable`, async () => {
    const { clock, outcome } = post(['network-error']);
    for (let i = 0; i <= RATING_RETRY_DELAYS_MS.length; i++) {
      await flush();
      clock.advance(10_000);
    }
    expect(await outcome).toEqual({ ok: false, problem: 'unavailable' });
  });

  it.each([
    [400, { ok: false, problem: 'invalid' }],
    [403, { ok: false, problem: 'forbidden' }],
    [429, { ok: false, problem: 'rate-limited' }],
    [409, { ok: true, already: true }],
    [404, { ok: false, problem: 'unavailable' }],
  ] as const)('reads %i once, without trying again', async (status, expected) => {
    const { requests, outcome } = post([{ status, body: { message: 'no' }, headers: { 'Retry-After': '60' } }]);
    expect(await outcome).toEqual(expected);
    expect(requests).toHaveLength(1);
  });
});

describe('fetchRated', () => {
  const ask = (answer: FakeAnswer) =>
    fetchRated(
      '/api/rating',
      createFakeFetch(() => answer),
    );
  it('reads {"rated"} of the visitor’s session', async () => {
    expect(await ask({ status: 200, body: { rated: true } })).toBe(true);
    expect(await ask({ status: 200, body: { rated: false } })).toBe(false);
  });
  it('cannot say on an error, a bad body or no network', async () => {
    expect(await ask({ status: 403, body: { message: 'no binding' } })).toBeUndefined();
    expect(await ask({ status: 200, body: { rated: 'yes' } })).toBeUndefined();
    expect(await ask('network-error')).toBeUndefined();
  });
});

describe('createRatingSession', () => {
  function session(answer: (req: RecordedRequest) => FakeAnswer, rated = flag(), url: string | null = '/api/rating') {
    const { fetch, requests } = createFakeFetch(answer);
    const ratings: unknown[] = [];
    const rating = createRatingSession({ url: url ?? undefined, rated, fetch, clock: new FakeClock(), onRating: (r) => ratings.push(r) });
    return { rating, requests, ratings, rated };
  }
  const endpoint =
    (rated: boolean) =>
    (req: RecordedRequest): FakeAnswer =>
      req.method === 'GET' ? { status: 200, body: { rated } } : { status: 204 };

  it('offers nothing while the session goes on', () => {
    const { rating, requests } = session(endpoint(false));
    rating.update(undefined);
    expect(rating.view().stage).toBe('hidden');
    expect(requests).toHaveLength(0);
  });

  it('asks the endpoint once the session ended, then offers the form', async () => {
    const { rating, requests } = session(endpoint(false));
    rating.update('sys:end-1');
    expect(rating.view().stage).toBe('checking');
    rating.update('sys:end-1');
    await flush();
    expect(rating.view().stage).toBe('open');
    expect(requests.map((r) => r.method)).toEqual(['GET']);
  });

  it('does not offer a rating the endpoint already has (a reload, another tab)', async () => {
    const { rating, rated } = session(endpoint(true));
    rating.update('sys:end-1');
    await flush();
    expect(rating.view().stage).toBe('hidden');
    expect(rated.rated).toEqual(new Set(['sys:end-1']));
  });

  it('sends once, thanks, sets the shared flag and emits the rating', async () => {
    const { rating, requests, ratings, rated } = session(endpoint(false));
    rating.update('sys:end-1');
    await flush();
    const sent = rating.submit({ score: 5, comment: 'Great' });
    expect(rating.view().stage).toBe('sending');
    void rating.submit({ score: 1 });
    await sent;
    expect(rating.view().stage).toBe('thanked');
    expect(rated.isRated('sys:end-1')).toBe(true);
    expect(ratings).toEqual([{ score: 5, comment: 'Great' }]);
    expect(requests.filter((r) => r.method === 'POST')).toHaveLength(1);
  });

  it('shows a refusal and keeps the form, without an event', async () => {
    const { rating, ratings } = session((req) => (req.method === 'GET' ? { status: 200, body: { rated: false } } : { status: 429 }));
    rating.update('sys:end-1');
    await flush();
    await rating.submit({ score: 3 });
    expect(rating.view()).toEqual({ stage: 'open', problem: 'rate-limited' });
    expect(ratings).toEqual([]);
  });

  it('takes a 409 as rated before: thanks, but no second event', async () => {
    const { rating, ratings } = session((req) => (req.method === 'GET' ? { status: 200, body: { rated: false } } : { status: 409 }));
    rating.update('sys:end-1');
    await flush();
    await rating.submit({ score: 3 });
    expect(rating.view().stage).toBe('thanked');
    expect(ratings).toEqual([]);
  });

  it('without an endpoint the rating is an event only', async () => {
    const { rating, ratings, requests } = session(() => ({ status: 500 }), flag(), null);
    rating.update('sys:end-1');
    await flush();
    await rating.submit({ score: 2 });
    expect(ratings).toEqual([{ score: 2 }]);
    expect(requests).toHaveLength(0);
  });

  it('thanks in a tab whose form was open when another tab rated', async () => {
    const { rating, rated } = session(endpoint(false));
    rating.update('sys:end-1');
    await flush();
    rated.markRated('sys:end-1');
    rating.update('sys:end-1');
    expect(rating.view().stage).toBe('thanked');
  });

  it('offers the form again for the next session', async () => {
    const shared = flag();
    const { rating, requests } = session(endpoint(false), shared);
    rating.update('sys:end-1');
    await flush();
    await rating.submit({ score: 4 });
    rating.update(undefined);
    expect(rating.view().stage).toBe('hidden');
    rating.update('sys:end-2');
    await flush();
    expect(rating.view().stage).toBe('open');
    expect(requests.filter((r) => r.method === 'GET')).toHaveLength(2);
  });
});
