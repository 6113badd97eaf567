// Continuity: one visitor cookie, one token + session until the token expires.
import { afterEach, describe, expect, it } from 'vitest';
import { createMemoryBindingStore, type VisitorBinding } from './binding-store';
import { type FakeUpstream, platformResponder, type RunningServer, rawRequest, serveHandler, startFakeUpstream } from './testing/servers';
import { createTokenEndpoint, type TokenEndpointOptions } from './token-endpoint';

const JSON_TYPE = { 'Content-Type': 'application/json' };
const running: RunningServer[] = [];
afterEach(async () => {
  await Promise.all(running.splice(0).map((server) => server.close()));
});

async function world(
  extra: Partial<TokenEndpointOptions> = {},
  expiresIn = 600,
): Promise<{ platform: FakeUpstream; endpoint: RunningServer }> {
  const platform = await startFakeUpstream(platformResponder(expiresIn));
  const endpoint = await serveHandler(
    createTokenEndpoint({ messagingUrl: platform.url, connectorToken: 'ct', host: 'site.example', continuity: true, ...extra }),
  );
  running.push(platform, endpoint);
  return { platform, endpoint };
}

/** A visitor: keeps the cookie the endpoint sets, like a browser would. */
function visitor(url: string) {
  let cookie: string | undefined;
  return {
    get cookie() {
      return cookie;
    },
    async ask(body: unknown = { streaming: true }, headers: Record<string, string> = {}) {
      const answer = await rawRequest(url, {
        headers: { ...JSON_TYPE, ...(cookie ? { Cookie: `other=1; ${cookie}` } : {}), ...headers },
        parts: [JSON.stringify(body)],
      });
      const setCookie = answer.headers['set-cookie']?.[0];
      if (setCookie) cookie = setCookie.split(';')[0];
      return { status: answer.status, body: JSON.parse(answer.body), setCookie };
    },
  };
}

describe('continuity', () => {
  it('creates the session on the backend and answers the same binding again, expires_in counting down', async () => {
    let clock = 1_000_000;
    const { platform, endpoint } = await world({ now: () => clock });
    const ann = visitor(endpoint.url);
    const first = await ann.ask({ streaming: false });
    expect(first.status).toBe(200);
    expect(first.body).toEqual({ access_token: 'token-1', expires_in: 600, token_type: 'Bearer', session_id: 'session-1' });
    const sessionCall = platform.seen.find((seen) => seen.path === '/api/v1/sessions');
    expect(sessionCall?.headers['authorization']).toBe('Bearer token-1');
    expect(JSON.parse(sessionCall?.body ?? '')).toEqual({ platform: 'web', streaming_enabled: false });

    clock += 42_500;
    const again = await ann.ask({ streaming: false });
    expect(again.body).toEqual({ access_token: 'token-1', expires_in: 557, token_type: 'Bearer', session_id: 'session-1' });
    expect(platform.seen).toHaveLength(2);

    // Another visitor gets its own binding.
    expect((await visitor(endpoint.url).ask({ streaming: false })).body.session_id).toBe('session-2');
  });

  it('"fresh" drops the old binding and binds a new token + session to the same cookie', async () => {
    const { endpoint } = await world();
    const ann = visitor(endpoint.url);
    await ann.ask();
    const cookie = ann.cookie;
    const renewed = await ann.ask({ streaming: true, fresh: true });
    expect(renewed.body).toMatchObject({ access_token: 'token-2', session_id: 'session-2' });
    expect(ann.cookie).toBe(cookie);
    expect((await ann.ask()).body).toMatchObject({ session_id: 'session-2' });
  });

  it('an expired binding is replaced', async () => {
    let clock = 5_000_000;
    const { endpoint } = await world({ now: () => clock }, 60);
    const ann = visitor(endpoint.url);
    expect((await ann.ask()).body.session_id).toBe('session-1');
    clock += 59_500;
    expect((await ann.ask()).body.session_id).toBe('session-2');
  });

  it('a different streaming choice is a different binding', async () => {
    const { endpoint } = await world();
    const ann = visitor(endpoint.url);
    expect((await ann.ask({ streaming: true })).body.session_id).toBe('session-1');
    expect((await ann.ask({ streaming: false })).body.session_id).toBe('session-2');
  });

  it('sets an opaque HttpOnly SameSite=Lax cookie for the history retention; Secure except plain http on loopback', async () => {
    const { endpoint } = await world();
    const { setCookie } = await visitor(endpoint.url).ask();
    // 30 days: the visitor who comes back finds their earlier conversations (createHistoryEndpoint).
    expect(setCookie).toMatch(/^agent_webchat=[0-9a-f]{32}; Path=\/; Max-Age=2592000; HttpOnly; SameSite=Lax$/);
    const noHistory = await world({ retentionDays: 0 });
    expect((await visitor(noHistory.endpoint.url).ask()).setCookie).toMatch(/; Max-Age=600; HttpOnly; SameSite=Lax$/);
    const remote = await visitor(endpoint.url).ask({}, { Host: 'chat.example.com', Origin: 'https://chat.example.com' });
    expect(remote.setCookie).toMatch(/; HttpOnly; SameSite=Lax; Secure$/);

    const named = await world({ continuity: { cookie: { name: 'site_chat', path: '/help', secure: true } }, retentionDays: 7 });
    expect((await visitor(named.endpoint.url).ask()).setCookie).toMatch(
      /^site_chat=[0-9a-f]{32}; Path=\/help; Max-Age=604800; HttpOnly; SameSite=Lax; Secure$/,
    );
  });

  it('keys the store by the SHA-256 of the cookie, never the cookie', async () => {
    const keys: string[] = [];
    const memory = createMemoryBindingStore();
    const { endpoint } = await world({
      continuity: {
        store: {
          get: (key) => memory.get(key),
          delete: (key) => memory.delete(key),
          set: (key: string, value: VisitorBinding, ttl: number) => {
            keys.push(key);
            return memory.set(key, value, ttl);
          },
        },
      },
    });
    const ann = visitor(endpoint.url);
    await ann.ask();
    const id = ann.cookie?.split('=')[1] ?? '';
    const digest = await crypto.subtle.digest('SHA-256', new TextEncoder().encode(id));
    expect(keys).toEqual([Buffer.from(digest).toString('hex')]);
  });

  it('a bound visitor asking again does not count against the per-client limit', async () => {
    const { platform, endpoint } = await world({ rateLimit: { max: 1 } });
    const ann = visitor(endpoint.url);
    for (let attempt = 0; attempt < 5; attempt++) expect((await ann.ask()).status).toBe(200);
    expect((await visitor(endpoint.url).ask()).status).toBe(429);
    expect(platform.seen.filter((seen) => seen.path === '/api/v1/access-token')).toHaveLength(1);
  });

  it('tabs of one visitor asking at once share one mint and one session', async () => {
    // The platform takes its time minting, so all three requests are in while the first mint runs.
    const answerPlatform = platformResponder();
    const platform = await startFakeUpstream((seen, res) => {
      setTimeout(() => answerPlatform(seen, res), seen.path === '/api/v1/access-token' ? 500 : 0);
    });
    const endpoint = await serveHandler(
      createTokenEndpoint({ messagingUrl: platform.url, connectorToken: 'ct', host: 'h', continuity: true }),
    );
    running.push(platform, endpoint);
    const cookie = `agent_webchat=${'b'.repeat(32)}`;
    const ask = () => rawRequest(endpoint.url, { headers: { ...JSON_TYPE, Cookie: cookie }, parts: ['{}'] });
    const answers = await Promise.all([ask(), ask(), ask()]);
    expect(answers.map((answer) => JSON.parse(answer.body).session_id)).toEqual(['session-1', 'session-1', 'session-1']);
    expect(platform.seen.filter((seen) => seen.path === '/api/v1/access-token')).toHaveLength(1);
  });

  it('a failing store answers 503 and mints nothing', async () => {
    const broken = new Error('store down');
    const { platform, endpoint } = await world({
      continuity: { store: { get: () => Promise.reject(broken), set: () => Promise.reject(broken), delete: () => Promise.reject(broken) } },
    });
    const ann = visitor(endpoint.url);
    const answer = await rawRequest(endpoint.url, {
      headers: { ...JSON_TYPE, Cookie: `agent_webchat=${'a'.repeat(32)}` },
      parts: ['{}'],
    });
    expect(answer.status).toBe(503);
    expect(JSON.parse(answer.body).message).toBe('Visitor store unavailable');
    expect(platform.seen).toEqual([]);
    expect(ann.cookie).toBeUndefined();
  });

  it('a forged or foreign cookie value is ignored and replaced', async () => {
    const { endpoint } = await world();
    const answer = await rawRequest(endpoint.url, { headers: { ...JSON_TYPE, Cookie: 'agent_webchat=../../etc' }, parts: ['{}'] });
    expect(answer.status).toBe(200);
    expect(answer.headers['set-cookie']?.[0]).toMatch(/^agent_webchat=[0-9a-f]{32};/);
  });
});

describe('memory binding store', () => {
  const binding = (sessionId: string): VisitorBinding => ({ accessToken: 't', sessionId, expiresAt: 0, streaming: true });

  it('drops the oldest entry past its bound', async () => {
    const store = createMemoryBindingStore({ maxEntries: 2 });
    await store.set('a', binding('a'), 60);
    await store.set('b', binding('b'), 60);
    await store.set('c', binding('c'), 60);
    expect(await store.get('a')).toBeUndefined();
    expect((await store.get('b'))?.sessionId).toBe('b');
    expect((await store.get('c'))?.sessionId).toBe('c');
  });

  it('honours the TTL and delete', async () => {
    let clock = 0;
    const store = createMemoryBindingStore({ now: () => clock });
    await store.set('a', binding('a'), 10);
    await store.set('b', binding('b'), 10);
    clock = 9_999;
    expect((await store.get('a'))?.sessionId).toBe('a');
    await store.delete('b');
    expect(await store.get('b')).toBeUndefined();
    clock = 10_000;
    expect(await store.get('a')).toBeUndefined();
  });
});
