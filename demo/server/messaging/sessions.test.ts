import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PlatformServer } from '../platform';
import { batchEvents, fetchToken, newSession, requestSession, startTestPlatform, TestSocket } from '../test-kit';

let server: PlatformServer;
let token: string;
beforeAll(async () => {
  server = await startTestPlatform();
  token = await fetchToken(server.url);
});
afterAll(() => server.close());

const expectError = (answer: { status: number; body: unknown }, status: number, message: string): void => {
  expect(answer.status).toBe(status);
  expect(answer.body).toEqual({ message, error_message: message });
};

describe('POST /api/v1/sessions', () => {
  it('returns a session_id for an empty body, {} and every platform', async () => {
    for (const body of [
      undefined,
      '',
      '{}',
      '{"platform":"web"}',
      '{"platform":"ios"}',
      '{"platform":"android"}',
      '{"platform":"custom","streaming_enabled":true}',
    ]) {
      const answer = await requestSession(server.url, `Bearer ${token}`, body);
      expect(answer.status, String(body)).toBe(200);
      expect(answer.body).toEqual({ session_id: expect.any(String) });
    }
  });

  it('defaults to platform web and streaming off; records what was asked', async () => {
    server.control.reset();
    await requestSession(server.url, `Bearer ${token}`);
    await requestSession(server.url, `Bearer ${token}`, '{"platform":"android","streaming_enabled":true}');
    expect(server.control.record().sessions.map(({ platform, streaming }) => ({ platform, streaming }))).toEqual([
      { platform: 'web', streaming: false },
      { platform: 'android', streaming: true },
    ]);
  });

  it('400 Missing access token without Authorization', async () => {
    expectError(await requestSession(server.url, undefined, '{}'), 400, 'Missing access token');
  });

  it('401 Missing authentication headers when Authorization is not Bearer form', async () => {
    for (const authorization of [`Basic ${token}`, 'Bearer', token, `Bearer ${token} extra`]) {
      expectError(await requestSession(server.url, authorization, '{}'), 401, 'Missing authentication headers');
    }
  });

  it('accepts the Bearer scheme in any case', async () => {
    expect((await requestSession(server.url, `bearer ${token}`, '{}')).status).toBe(200);
  });

  it('401 Invalid access token for malformed, tampered or foreign tokens', async () => {
    const [header = '', payload = '', signature = ''] = token.split('.');
    const flipped = signature.startsWith('A') ? `B${signature.slice(1)}` : `A${signature.slice(1)}`;
    const other = await startTestPlatform();
    try {
      const foreign = await fetchToken(other.url);
      for (const bad of ['garbage', `${header}.${payload}.${flipped}`, `${header}.${payload}`, foreign]) {
        expectError(await requestSession(server.url, `Bearer ${bad}`, '{}'), 401, 'Invalid access token');
      }
    } finally {
      await other.close();
    }
  });

  it('400 Error parsing request for a body that is not the documented object', async () => {
    for (const body of ['{', '[]', 'null', '"web"', '{"platform":"windows"}', '{"platform":3}', '{"streaming_enabled":"yes"}']) {
      expectError(await requestSession(server.url, `Bearer ${token}`, body), 400, 'Error parsing request');
    }
  });

  it('checks the header before the body', async () => {
    expectError(await requestSession(server.url, undefined, '{'), 400, 'Missing access token');
    expectError(await requestSession(server.url, 'Bearer nope', '{'), 401, 'Invalid access token');
  });

  it('500 Failed to create session when the platform fails', async () => {
    server.control.httpFaults({ status: 500, count: 1, paths: ['/api/v1/sessions'] });
    expectError(await requestSession(server.url, `Bearer ${token}`, '{}'), 500, 'Failed to create session');
  });

  it('SESSION_START reflects streaming_enabled', async () => {
    for (const streaming of [false, true]) {
      const session = await newSession(server, { streaming });
      const socket = await TestSocket.connect(server, session);
      const [start] = batchEvents(await socket.nextOfType('EVENT_TYPE_EVENT_BATCH'));
      expect(start?.payload).toEqual({
        capabilities: { streaming, max_message_size_bytes: 131072, max_reconnect_attempts: 5, heartbeat_interval_seconds: 30 },
      });
      socket.close();
    }
  });
});

describe('session creation rate limit', () => {
  it('429 with Retry-After per connector', async () => {
    const limited = await startTestPlatform({ rateLimit: { sessionCreations: { limit: 2, windowMs: 60_000 } } });
    try {
      const limitedToken = await fetchToken(limited.url);
      expect((await requestSession(limited.url, `Bearer ${limitedToken}`)).status).toBe(200);
      expect((await requestSession(limited.url, `Bearer ${limitedToken}`)).status).toBe(200);
      const refused = await requestSession(limited.url, `Bearer ${limitedToken}`);
      expect(refused.status).toBe(429);
      expect(Number(refused.headers.get('retry-after'))).toBeGreaterThanOrEqual(1);
      expect(refused.headers.get('access-control-expose-headers')).toContain('Retry-After');
    } finally {
      await limited.close();
    }
  });
});
