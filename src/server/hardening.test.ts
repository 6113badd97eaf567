// The server helpers on the open internet: real Node http servers on 127.0.0.1, a real fake upstream.
import type { ServerResponse } from 'node:http';
import { afterEach, describe, expect, it } from 'vitest';
import { createChatProxy } from './chat-proxy';
import {
  type FakeUpstream,
  platformResponder,
  type RunningServer,
  rawRequest,
  type SeenRequest,
  sendJson,
  serveHandler,
  startFakeUpstream,
} from './testing/servers';
import { createTokenEndpoint } from './token-endpoint';

const CONNECTOR_TOKEN = 'connector-secret-123';
const API_KEY = 'api-key-secret-456';
const CHAT_TOKEN = 'chat-token-secret-789';
const JSON_TYPE = { 'Content-Type': 'application/json' };

const running: RunningServer[] = [];
afterEach(async () => {
  await Promise.all(running.splice(0).map((server) => server.close()));
});

async function upstream(respond: (seen: SeenRequest, res: ServerResponse) => void | Promise<void>): Promise<FakeUpstream> {
  const server = await startFakeUpstream(respond);
  running.push(server);
  return server;
}

async function tokenServer(messagingUrl: string, extra: Partial<Parameters<typeof createTokenEndpoint>[0]> = {}): Promise<RunningServer> {
  const server = await serveHandler(createTokenEndpoint({ messagingUrl, connectorToken: CONNECTOR_TOKEN, host: 'site.example', ...extra }));
  running.push(server);
  return server;
}

async function proxyServer(chatUrl: string, extra: Partial<Parameters<typeof createChatProxy>[0]> = {}): Promise<RunningServer> {
  const server = await serveHandler(createChatProxy({ chatUrl, apiKey: API_KEY, token: CHAT_TOKEN, ...extra }));
  running.push(server);
  return server;
}

describe('request bodies are limited while they stream', () => {
  it('answers 413 at once to a Content-Length over the limit, with only 1 KiB sent', async () => {
    const platform = await upstream(platformResponder());
    const proxy = await proxyServer(`${platform.url}/chat`);
    const answer = await rawRequest(proxy.url, {
      path: '/api/chat/create',
      headers: { ...JSON_TYPE, 'Content-Length': '104857600' },
      parts: ['x'.repeat(1024)],
      stall: true,
    });
    expect(answer.status).toBe(413);
    expect(JSON.parse(answer.body)).toMatchObject({ message: 'Request body exceeds 16384 bytes' });
    expect(platform.seen).toEqual([]);
  });

  it('cuts off a chunked body once it passes the limit, before it ends', async () => {
    const platform = await upstream(platformResponder());
    const proxy = await proxyServer(`${platform.url}/chat`);
    const chunk = Buffer.alloc(8 * 1024, 'a');
    // 64 KiB written, then the body stays open: only a cut-off answers before the end.
    const answer = await rawRequest(proxy.url, {
      path: '/api/chat/create',
      headers: { ...JSON_TYPE, 'Transfer-Encoding': 'chunked' },
      parts: Array.from({ length: 8 }, () => chunk),
      stall: true,
    });
    expect(answer.status).toBe(413);
    expect(platform.seen).toEqual([]);
  });

  it('answers 408 to a body that does not arrive in time', async () => {
    const platform = await upstream(platformResponder());
    const proxy = await proxyServer(`${platform.url}/chat`, { bodyTimeoutMs: 200 });
    const answer = await rawRequest(proxy.url, {
      path: '/api/chat/create',
      headers: { ...JSON_TYPE, 'Content-Length': '100' },
      parts: ['{"a":'],
      stall: true,
    });
    expect(answer.status).toBe(408);
    expect(JSON.parse(answer.body).message).toMatch(/not received within 200 ms/);
    expect(platform.seen).toEqual([]);
  });
});

describe('the token endpoint', () => {
  it('refuses a foreign origin by default and mints nothing', async () => {
    const platform = await upstream(platformResponder());
    const endpoint = await tokenServer(platform.url);
    const evil = await rawRequest(endpoint.url, { headers: { ...JSON_TYPE, Origin: 'http://evil.example' }, parts: ['{}'] });
    expect(evil.status).toBe(403);
    expect(JSON.parse(evil.body).message).toBe('Origin not allowed');
    const crossSite = await rawRequest(endpoint.url, { headers: { ...JSON_TYPE, 'Sec-Fetch-Site': 'cross-site' }, parts: ['{}'] });
    expect(crossSite.status).toBe(403);
    expect(platform.seen).toEqual([]);

    const same = await rawRequest(endpoint.url, { headers: { ...JSON_TYPE, Origin: endpoint.url }, parts: ['{"streaming":true}'] });
    expect(same.status).toBe(200);
    expect(JSON.parse(same.body)).toEqual({ access_token: 'token-1', expires_in: 600, token_type: 'Bearer' });
  });

  it('lets a listed origin in, with CORS headers for it', async () => {
    const platform = await upstream(platformResponder());
    const endpoint = await tokenServer(platform.url, { allowedOrigins: ['https://www.example.com'] });
    const answer = await rawRequest(endpoint.url, { headers: { ...JSON_TYPE, Origin: 'https://www.example.com' }, parts: ['{}'] });
    expect(answer.status).toBe(200);
    expect(answer.headers['access-control-allow-origin']).toBe('https://www.example.com');
  });

  it('answers 429 with Retry-After per client before the platform sees the request', async () => {
    const platform = await upstream(platformResponder());
    const endpoint = await tokenServer(platform.url, { rateLimit: { max: 3, windowSeconds: 60 } });
    const statuses: number[] = [];
    let retryAfter: string | string[] | undefined;
    for (let attempt = 0; attempt < 5; attempt++) {
      const answer = await rawRequest(endpoint.url, { headers: JSON_TYPE, parts: ['{}'] });
      statuses.push(answer.status);
      if (answer.status === 429) retryAfter = answer.headers['retry-after'];
    }
    expect(statuses).toEqual([200, 200, 200, 429, 429]);
    expect(Number(retryAfter)).toBeGreaterThan(0);
    expect(platform.seen.filter((seen) => seen.path === '/api/v1/access-token')).toHaveLength(3);
  });

  it('keys the limit with the site hook', async () => {
    const platform = await upstream(platformResponder());
    const endpoint = await tokenServer(platform.url, {
      rateLimit: { max: 1 },
      clientKey: (request) => request.headers.get('X-Site-User') ?? 'anonymous',
    });
    const ask = (user: string) => rawRequest(endpoint.url, { headers: { ...JSON_TYPE, 'X-Site-User': user }, parts: ['{}'] });
    expect((await ask('ann')).status).toBe(200);
    expect((await ask('bob')).status).toBe(200);
    expect((await ask('ann')).status).toBe(429);
  });
});

describe('upstream calls', () => {
  it('never follow a redirect: 307 → 502, and the target receives nothing', async () => {
    const target = await upstream((_seen, res) => sendJson(res, 200, { access_token: 'stolen', expires_in: 600 }));
    const platform = await upstream((_seen, res) => {
      res.writeHead(307, { Location: `${target.url}/api/v1/access-token` });
      res.end();
    });
    const endpoint = await tokenServer(platform.url);
    const answer = await rawRequest(endpoint.url, { headers: JSON_TYPE, parts: ['{}'] });
    expect(answer.status).toBe(502);
    expect(JSON.parse(answer.body).message).toBe('Messaging service answered with a redirect');

    const proxy = await proxyServer(`${platform.url}/chat`);
    expect((await rawRequest(proxy.url, { path: '/api/chat/create', headers: JSON_TYPE, parts: ['{}'] })).status).toBe(502);
    expect(target.seen).toEqual([]);
  });

  it('reduce error bodies to a status, our message and the scrubbed upstream message', async () => {
    const platform = await upstream((seen, res) =>
      sendJson(res, 401, {
        message: `Connector token does not exist: ${String(seen.headers['x-token'] ?? seen.headers['x-api-key'])}`,
        debug: { headers: seen.headers },
      }),
    );
    const endpoint = await tokenServer(platform.url);
    const answer = await rawRequest(endpoint.url, { headers: JSON_TYPE, parts: ['{}'] });
    expect(answer.status).toBe(401);
    expect(JSON.parse(answer.body)).toEqual({
      message: 'Messaging service answered 401: Connector token does not exist: [redacted]',
      error_message: 'Messaging service answered 401: Connector token does not exist: [redacted]',
    });
    expect(answer.body).not.toContain(CONNECTOR_TOKEN);

    const proxy = await proxyServer(`${platform.url}/chat`);
    const proxied = await rawRequest(proxy.url, { path: '/api/chat/create', headers: JSON_TYPE, parts: ['{}'] });
    expect(proxied.status).toBe(401);
    expect(proxied.body).not.toContain(API_KEY);
    expect(proxied.body).not.toContain(CHAT_TOKEN);
    expect(JSON.parse(proxied.body).message).toBe('Chat service answered 401: Connector token does not exist: [redacted]');
  });

  it('answer 504 when the upstream hangs', async () => {
    const platform = await upstream(() => undefined);
    const endpoint = await tokenServer(platform.url, { upstreamTimeoutMs: 200 });
    const answer = await rawRequest(endpoint.url, { headers: JSON_TYPE, parts: ['{}'] });
    expect(answer.status).toBe(504);
    expect(JSON.parse(answer.body).message).toBe('Messaging service did not answer in time');
  });

  it('relays 429 with its Retry-After', async () => {
    const platform = await upstream((_seen, res) => sendJson(res, 429, { message: 'slow down' }, { 'Retry-After': '7' }));
    const endpoint = await tokenServer(platform.url);
    const answer = await rawRequest(endpoint.url, { headers: JSON_TYPE, parts: ['{}'] });
    expect(answer.status).toBe(429);
    expect(answer.headers['retry-after']).toBe('7');
  });
});

describe('malformed requests get a 4xx with a JSON message, never a 500', () => {
  it('/api/chat/constructor is an unknown operation', async () => {
    const platform = await upstream(platformResponder());
    const proxy = await proxyServer(`${platform.url}/chat`);
    for (const name of ['constructor', '__proto__', 'toString', 'hasOwnProperty']) {
      const answer = await rawRequest(proxy.url, { path: `/api/chat/${name}`, headers: JSON_TYPE, parts: ['{}'] });
      expect(answer.status, name).toBe(404);
      expect(answer.headers['allow'], name).toBeUndefined();
      expect(JSON.parse(answer.body).message).toBe('Unknown chat operation');
    }
  });

  it('bad JSON, deep JSON, wrong types, TRACE, malformed Host, bad method', async () => {
    const platform = await upstream(platformResponder());
    const proxy = await proxyServer(`${platform.url}/chat`);
    const endpoint = await tokenServer(platform.url);
    const cases: Array<[string, RunningServer, Parameters<typeof rawRequest>[1], number]> = [
      ['bad JSON', proxy, { path: '/api/chat/create', headers: JSON_TYPE, parts: ['{"a":'] }, 400],
      ['deep JSON', proxy, { path: '/api/chat/create', headers: JSON_TYPE, parts: [`${'['.repeat(7000)}${']'.repeat(7000)}`] }, 400],
      ['array body', proxy, { path: '/api/chat/create', headers: JSON_TYPE, parts: ['[]'] }, 400],
      ['text/plain', proxy, { path: '/api/chat/create', headers: { 'Content-Type': 'text/plain' }, parts: ['{}'] }, 415],
      ['TRACE', proxy, { method: 'TRACE', path: '/api/chat/create' }, 405],
      ['malformed Host', proxy, { path: '/api/chat/create', headers: { ...JSON_TYPE, Host: 'a b@c' }, parts: ['{}'] }, 400],
      ['DELETE', proxy, { method: 'DELETE', path: '/api/chat/create' }, 405],
      ['token: bad method', endpoint, { method: 'GET' }, 405],
      ['token: streaming not boolean', endpoint, { headers: JSON_TYPE, parts: ['{"streaming":"yes"}'] }, 400],
      ['token: deep JSON', endpoint, { headers: JSON_TYPE, parts: [`${'{"a":'.repeat(500)}1${'}'.repeat(500)}`] }, 400],
    ];
    for (const [name, server, spec, status] of cases) {
      const answer = await rawRequest(server.url, spec);
      expect(answer.status, name).toBe(status);
      expect(typeof JSON.parse(answer.body).message, name).toBe('string');
    }
    expect(platform.seen).toEqual([]);
  });

  it('a protocol-relative target stays a path of the Host the request was sent to', async () => {
    const echo = await serveHandler(async (request) => new Response(request.url));
    running.push(echo);
    const answer = await rawRequest(echo.url, { method: 'GET', path: '//evil.example/x' });
    expect(answer.body).toBe(`${echo.url}//evil.example/x`);
  });

  it('an empty body is an empty object', async () => {
    const platform = await upstream(platformResponder());
    const endpoint = await tokenServer(platform.url);
    expect((await rawRequest(endpoint.url, {})).status).toBe(200);
  });
});
