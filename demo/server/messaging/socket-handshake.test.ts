import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PlatformServer } from '../platform';
import { expectRefusal, fetchToken, newSession, socketUrl, startTestPlatform, type TestSession, TestSocket } from '../test-kit';

let server: PlatformServer;
let session: TestSession;
beforeAll(async () => {
  server = await startTestPlatform({ maxSocketsPerSession: 3 });
  session = await newSession(server);
});
afterAll(() => server.close());

const refusalOf = (params: Record<string, string | undefined>) => expectRefusal(socketUrl(server, params));

describe('WebSocket handshake errors are HTTP responses', () => {
  it('400 invalid connection parameters without session_id or access_token', async () => {
    const expected = { kind: 'status', status: 400, body: 'invalid connection parameters' };
    expect(await refusalOf({ access_token: session.token })).toEqual(expected);
    expect(await refusalOf({ session_id: session.sessionId })).toEqual(expected);
    expect(await refusalOf({ session_id: '', access_token: session.token })).toEqual(expected);
  });

  it('401 authentication failed for an invalid token', async () => {
    expect(await refusalOf({ session_id: session.sessionId, access_token: 'garbage' })).toEqual({
      kind: 'status',
      status: 401,
      body: 'authentication failed',
    });
  });

  it('401 authentication failed for a valid token that did not create the session', async () => {
    const otherToken = await fetchToken(server.url);
    expect(await refusalOf({ session_id: session.sessionId, access_token: otherToken })).toEqual({
      kind: 'status',
      status: 401,
      body: 'authentication failed',
    });
  });

  it('404 session not found for an unknown session', async () => {
    expect(await refusalOf({ session_id: 'sess_nope', access_token: session.token })).toEqual({
      kind: 'status',
      status: 404,
      body: 'session not found',
    });
  });

  it('404 for any path other than /ws', async () => {
    const url = socketUrl(server, { session_id: session.sessionId, access_token: session.token }).replace('/ws?', '/other?');
    expect(await expectRefusal(url)).toMatchObject({ kind: 'status', status: 404 });
  });

  it('429 connection limit exceeded for session beyond maxSocketsPerSession; a freed slot can be reused', async () => {
    const own = await newSession(server);
    const sockets = await Promise.all([1, 2, 3].map(() => TestSocket.connect(server, own)));
    expect(server.control.openSocketCount(own.sessionId)).toBe(3);
    expect(await refusalOf({ session_id: own.sessionId, access_token: own.token })).toEqual({
      kind: 'status',
      status: 429,
      body: 'connection limit exceeded for session',
    });
    const first = sockets[0];
    if (!first) throw new Error('no socket');
    first.socket.close();
    await first.closed;
    await expect.poll(() => server.control.openSocketCount(own.sessionId)).toBe(2);
    const again = await TestSocket.connect(server, own);
    expect(server.control.openSocketCount(own.sessionId)).toBe(3);
    for (const socket of [...sockets, again]) socket.close();
  });

  it('opens for the right session and token', async () => {
    const socket = await TestSocket.connect(server, session);
    await socket.nextOfType('EVENT_TYPE_EVENT_BATCH');
    socket.close();
  });
});
