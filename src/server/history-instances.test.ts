// The history on two site instances sharing one real redis-server: what one instance recorded the
// other lists, "forget me" on one is forgotten on both, and Redis holds ids and times, no words.
import { createClient } from 'redis';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { PlatformServer } from '../../demo/server/platform';
import { createRedisBindingStore } from './redis-binding-store';
import { browser, type HistorySite, startPlatform, startSite } from './testing/history-world';
import { type RunningRedis, startRedis } from './testing/redis-server';

let redis: RunningRedis;
let platform: PlatformServer;
const connectTo = (url: string) => createClient({ url });
const clients: ReturnType<typeof connectTo>[] = [];
const sites: HistorySite[] = [];

beforeAll(async () => {
  redis = await startRedis();
  platform = await startPlatform();
  for (let index = 0; index < 2; index++) {
    // Each instance its own connection, as separate processes would have.
    const client = connectTo(redis.url);
    await client.connect();
    clients.push(client);
    sites.push(await startSite(platform, { store: createRedisBindingStore(client), redis: client }));
  }
}, 30_000);

afterAll(async () => {
  await Promise.all(sites.map((site) => site.close()));
  await Promise.all(clients.map((client) => client.close()));
  await platform?.close();
  await redis?.stop();
});

describe('history on two instances (Redis)', () => {
  it('lists on one what the other recorded; forget on one is forgotten on both', async () => {
    const [one, two] = [sites[0]!, sites[1]!];
    const atOne = browser(one, platform);
    const sessionId = await atOne.chat(['Told to instance one'], { end: true });
    const atTwo = browser(two, platform);
    atTwo.cookie = atOne.cookie;
    const list = await vi.waitFor(
      async () => {
        const body = await (await atTwo.ask('GET', '/api/history')).json();
        expect(body.conversations).toHaveLength(1);
        return body.conversations;
      },
      { timeout: 5000, interval: 50 },
    );
    expect(list[0]).toMatchObject({ id: sessionId, preview: 'Told to instance one' });

    const keys = await clients[0]!.keys('agent-webchat:history:*');
    expect(keys).toHaveLength(1);
    const ttl = await clients[0]!.ttl(keys[0]!);
    expect(ttl).toBeGreaterThan(30 * 86_400 - 60);
    expect(ttl).toBeLessThanOrEqual(30 * 86_400);
    const kept = await clients[0]!.zRange(keys[0]!, 0, -1);
    expect(kept.join('')).toContain(sessionId);
    expect(kept.join('')).not.toContain('Told to instance one');

    expect((await atTwo.ask('DELETE', '/api/history')).status).toBe(204);
    expect((await (await atOne.ask('GET', '/api/history')).json()).conversations).toEqual([]);
    expect((await atOne.ask('GET', `/api/history/${sessionId}`)).status).toBe(404);
    expect(await clients[0]!.keys('agent-webchat:history:*')).toEqual([]);
  });

  it('entries recorded at once on both instances are all kept (one script per change)', async () => {
    const stores = clients.map((client) => createRedisBindingStore(client, { historyPrefix: 'burst:' }).history);
    const at = Date.now();
    await Promise.all(
      Array.from({ length: 20 }, (_, index) =>
        stores[index % 2]?.record('visitor', { id: `sess_${index}`, channel: 'chat', at: at + index, until: at + 60_000 }, 3600),
      ),
    );
    const kept = (await stores[0]?.list('visitor', 3600)) ?? [];
    expect(kept.map((entry) => entry.id)).toEqual(Array.from({ length: 20 }, (_, index) => `sess_${index}`));
    expect(kept[3]).toEqual({ id: 'sess_3', channel: 'chat', at: at + 3, until: at + 60_000 });
  });
});
