import { setTimeout as sleep } from 'node:timers/promises';
import { afterEach, describe, expect, it } from 'vitest';
import type { PlatformServer } from '../platform';
import { expectRefusal, newSession, rec, requestSession, requestToken, socketUrl, startTestPlatform, TestSocket } from '../test-kit';

let server: PlatformServer | undefined;
afterEach(async () => {
  await server?.close();
  server = undefined;
});

describe('session idle expiry', () => {
  it('a session with no inbound traffic expires: its sockets close and it answers 404 afterwards', async () => {
    server = await startTestPlatform({ sessionIdleMs: 150 });
    const session = await newSession(server);
    const socket = await TestSocket.connect(server, session);
    const closed = await socket.closed;
    expect(closed).toEqual({ code: 1001, reason: 'session expired' });
    expect(server.control.sessionIds()).not.toContain(session.sessionId);
    expect(await expectRefusal(socketUrl(server, { session_id: session.sessionId, access_token: session.token }))).toEqual({
      kind: 'status',
      status: 404,
      body: 'session not found',
    });
  });

  it('inbound frames, heartbeats included, keep it alive', async () => {
    server = await startTestPlatform({ sessionIdleMs: 200 });
    const session = await newSession(server);
    const socket = await TestSocket.connect(server, session);
    // Heartbeats every 50 ms for twice the idle time: time passing is the point of this test.
    for (let beat = 0; beat < 8; beat += 1) {
      await sleep(50);
      await socket.barrier();
    }
    expect(server.control.sessionIds()).toContain(session.sessionId);
    socket.close();
  });
});

describe('socket idle timeout', () => {
  it('a socket with no inbound frame is closed; the session survives and can be resumed', async () => {
    server = await startTestPlatform({ socketIdleMs: 100 });
    const session = await newSession(server);
    const socket = await TestSocket.connect(server, session);
    expect(await socket.closed).toEqual({ code: 1001, reason: 'idle timeout' });
    const again = await TestSocket.connect(server, session, 'seq:1');
    await again.nextOfType('EVENT_TYPE_EVENT_BATCH');
    again.close();
  });
});

describe('token lifetime', () => {
  it('an expired token no longer creates sessions nor opens sockets', async () => {
    server = await startTestPlatform({ tokenLifetimeSeconds: 0.3 });
    const issued = await requestToken(server.url);
    expect(rec(issued.body)['expires_in']).toBe(1);
    const session = await newSession(server);
    await sleep(350);
    expect((await requestSession(server.url, `Bearer ${session.token}`, '{}')).body).toEqual({
      message: 'Invalid access token',
      error_message: 'Invalid access token',
    });
    expect(await expectRefusal(socketUrl(server, { session_id: session.sessionId, access_token: session.token }))).toEqual({
      kind: 'status',
      status: 401,
      body: 'authentication failed',
    });
  });
});
