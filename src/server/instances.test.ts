// Two instances of a site's backend in separate processes, sharing one real redis-server: the
// limits and memories of the callback endpoint hold across them, and Redis going away places no call.
import type { ServerResponse } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type RunningInstance, startInstance } from './testing/instances';
import { type RunningRedis, startRedis } from './testing/redis-server';
import { type FakeUpstream, type RawAnswer, rawRequest, type SeenRequest, sendJson, startFakeUpstream } from './testing/servers';
import { newVisitorId } from './visitor-cookie';

const JSON_TYPE = { 'Content-Type': 'application/json' };
let redis: RunningRedis;
let platform: FakeUpstream;
let instances: RunningInstance[] = [];

/** The Outbound Calling API: numbered sids; a call stays `calling`, so it stays in progress. */
function outbound(seen: SeenRequest, res: ServerResponse) {
  if (seen.method === 'POST' && seen.path === '/v1/outbound-calling') {
    return sendJson(res, 200, { call_sid: `OUT-${triggers().length}` });
  }
  if (/^\/v1\/outbound-calling\/OUT-\d+\/status$/.test(seen.path)) return sendJson(res, 200, { status: 'calling', reason: '' });
  sendJson(res, 404, { message: 'no such path' });
}
const triggers = () => platform.seen.filter((seen) => seen.method === 'POST' && seen.path === '/v1/outbound-calling');

beforeAll(async () => {
  redis = await startRedis();
  platform = await startFakeUpstream(outbound);
  const config = { redisUrl: redis.url, platformUrl: platform.url, callbackLimits: { perVisitor: 3, perNumber: 3, perSite: 1000 } };
  instances = await Promise.all([startInstance(config), startInstance(config)]);
}, 30_000);

afterAll(async () => {
  await Promise.all(instances.map((instance) => instance.stop()));
  await platform?.close();
  await redis?.stop();
});

let sessions = 0;
/** A visitor bound to a live conversation (through instance 0: the binding is in Redis). */
async function visitor() {
  const id = newVisitorId();
  const seed = () =>
    rawRequest(instances[0]!.url, {
      path: '/seed',
      headers: JSON_TYPE,
      parts: [JSON.stringify({ visitorId: id, sessionId: `session-${++sessions}` })],
    });
  let seeded = await seed();
  // Right after Redis restarts, until the instance has reconnected (503).
  for (let attempt = 0; seeded.status === 503 && attempt < 100; attempt++) {
    await new Promise((wake) => setTimeout(wake, 50));
    seeded = await seed();
  }
  expect(seeded.status).toBe(204);
  const ask = (at: number, method: string, path: string, body?: unknown): Promise<RawAnswer> =>
    rawRequest(instances[at]!.url, {
      method,
      path,
      headers: { ...JSON_TYPE, Cookie: `agent_webchat=${id}` },
      parts: body === undefined ? [] : [JSON.stringify(body)],
    });
  return {
    request: (at: number, toNumber: string) => ask(at, 'POST', '/api/callback', { to_number: toNumber }),
    poll: (at: number, sid: string) => ask(at, 'GET', `/api/callback/${sid}`),
    current: (at: number) => ask(at, 'GET', '/api/callback'),
  };
}

describe('two site instances on one Redis', () => {
  it('place at most the per-number limit for one number in a burst across both', async () => {
    const before = triggers().length;
    const visitors = await Promise.all(Array.from({ length: 10 }, () => visitor()));
    const answers = await Promise.all(visitors.map((one, index) => one.request(index % 2, '+12025550100')));
    const statuses = answers.map((answer) => answer.status);
    expect(statuses.filter((status) => status === 202)).toHaveLength(3);
    expect(statuses.filter((status) => status === 429)).toHaveLength(7);
    expect(answers.find((answer) => answer.status === 429)?.headers['retry-after']).toMatch(/^\d+$/);
    expect(triggers().length - before).toBe(3);
  });

  it('hold one call in progress per visitor across both', async () => {
    const before = triggers().length;
    const ann = await visitor();
    const both = await Promise.all([ann.request(0, '+12025550101'), ann.request(1, '+12025550102')]);
    expect(both.map((answer) => answer.status).sort()).toEqual([202, 409]);
    expect(triggers().length - before).toBe(1);
    // Still calling: the other instance refuses the next request too.
    expect((await ann.request(1, '+12025550103')).status).toBe(409);
  });

  it('answer a visitor’s call status on the other instance, and another visitor’s never', async () => {
    const ann = await visitor();
    const placed = await ann.request(0, '+12025550104');
    const sid = String(JSON.parse(placed.body).call_sid);
    const status = await ann.poll(1, sid);
    expect([status.status, JSON.parse(status.body)]).toEqual([200, { status: 'calling', reason: '' }]);
    expect(JSON.parse((await ann.current(1)).body).call).toEqual({ call_sid: sid, status: 'calling', reason: '' });
    const bob = await visitor();
    expect((await bob.poll(1, sid)).status).toBe(404);
    expect(JSON.parse((await bob.current(1)).body).call).toBeUndefined();
  });

  it('place no call while Redis is down (503 with Retry-After), and work again once it is back', async () => {
    const ann = await visitor();
    await redis.stop();
    const before = triggers().length;
    for (const at of [0, 1]) {
      const answer = await ann.request(at, '+12025550105');
      expect([answer.status, answer.headers['retry-after']]).toEqual([503, '5']);
      expect(JSON.parse(answer.body)).toMatchObject({ message: 'Visitor store unavailable' });
      expect(answer.body).not.toMatch(/secret|Error|at /);
    }
    const token = await rawRequest(instances[1]!.url, { path: '/token', headers: JSON_TYPE, parts: ['{}'] });
    expect(token.status).toBe(503);
    expect(triggers().length).toBe(before);

    await redis.restart();
    // Nothing was saved: the visitor's conversation is bound again once the instances reconnect.
    const bob = await visitor();
    for (const at of [0, 1]) {
      let answer = await bob.current(at);
      for (let attempt = 0; answer.status !== 200 && attempt < 100; attempt++) {
        await new Promise((wake) => setTimeout(wake, 50));
        answer = await bob.current(at);
      }
      expect(answer.status).toBe(200);
    }
    expect((await bob.request(1, '+12025550106')).status).toBe(202);
    expect(triggers().length).toBe(before + 1);
  }, 20_000);
});
