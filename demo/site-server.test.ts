// The demo site's backend against the reference platform: continuity on /api/webchat-token.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PlatformServer } from './server/platform';
import { startTestPlatform } from './server/test-kit';
import { type SiteServer, startSiteServer } from './site-server';

let platform: PlatformServer;
let site: SiteServer;

beforeAll(async () => {
  platform = await startTestPlatform();
  site = await startSiteServer({
    port: 0,
    platformUrl: platform.url,
    connectorToken: 'demo-connector-token',
    tokenHost: '127.0.0.1',
    chat: { apiKey: 'demo-api-key', token: 'demo-connector-token', account: 'demo-account', project: 'demo-project' },
    outboundToken: 'demo-outbound-token',
    mounts: [],
  });
});

afterAll(async () => {
  await site?.close();
  await platform?.close();
});

const askToken = (headers: Record<string, string> = {}, body = '{"streaming":true}') =>
  fetch(`${site.url}/api/webchat-token`, { method: 'POST', headers: { 'Content-Type': 'application/json', ...headers }, body });

describe('demo site token endpoint', () => {
  it('binds the visitor to one token and session on the platform and answers it again', async () => {
    const first = await askToken({ Origin: site.url });
    expect(first.status).toBe(200);
    const cookie = first.headers.getSetCookie()[0] ?? '';
    expect(cookie).toMatch(/^agent_webchat=[0-9a-f]{32}; Path=\/; Max-Age=\d+; HttpOnly; SameSite=Lax$/);
    const bound = await first.json();
    expect(bound).toMatchObject({ token_type: 'Bearer', session_id: expect.any(String), access_token: expect.any(String) });
    expect(platform.control.sessionIds()).toContain(bound.session_id);

    const again = await (await askToken({ Origin: site.url, Cookie: cookie.split(';')[0]! })).json();
    expect(again.session_id).toBe(bound.session_id);
    expect(again.access_token).toBe(bound.access_token);

    const fresh = await (await askToken({ Cookie: cookie.split(';')[0]! }, '{"streaming":true,"fresh":true}')).json();
    expect(fresh.session_id).not.toBe(bound.session_id);
  });

  it('refuses a foreign origin', async () => {
    const answer = await askToken({ Origin: 'http://evil.example' });
    expect(answer.status).toBe(403);
    expect(answer.headers.get('Set-Cookie')).toBeNull();
  });

  it('takes one rating of the visitor’s session on /api/rating and lists it on /api/ratings', async () => {
    const first = await askToken({ Origin: site.url });
    const cookie = (first.headers.getSetCookie()[0] ?? '').split(';')[0]!;
    const { session_id: sessionId } = await first.json();
    const rate = (body: unknown) =>
      fetch(`${site.url}/api/rating`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', Cookie: cookie },
        body: JSON.stringify(body),
      });
    const rated = async () => (await fetch(`${site.url}/api/rating`, { headers: { Cookie: cookie } })).json();
    expect(await rated()).toEqual({ rated: false });
    expect((await rate({ score: 5, comment: 'Spot on' })).status).toBe(200);
    expect((await rate({ score: 1 })).status).toBe(409);
    expect(await rated()).toEqual({ rated: true });
    const ratings = await (await fetch(`${site.url}/api/ratings`)).json();
    expect(ratings[0]).toEqual({ sessionId, score: 5, comment: 'Spot on', at: expect.any(String) });
    expect((await fetch(`${site.url}/api/rating`, { method: 'POST', body: '{"score":5}' })).status).toBe(403);
  });

  it('answers a malformed call id 404 on /api/callback/…', async () => {
    const first = await askToken({ Origin: site.url });
    const cookie = (first.headers.getSetCookie()[0] ?? '').split(';')[0]!;
    for (const sid of ['not-a-sid', '%00', 'OUT-']) {
      expect((await fetch(`${site.url}/api/callback/${sid}`, { headers: { Cookie: cookie } })).status).toBe(404);
    }
    expect((await fetch(`${site.url}/api/callback`, { headers: { Cookie: cookie } })).status).toBe(200);
  });

  it('serves the visitor’s history on /api/history, read from the platform, and offers it in /demo-config.json', async () => {
    const first = await askToken({ Origin: site.url });
    const cookie = (first.headers.getSetCookie()[0] ?? '').split(';')[0]!;
    const history = await fetch(`${site.url}/api/history`, { headers: { Cookie: cookie } });
    expect(history.status).toBe(200);
    expect(await history.json()).toEqual({ conversations: [] });
    expect((await fetch(`${site.url}/api/history/sess_unknown`, { headers: { Cookie: cookie } })).status).toBe(404);
    expect((await fetch(`${site.url}/api/history`, { method: 'DELETE', headers: { Cookie: cookie } })).status).toBe(204);
    expect(await (await fetch(`${site.url}/demo-config.json`)).json()).toMatchObject({ historyUrl: '/api/history' });
  });
});
