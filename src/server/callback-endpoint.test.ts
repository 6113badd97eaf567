// createCallbackEndpoint through real loopback servers: the widget's exchange (CONTRACT) against a
// fake Outbound Calling API, with every abuse rule answered before the platform is asked.
import type { ServerResponse } from 'node:http';
import { afterEach, describe, expect, it } from 'vitest';
import { createMemoryBindingStore } from './binding-store';
import { base64Size, METADATA_BASE64_LIMIT } from './call-metadata';
import { type CallbackEndpointOptions, createCallbackEndpoint } from './callback-endpoint';
import {
  askAsVisitor,
  type FakeUpstream,
  type RunningServer,
  type SeenRequest,
  sendJson,
  serveHandler,
  startFakeUpstream,
} from './testing/servers';
import { newVisitorId, visitorKey } from './visitor-cookie';

const SERVICE_TOKEN = 'service-secret-321';
const ACCESS_TOKEN = 'access-token-secret';
const running: RunningServer[] = [];
afterEach(async () => {
  await Promise.all(running.splice(0).map((server) => server.close()));
});

type Outcome = { status: 'queued' | 'calling' | 'success' | 'failure'; reason: string };

/** The Outbound Calling API: numbered sids; each status read moves the call one step on. */
function outboundPlatform(script: Partial<Record<string, Outcome[]>> = {}, failPlacement = 0) {
  let calls = 0;
  const placed = new Map<string, Outcome[]>();
  let placementsRefused = 0;
  return (seen: SeenRequest, res: ServerResponse) => {
    if (seen.headers['x-service-auth-token'] !== SERVICE_TOKEN) return sendJson(res, 401, { error_message: 'bad token' });
    if (seen.method === 'POST' && seen.path === '/v1/outbound-calling') {
      if (placementsRefused < failPlacement) {
        placementsRefused++;
        return sendJson(res, 500, { error_message: `could not place (${SERVICE_TOKEN})` });
      }
      const to = String(JSON.parse(seen.body).to_number);
      const sid = `OUT-${++calls}`;
      placed.set(sid, [
        ...(script[to] ?? [
          { status: 'calling', reason: '' },
          { status: 'success', reason: '' },
        ]),
      ]);
      return sendJson(res, 200, { call_sid: sid });
    }
    const match = /^\/v1\/outbound-calling\/(OUT-\w+)\/status$/.exec(seen.path);
    const steps = match ? placed.get(match[1]!) : undefined;
    if (!steps) return sendJson(res, 404, { error_message: 'call SID unknown' });
    const step = steps.length > 1 ? steps.shift()! : steps[0]!;
    if (step.reason === 'http-500') return sendJson(res, 500, { error_message: 'failed to retrieve' });
    if (step.reason === 'http-404') return sendJson(res, 404, { error_message: 'status expired' });
    sendJson(res, 200, step);
  };
}

async function world(extra: Partial<CallbackEndpointOptions> = {}, platformScript = outboundPlatform()) {
  const platform = await startFakeUpstream(platformScript);
  const store = createMemoryBindingStore();
  const endpoint = await serveHandler(
    createCallbackEndpoint({
      runtimeUrl: platform.url,
      serviceAuthToken: SERVICE_TOKEN,
      allowedCountries: ['US', 'GB', 'FR'],
      continuity: { store },
      placeRetries: 1,
      ...extra,
    }),
  );
  running.push(platform, endpoint);
  let sessions = 0;
  /** A visitor with a live conversation (its continuity binding), or without one. */
  async function visitor(bound = true) {
    const id = newVisitorId();
    if (bound) {
      await store.set(
        await visitorKey(id),
        { accessToken: ACCESS_TOKEN, sessionId: `session-${++sessions}`, expiresAt: Date.now() + 600_000, streaming: true },
        600,
      );
    }
    const ask = (method: string, path: string, body?: unknown, headers: Record<string, string> = {}) =>
      askAsVisitor(endpoint.url, id, {
        method,
        path,
        body: body === undefined || typeof body === 'string' ? body : JSON.stringify(body),
        headers,
      });
    return {
      ask,
      request: (body: unknown, headers?: Record<string, string>) => ask('POST', '/api/callback', body, headers),
      poll: (sid: string) => ask('GET', `/api/callback/${sid}`),
      current: () => ask('GET', '/api/callback'),
    };
  }
  return { platform, visitor };
}

const triggers = (platform: FakeUpstream) => platform.seen.filter((seen) => seen.method === 'POST');

describe('createCallbackEndpoint', () => {
  it('places the call with the number in E.164 and the chat context as string metadata, never a token', async () => {
    const { platform, visitor } = await world();
    const ann = await visitor();
    const turns = [
      { author: 'user', text: 'My order did not arrive' },
      { author: 'agent', text: 'I can call you about it.' },
      { author: 'system', text: 'ignored' },
    ];
    const answer = await ann.request({ to_number: '(202) 555-0100', country_code: 'US', turns, locale: 'fr-FR' });
    expect(answer.status).toBe(202);
    expect(answer.body).toEqual({ call_sid: 'OUT-1', status: 'queued' });
    const [sent] = triggers(platform);
    expect(sent?.headers['x-service-auth-token']).toBe(SERVICE_TOKEN);
    const body = JSON.parse(sent?.body ?? '');
    expect(body.to_number).toBe('+12025550100');
    expect(body.metadata).toEqual({
      channel: 'webchat',
      session_id: 'session-1',
      chat_session_id: 'session-1',
      locale: 'fr-FR',
      chat_turns: JSON.stringify(turns.slice(0, 2)),
      chat_turns_source: 'widget',
    });
    expect(sent?.body).not.toContain(ACCESS_TOKEN);
  });

  it('adds what the site hook gives, without letting it replace the session', async () => {
    const { platform, visitor } = await world({ metadata: () => ({ plan: 'gold', session_id: 'forged' }) });
    await (await visitor()).request({ to_number: '+12025550100' });
    expect(JSON.parse(triggers(platform)[0]?.body ?? '').metadata).toMatchObject({ plan: 'gold', session_id: 'session-1' });
  });

  it('proxies the status of the visitor’s own call, and 404 for another visitor’s call_sid', async () => {
    const { visitor } = await world();
    const ann = await visitor();
    const bob = await visitor();
    const { body } = await ann.request({ to_number: '+12025550100' });
    const sid = String(body['call_sid']);
    expect((await ann.poll(sid)).body).toEqual({ status: 'calling', reason: '' });
    expect((await ann.poll(sid)).body).toEqual({ status: 'success', reason: '' });
    const stolen = await bob.poll(sid);
    expect(stolen.status).toBe(404);
    expect((await ann.current()).body).toEqual({ countries: ['US', 'GB', 'FR'], call: { call_sid: sid, status: 'success', reason: '' } });
    expect((await bob.current()).body).toEqual({ countries: ['US', 'GB', 'FR'] });
  });

  it('answers a malformed call id 404 without asking the platform, mounted with or without `path`', async () => {
    for (const path of ['/api/callback', undefined]) {
      const { platform, visitor } = await world(path === undefined ? {} : { path });
      const ann = await visitor();
      expect((await ann.request({ to_number: '+12025550100' })).status).toBe(202);
      const seen = platform.seen.length;
      const malformed = path === undefined ? ['%00', 'OUT-', 'out-1', 'OUT-1%2F..', 'a%20b'] : ['not-a-sid', '%00', 'OUT-', 'OUT-1/x'];
      for (const sid of malformed) {
        const answer = await ann.ask('GET', `/api/callback/${sid}`);
        expect([sid, answer.status, answer.body['message']]).toEqual([sid, 404, 'No such call']);
      }
      expect(platform.seen).toHaveLength(seen);
      // The endpoint itself and the visitor's own call still answer.
      expect((await ann.current()).status).toBe(200);
      expect((await ann.ask('GET', '/api/callback/')).status).toBe(200);
      expect((await ann.poll('OUT-1')).status).toBe(200);
    }
  });

  it('with `path`, answers 404 to a request for a call under another path, POST included', async () => {
    const { platform, visitor } = await world({ path: '/api/callback' });
    const ann = await visitor();
    expect((await ann.ask('POST', '/api/callback/not-a-sid', { to_number: '+12025550100' })).status).toBe(404);
    expect((await ann.ask('GET', '/elsewhere')).status).toBe(404);
    expect(platform.seen).toEqual([]);
  });

  it('refuses a foreign origin before anything else', async () => {
    const { platform, visitor } = await world();
    const answer = await (await visitor()).request(
      { to_number: '+12025550100' },
      { Origin: 'https://evil.example', 'Sec-Fetch-Site': 'cross-site' },
    );
    expect(answer.status).toBe(403);
    expect(platform.seen).toEqual([]);
  });

  it('refuses a visitor without a live conversation', async () => {
    const { platform, visitor } = await world();
    const stranger = await visitor(false);
    const answer = await stranger.request({ to_number: '+12025550100' });
    expect(answer.status).toBe(403);
    expect(answer.body['message']).toBe('A call needs a live conversation with this visitor');
    const noCookie = await stranger.request({ to_number: '+12025550100' }, { Cookie: '' });
    expect(noCookie.status).toBe(403);
    expect(platform.seen).toEqual([]);
  });

  it('calls one number at most N times a window, whoever asks (Retry-After)', async () => {
    const { platform, visitor } = await world({ limits: { perNumber: 2 } });
    for (let index = 0; index < 2; index++) expect((await (await visitor()).request({ to_number: '+12025550199' })).status).toBe(202);
    const third = await (await visitor()).request({ to_number: '202-555-0199', country_code: 'US' });
    expect(third.status).toBe(429);
    expect(Number(third.headers['retry-after'])).toBeGreaterThan(3500);
    expect(triggers(platform)).toHaveLength(2);
  });

  it('limits calls per visitor and per site too', async () => {
    const { visitor } = await world({ limits: { perVisitor: 1, perSite: 2 } }, outboundPlatform({}, 0));
    const ann = await visitor();
    expect((await ann.request({ to_number: '+12025550100' })).status).toBe(202);
    await ann.poll('OUT-1');
    await ann.poll('OUT-1');
    expect((await ann.request({ to_number: '+12025550100' })).status).toBe(429);
    expect((await (await visitor()).request({ to_number: '+12025550111' })).status).toBe(202);
    expect((await (await visitor()).request({ to_number: '+12025550112' })).status).toBe(429);
  });

  it('refuses numbers of a country not allowed, invalid numbers, premium numbers and blocked prefixes', async () => {
    const { platform, visitor } = await world({ blockedPrefixes: ['+1202555013'] });
    const ann = await visitor();
    const cases: [unknown, string][] = [
      [{ to_number: '+4930123456' }, 'country_not_allowed'],
      [{ to_number: '030 123456', country_code: 'DE' }, 'country_not_allowed'],
      [{ to_number: '12345' }, 'invalid_number'],
      [{ to_number: '+19005551234' }, 'blocked_number'],
      [{ to_number: '08 99 12 34 56', country_code: 'FR' }, 'blocked_number'],
      [{ to_number: '+18005551234' }, 'blocked_number'],
      [{ to_number: '+12025550130' }, 'blocked_number'],
      [{ to_number: 5550100 }, 'invalid_number'],
    ];
    for (const [body, code] of cases) {
      const answer = await ann.request(body);
      expect([answer.status, answer.body['code']]).toEqual([400, code]);
    }
    expect(platform.seen).toEqual([]);
  });

  it('holds one call in progress per visitor (409), then allows the next', async () => {
    const script = outboundPlatform({
      '+12025550100': [
        { status: 'calling', reason: '' },
        { status: 'calling', reason: '' },
        { status: 'failure', reason: 'no answer' },
      ],
    });
    const { visitor } = await world({}, script);
    const ann = await visitor();
    expect((await ann.request({ to_number: '+12025550100' })).status).toBe(202);
    const again = await ann.request({ to_number: '+12025550100' });
    expect([again.status, again.body['code']]).toEqual([409, 'in_progress']);
    // The 409 read the status once (calling); the next read is the terminal failure.
    expect((await ann.poll('OUT-1')).body).toEqual({ status: 'calling', reason: '' });
    expect((await ann.poll('OUT-1')).body).toEqual({ status: 'failure', reason: 'no answer' });
    expect((await ann.request({ to_number: '+12025550100' })).status).toBe(202);
  });

  it('retries a placement the platform could not make, then answers 502 without the token', async () => {
    const { platform, visitor } = await world({ placeRetries: 1 }, outboundPlatform({}, 5));
    const answer = await (await visitor()).request({ to_number: '+12025550104' });
    expect(answer.status).toBe(502);
    expect(answer.text).not.toContain(SERVICE_TOKEN);
    expect(triggers(platform)).toHaveLength(2);
  });

  it('passes the retry advice on when the platform cannot read a status (500), and 404 for an expired one', async () => {
    const script = outboundPlatform({ '+12025550100': [{ status: 'queued', reason: 'http-500' }] });
    const { visitor } = await world({}, script);
    const ann = await visitor();
    await ann.request({ to_number: '+12025550100' });
    const answer = await ann.poll('OUT-1');
    expect([answer.status, answer.headers['retry-after']]).toEqual([503, '3']);
    expect((await ann.poll('OUT-999')).status).toBe(404);
  });

  it('answers an expired status 404 and forgets the call', async () => {
    const { visitor } = await world({}, outboundPlatform({ '+12025550100': [{ status: 'success', reason: 'http-404' }] }));
    const ann = await visitor();
    await ann.request({ to_number: '+12025550100' });
    expect((await ann.poll('OUT-1')).status).toBe(404);
    expect((await ann.current()).body).toEqual({ countries: ['US', 'GB', 'FR'] });
  });

  it('bounds the body and its type like the other helpers, answering before the platform is asked', async () => {
    const { platform, visitor } = await world({ maxBodyBytes: 1024 });
    const ann = await visitor();
    const big = await ann.request({ to_number: '+12025550100', turns: [{ author: 'user', text: 'x'.repeat(4096) }] });
    expect(big.status).toBe(413);
    const form = await ann.request('to_number=+12025550100', { 'Content-Type': 'application/x-www-form-urlencoded' });
    expect(form.status).toBe(415);
    expect(platform.seen).toEqual([]);
  });

  it('answers an allowed cross-origin page with CORS headers, and refuses other methods', async () => {
    const { visitor } = await world({ allowedOrigins: ['https://shop.example'] });
    const ann = await visitor();
    const answer = await ann.request({ to_number: '+12025550100' }, { Origin: 'https://shop.example', 'Sec-Fetch-Site': 'cross-site' });
    expect(answer.status).toBe(202);
    expect(answer.headers['access-control-allow-origin']).toBe('https://shop.example');
    expect(answer.headers['access-control-allow-credentials']).toBe('true');
    const put = await ann.ask('PUT', '/api/callback', {});
    expect([put.status, put.headers['allow']]).toEqual([405, 'GET, POST']);
    expect((await ann.ask('POST', '/api/callback/OUT-1', {})).status).toBe(405);
  });

  it('never follows a redirect with the token', async () => {
    const { visitor } = await world({}, (_seen, res) => {
      res.writeHead(307, { Location: 'http://127.0.0.1:9/steal' });
      res.end();
    });
    const answer = await (await visitor()).request({ to_number: '+12025550100' });
    expect(answer.status).toBe(502);
    expect(answer.body['message']).toBe('Outbound calling service answered with a redirect');
  });

  it('refuses to start without allowed countries or a binding store', () => {
    const base = { runtimeUrl: 'http://127.0.0.1:1', serviceAuthToken: 't', continuity: { store: createMemoryBindingStore() } };
    expect(() => createCallbackEndpoint({ ...base, allowedCountries: [] })).toThrow(/allowedCountries/);
    expect(() => createCallbackEndpoint({ ...base, allowedCountries: ['XX'] })).toThrow(/allowedCountries/);
  });
});

describe('call metadata', () => {
  it('keeps the latest turns within the platform’s 26 KB base64 limit', async () => {
    const { platform, visitor } = await world({ maxTurns: 50, maxBodyBytes: 256 * 1024 });
    const turns = Array.from({ length: 50 }, (_, index) => ({
      author: index % 2 ? 'agent' : 'user',
      text: `turn ${index} ${'é'.repeat(1500)}`,
    }));
    expect((await (await visitor()).request({ to_number: '+12025550100', turns })).status).toBe(202);
    const metadata = JSON.parse(triggers(platform)[0]?.body ?? '').metadata;
    expect(base64Size(metadata)).toBeLessThan(METADATA_BASE64_LIMIT);
    const kept = JSON.parse(metadata.chat_turns);
    expect(kept.length).toBeGreaterThan(3);
    expect(kept.at(-1).text).toMatch(/^turn 49 /);
    expect(Object.values(metadata).every((value) => typeof value === 'string')).toBe(true);
  });
});
