import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PlatformServer } from '../platform';
import { rec, request, requestToken, startTestPlatform, str } from '../test-kit';

let server: PlatformServer;
beforeAll(async () => {
  server = await startTestPlatform({ tokenLifetimeSeconds: 120 });
});
afterAll(() => server.close());

const expectError = (answer: { status: number; body: unknown }, status: number, message: string): void => {
  expect(answer.status).toBe(status);
  expect(answer.body).toEqual({ message, error_message: message });
};

describe('POST /api/v1/access-token', () => {
  it('issues a Bearer JWT with expires_in for a registered host', async () => {
    for (const host of ['localhost', '127.0.0.1']) {
      const answer = await requestToken(server.url, 'demo-connector-token', host);
      expect(answer.status).toBe(200);
      expect(answer.body).toMatchObject({ expires_in: 120, token_type: 'Bearer' });
      const token = str(rec(answer.body)['access_token']);
      expect(token.split('.')).toHaveLength(3);
    }
  });

  it('accepts subdomains of the registered host, a port, and any letter case', async () => {
    for (const host of ['app.localhost', 'www.example.com', 'deep.sub.example.com', 'WWW.Example.COM', 'localhost:5173']) {
      const connector = host.toLowerCase().includes('example') ? 'example-connector-token' : 'demo-connector-token';
      expect((await requestToken(server.url, connector, host)).status, host).toBe(200);
    }
  });

  it('401 Failed to validate connector when X-Host is not the registered host nor a subdomain', async () => {
    for (const host of ['badexample.com', 'example.com.evil.net', 'example.org', 'localhost.evil.net']) {
      const connector = 'example-connector-token';
      expectError(await requestToken(server.url, connector, host), 401, 'Failed to validate connector');
    }
    expectError(await requestToken(server.url, 'demo-connector-token', 'example.com'), 401, 'Failed to validate connector');
  });

  it('401 Missing authentication headers without X-Token or X-Host', async () => {
    const url = `${server.url}/api/v1/access-token`;
    expectError(await request(url, { headers: { 'X-Host': 'localhost' }, body: '{}' }), 401, 'Missing authentication headers');
    expectError(await request(url, { headers: { 'X-Token': 'demo-connector-token' }, body: '{}' }), 401, 'Missing authentication headers');
    expectError(
      await request(url, { headers: { 'X-Token': '', 'X-Host': 'localhost' }, body: '{}' }),
      401,
      'Missing authentication headers',
    );
  });

  it('401 Connector token does not exist for an unknown connector token', async () => {
    expectError(await requestToken(server.url, 'nope-token', 'localhost'), 401, 'Connector token does not exist');
  });

  it('401 Connector missing host domain for a connector without a host', async () => {
    expectError(await requestToken(server.url, 'no-host-connector-token', 'localhost'), 401, 'Connector missing host domain');
  });

  it('500 Failed to create access token when the platform fails', async () => {
    server.control.httpFaults({ status: 500, count: 1, paths: ['/api/v1/access-token'] });
    expectError(await requestToken(server.url), 500, 'Failed to create access token');
    expect((await requestToken(server.url)).status).toBe(200);
  });

  it('400 Error parsing request for a body that is not a JSON object; an empty body or {} is fine', async () => {
    const withBody = (body: string) =>
      request(`${server.url}/api/v1/access-token`, {
        headers: { 'X-Token': 'demo-connector-token', 'X-Host': 'localhost', 'Content-Type': 'application/json' },
        body,
      });
    for (const body of ['{bad', '[]', '"token"', '42']) expectError(await withBody(body), 400, 'Error parsing request');
    for (const body of ['', '{}', '{"client": "widget"}']) expect((await withBody(body)).status, body).toBe(200);
    // Headers are checked first: a bad body without credentials is still a 401.
    const anonymous = await request(`${server.url}/api/v1/access-token`, { headers: { 'Content-Type': 'application/json' }, body: '{bad' });
    expectError(anonymous, 401, 'Missing authentication headers');
  });

  it('only POST', async () => {
    const answer = await request(`${server.url}/api/v1/access-token`, { method: 'GET' });
    expect(answer.status).toBe(405);
  });
});

describe('access-token rate limit', () => {
  it('429 with Retry-After once the connector exceeds its limit', async () => {
    const limited = await startTestPlatform({ rateLimit: { accessTokens: { limit: 2, windowMs: 30_000 } } });
    try {
      expect((await requestToken(limited.url)).status).toBe(200);
      expect((await requestToken(limited.url, 'demo-connector-token', '127.0.0.1')).status).toBe(200);
      const refused = await requestToken(limited.url);
      expect(refused.status).toBe(429);
      const retryAfter = Number(refused.headers.get('retry-after'));
      expect(retryAfter).toBeGreaterThanOrEqual(1);
      expect(retryAfter).toBeLessThanOrEqual(30);
      // The limit is per connector: another connector is unaffected.
      expect((await requestToken(limited.url, 'example-connector-token', 'example.com')).status).toBe(200);
    } finally {
      await limited.close();
    }
  });
});
