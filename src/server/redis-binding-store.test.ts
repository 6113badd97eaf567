// The Redis binding store against a real redis-server: two endpoint instances, one visitor, one session.
import { createClient } from 'redis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createRedisBindingStore } from './redis-binding-store';
import { type RunningRedis, startRedis } from './testing/redis-server';
import { platformResponder, type RunningServer, rawRequest, serveHandler, startFakeUpstream } from './testing/servers';
import { createTokenEndpoint } from './token-endpoint';

let redis: RunningRedis;
let client: ReturnType<typeof createClient>;
const running: RunningServer[] = [];

beforeAll(async () => {
  redis = await startRedis();
  client = createClient({ url: redis.url });
  await client.connect();
});

afterAll(async () => {
  await Promise.all(running.map((server) => server.close()));
  await client?.close();
  await redis?.stop();
});

describe('Redis binding store', () => {
  it('lets two endpoint instances serve one visitor the same session', async () => {
    const platform = await startFakeUpstream(platformResponder(600));
    running.push(platform);
    const instance = async () => {
      const server = await serveHandler(
        createTokenEndpoint({
          messagingUrl: platform.url,
          connectorToken: 'ct',
          host: 'site.example',
          continuity: { store: createRedisBindingStore(client, { prefix: 'test:' }) },
        }),
      );
      running.push(server);
      return server;
    };
    const [first, second] = [await instance(), await instance()];
    const atFirst = await rawRequest(first.url, { headers: { 'Content-Type': 'application/json' }, parts: ['{"streaming":true}'] });
    const cookie = atFirst.headers['set-cookie']?.[0]?.split(';')[0] ?? '';
    expect(cookie).toMatch(/^agent_webchat=[0-9a-f]{32}$/);
    const atSecond = await rawRequest(second.url, {
      headers: { 'Content-Type': 'application/json', Cookie: cookie },
      parts: ['{"streaming":true}'],
    });
    expect(JSON.parse(atSecond.body)).toMatchObject({ access_token: 'token-1', session_id: 'session-1', token_type: 'Bearer' });
    expect(JSON.parse(atSecond.body).expires_in).toBeLessThanOrEqual(600);
    expect(platform.seen.filter((seen) => seen.path === '/api/v1/sessions')).toHaveLength(1);

    const keys = await client.keys('test:*');
    expect(keys).toHaveLength(1);
    expect(keys[0]).toMatch(/^test:[0-9a-f]{64}$/);
    expect(keys[0]).not.toContain(cookie.split('=')[1]);
    const ttl = await client.ttl(keys[0]!);
    expect(ttl).toBeGreaterThan(590);
    expect(ttl).toBeLessThanOrEqual(600);
  });

  it('set, get, delete and expiry', async () => {
    const store = createRedisBindingStore(client, { prefix: 'unit:' });
    const binding = { accessToken: 'a', sessionId: 's', expiresAt: 123, streaming: false };
    await store.set('k', binding, 1);
    expect(await store.get('k')).toEqual(binding);
    await store.delete('k');
    expect(await store.get('k')).toBeUndefined();
    await client.set('unit:garbage', 'not json');
    expect(await store.get('garbage')).toBeUndefined();
    await store.set('short', binding, 1);
    await client.pExpire('unit:short', 1);
    await expect.poll(() => store.get('short')).toBeUndefined();
  });
});
