import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PlatformServer } from '../platform';
import { JOIN, newSession, request, startTestPlatform, TestSocket, userMessage } from '../test-kit';

let server: PlatformServer;
beforeAll(async () => {
  server = await startTestPlatform({
    rateLimit: { userMessages: { limit: 3, windowMs: 60_000 }, chatRequests: { limit: 2, windowMs: 60_000 } },
  });
});
afterAll(() => server.close());

describe('per-session user message limit over WebSocket', () => {
  it('a message over the limit is dropped with an error system message that echoes its metadata', async () => {
    const session = await newSession(server);
    const socket = await TestSocket.connect(server, session);
    socket.send(JOIN);
    await socket.nextOfType('EVENT_TYPE_SERVICE_AGENT_MESSAGE');
    for (const n of [1, 2, 3]) {
      socket.send(userMessage(`m${n}`, { client_event_id: `ok-${n}` }));
      await socket.nextOfType('EVENT_TYPE_USER_MESSAGE');
    }
    socket.send(userMessage('m4', { client_event_id: 'over' }));
    const error = await socket.nextOfType('EVENT_TYPE_SYSTEM_MESSAGE');
    expect(error.payload).toEqual({
      level: 'SYSTEM_MESSAGE_LEVEL_ERROR',
      message: 'Rate limit exceeded: message dropped. Please try again in a moment.',
    });
    expect(error.metadata).toEqual({ custom: { client_event_id: 'over' } });
    expect(error.sequence).toBeNull();
    await socket.barrier();
    const echoed = socket.frames
      .filter((event) => event.type === 'EVENT_TYPE_USER_MESSAGE')
      .map((event) => event.metadata?.custom['client_event_id']);
    expect(echoed).toEqual(['ok-1', 'ok-2', 'ok-3']);

    // The limit is per session: another session is unaffected.
    const other = await TestSocket.connect(server, await newSession(server));
    other.send(userMessage('fresh'));
    await other.nextOfType('EVENT_TYPE_USER_MESSAGE');
    socket.close();
    other.close();
  });
});

describe('Chat REST limit', () => {
  it('429 with Retry-After', async () => {
    const headers = { 'X-API-KEY': 'demo-api-key', 'X-TOKEN': 'demo-connector-token', 'Content-Type': 'application/json' };
    const url = `${server.url}/v1/demo-account/demo-project/chat/create`;
    expect((await request(url, { headers, body: '{}' })).status).toBe(200);
    expect((await request(url, { headers, body: '{}' })).status).toBe(200);
    const refused = await request(url, { headers, body: '{}' });
    expect(refused.status).toBe(429);
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThanOrEqual(1);
  });
});
