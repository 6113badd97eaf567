// createRatingEndpoint through real loopback servers: each refusal of CONTRACT's ratingUrl, the
// site's hook receiving the session id, and one rating per session across two instances on Redis.
import { createClient } from 'redis';
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import type { BindingStore } from './binding-store';
import { createMemoryBindingStore } from './binding-store';
import { createRatingEndpoint, type Rating, type RatingEndpointOptions } from './rating-endpoint';
import { createRedisBindingStore } from './redis-binding-store';
import { type RunningRedis, startRedis } from './testing/redis-server';
import { askAsVisitor, type RunningServer, rawRequest, serveHandler } from './testing/servers';
import { newVisitorId, visitorKey } from './visitor-cookie';

const JSON_TYPE = { 'Content-Type': 'application/json' };
const running: RunningServer[] = [];
let redis: RunningRedis | undefined;
let client: ReturnType<typeof createClient> | undefined;
afterEach(async () => {
  await Promise.all(running.splice(0).map((server) => server.close()));
});
afterAll(async () => {
  await client?.close();
  await redis?.stop();
});

async function world(extra: Partial<RatingEndpointOptions> = {}, store: BindingStore = createMemoryBindingStore(), urls = 1) {
  const ratings: Rating[] = [];
  const endpoints: RunningServer[] = [];
  for (let index = 0; index < urls; index++) {
    const endpoint = await serveHandler(
      createRatingEndpoint({ continuity: { store }, onRating: (rating) => void ratings.push(rating), ...extra }),
    );
    running.push(endpoint);
    endpoints.push(endpoint);
  }
  let sessions = 0;
  async function visitor(options: { bound?: boolean; expiresInMs?: number } = {}) {
    const id = newVisitorId();
    const sessionId = `session-${++sessions}`;
    if (options.bound ?? true) {
      const expiresInMs = options.expiresInMs ?? 600_000;
      await store.set(
        await visitorKey(id),
        { accessToken: 'secret-token', sessionId, expiresAt: Date.now() + expiresInMs, streaming: true },
        600,
      );
    }
    const ask = (method: string, body?: string, headers: Record<string, string> = {}, at = 0) =>
      askAsVisitor(endpoints[at]!.url, id, { method, path: '/api/rating', body, headers });
    return {
      sessionId,
      ask,
      rate: (body: unknown, at = 0) => ask('POST', JSON.stringify(body), {}, at),
      rated: (at = 0) => ask('GET', undefined, {}, at),
    };
  }
  return { ratings, visitor };
}

describe('createRatingEndpoint', () => {
  it('hands the site the rating with the session id, once, and says so on GET', async () => {
    const { ratings, visitor } = await world();
    const ann = await visitor();
    expect((await ann.rated()).body).toEqual({ rated: false });
    const answer = await ann.rate({ score: 4, comment: '  Quick and right.  ' });
    expect([answer.status, answer.body]).toEqual([200, { rated: true }]);
    expect(ratings).toEqual([{ sessionId: ann.sessionId, score: 4, comment: 'Quick and right.' }]);
    expect((await ann.rated()).body).toEqual({ rated: true });
    expect(answer.text).not.toContain('secret-token');
  });

  it('accepts a rating without a comment, and a comment of exactly 1,000 characters', async () => {
    const { ratings, visitor } = await world();
    await (await visitor()).rate({ score: 1 });
    await (await visitor()).rate({ score: 5, comment: '😀'.repeat(1000) });
    expect(ratings.map((rating) => [rating.score, rating.comment?.length])).toEqual([
      [1, undefined],
      [5, 2000],
    ]);
  });

  it('refuses a second rating of one session (409), whatever its score', async () => {
    const { ratings, visitor } = await world();
    const ann = await visitor();
    expect((await ann.rate({ score: 5 })).status).toBe(200);
    const again = await ann.rate({ score: 1, comment: 'changed my mind' });
    expect([again.status, again.body['message']]).toEqual([409, 'This conversation is already rated']);
    expect(ratings).toHaveLength(1);
  });

  it('refuses a foreign origin, and answers an allowed one with CORS headers', async () => {
    const { ratings, visitor } = await world({ allowedOrigins: ['https://www.example.com'] });
    const ann = await visitor();
    const evil = await ann.ask('POST', '{"score":5}', { Origin: 'http://evil.example' });
    expect(evil.status).toBe(403);
    expect((await ann.ask('GET', undefined, { Origin: 'http://evil.example' })).status).toBe(403);
    expect((await ann.ask('POST', '{"score":5}', { 'Sec-Fetch-Site': 'cross-site' })).status).toBe(403);
    expect(ratings).toEqual([]);
    const allowed = await ann.ask('POST', '{"score":5}', { Origin: 'https://www.example.com' });
    expect([allowed.status, allowed.headers['access-control-allow-origin']]).toEqual([200, 'https://www.example.com']);
  });

  it('refuses a visitor without a binding: no cookie, an unknown one, or a token expired', async () => {
    const { ratings, visitor } = await world();
    const stranger = await visitor({ bound: false });
    expect((await stranger.rate({ score: 5 })).status).toBe(403);
    expect((await stranger.rated()).status).toBe(403);
    const expired = await visitor({ expiresInMs: -1 });
    expect((await expired.rate({ score: 5 })).status).toBe(403);
    const noCookie = await rawRequest(running[0]!.url, { path: '/api/rating', headers: JSON_TYPE, parts: ['{"score":5}'] });
    expect(noCookie.status).toBe(403);
    expect(ratings).toEqual([]);
  });

  it('refuses a bad score or a comment over 1,000 characters (400)', async () => {
    const { ratings, visitor } = await world();
    const ann = await visitor();
    for (const body of [
      {},
      { score: 0 },
      { score: 6 },
      { score: 2.5 },
      { score: '5' },
      { score: null },
      { score: 3, comment: 42 },
      { score: 3, comment: 'x'.repeat(1001) },
      { score: 3, comment: '😀'.repeat(1001) },
    ]) {
      const answer = await ann.rate(body);
      expect([JSON.stringify(body).slice(0, 40), answer.status]).toEqual([JSON.stringify(body).slice(0, 40), 400]);
    }
    expect(ratings).toEqual([]);
    expect((await ann.rate({ score: 3 })).status).toBe(200);
  });

  it('refuses bad bodies: not JSON, not an object, another type, too large, too deep', async () => {
    const { ratings, visitor } = await world();
    const ann = await visitor();
    const cases: [string, Record<string, string>, number][] = [
      ['{"score":', {}, 400],
      ['[5]', {}, 400],
      ['"5"', {}, 400],
      ['score=5', { 'Content-Type': 'application/x-www-form-urlencoded' }, 415],
      [`{"score":5,"comment":"${'x'.repeat(20_000)}"}`, {}, 413],
      [`{"score":5,"x":${'['.repeat(10)}${']'.repeat(10)}}`, {}, 400],
    ];
    for (const [body, headers, status] of cases) expect((await ann.ask('POST', body, headers)).status).toBe(status);
    expect((await ann.ask('PUT', '{"score":5}')).status).toBe(405);
    expect(ratings).toEqual([]);
  });

  it('limits ratings per visitor (429 with Retry-After)', async () => {
    const { visitor } = await world({ limits: { max: 2, windowSeconds: 600 } });
    const ann = await visitor();
    expect((await ann.rate({ score: 5 })).status).toBe(200);
    expect((await ann.rate({ score: 5 })).status).toBe(409);
    const limited = await ann.rate({ score: 5 });
    expect(limited.status).toBe(429);
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(500);
    // Another visitor has a limit of its own.
    expect((await (await visitor()).rate({ score: 2 })).status).toBe(200);
  });

  it('leaves the session unrated when the site hook throws (500), so the visitor may send it again', async () => {
    let fail = true;
    const ratings: Rating[] = [];
    const { visitor } = await world({
      onRating: (rating) => {
        if (fail) throw new Error('database down at db.internal:5432');
        ratings.push(rating);
      },
    });
    const ann = await visitor();
    const failed = await ann.rate({ score: 3 });
    expect([failed.status, failed.text]).toEqual([500, expect.not.stringContaining('db.internal')]);
    fail = false;
    expect((await ann.rate({ score: 3 })).status).toBe(200);
    expect(ratings).toHaveLength(1);
  });

  it('on Redis, rates a session once across two instances and shares "rated"', async () => {
    redis = await startRedis();
    client = createClient({ url: redis.url });
    client.on('error', () => undefined);
    await client.connect();
    const store = createRedisBindingStore(client);
    const { ratings, visitor } = await world({ redis: client }, store, 2);
    const ann = await visitor();
    const both = await Promise.all([ann.rate({ score: 5 }, 0), ann.rate({ score: 4 }, 1)]);
    expect(both.map((answer) => answer.status).sort()).toEqual([200, 409]);
    expect(ratings).toHaveLength(1);
    expect((await ann.rated(0)).body).toEqual({ rated: true });
    expect((await ann.rated(1)).body).toEqual({ rated: true });
    expect((await (await visitor()).rated(1)).body).toEqual({ rated: false });
    const keys = await client.keys('agent-webchat:*');
    expect(keys.some((key) => key.startsWith('agent-webchat:rated:'))).toBe(true);
    expect(keys.some((key) => key.startsWith('agent-webchat:limit:rating-visitor:'))).toBe(true);
    for (const key of keys) expect(await client.ttl(key)).toBeGreaterThan(0);
    // Redis gone: 503 with Retry-After, no rating reaches the site.
    await redis.stop();
    const down = await (await visitor({ bound: false })).rate({ score: 5 });
    expect([down.status, down.headers['retry-after']]).toEqual([503, '5']);
    expect(ratings).toHaveLength(1);
  });
});
