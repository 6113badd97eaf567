import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { PlatformServer } from '../platform';
import {
  collectChunks,
  expectRefusal,
  fetchToken,
  JOIN,
  newSession,
  num,
  requestSession,
  requestToken,
  socketUrl,
  startTestPlatform,
  type TestSession,
  TestSocket,
  userMessage,
} from '../test-kit';

let server: PlatformServer;
beforeAll(async () => {
  server = await startTestPlatform();
});
afterAll(() => server.close());
beforeEach(() => server.control.reset());

const urlOf = (session: TestSession, cursor?: string): string =>
  socketUrl(server, { session_id: session.sessionId, access_token: session.token, cursor });

async function connected(streaming = false): Promise<{ session: TestSession; socket: TestSocket }> {
  const session = await newSession(server, { streaming });
  const socket = await TestSocket.connect(server, session);
  await socket.nextOfType('EVENT_TYPE_EVENT_BATCH');
  return { session, socket };
}

describe('sockets and sessions', () => {
  it('dropSockets(sessionId) terminates that session’s sockets abruptly (1006), others stay', async () => {
    const a = await connected();
    const b = await connected();
    expect(server.control.openSocketCount(a.session.sessionId)).toBe(1);
    expect(server.control.dropSockets(a.session.sessionId)).toBe(1);
    expect((await a.socket.closed).code).toBe(1006);
    await b.socket.barrier();
    // The session itself survives a drop.
    const again = await TestSocket.connect(server, a.session, 'seq:1');
    await again.nextOfType('EVENT_TYPE_EVENT_BATCH');
    again.close();
    b.socket.close();
  });

  it('dropSockets() terminates every socket', async () => {
    const a = await connected();
    const b = await connected();
    expect(server.control.dropSockets()).toBeGreaterThanOrEqual(2);
    expect((await a.socket.closed).code).toBe(1006);
    expect((await b.socket.closed).code).toBe(1006);
  });

  it('expireSession closes its sockets and answers 404 afterwards', async () => {
    const { session, socket } = await connected();
    expect(server.control.sessionIds()).toContain(session.sessionId);
    expect(server.control.expireSession(session.sessionId)).toBe(true);
    expect((await socket.closed).code).toBe(1001);
    expect(server.control.sessionIds()).not.toContain(session.sessionId);
    expect(await expectRefusal(urlOf(session))).toEqual({ kind: 'status', status: 404, body: 'session not found' });
    expect(server.control.expireSession(session.sessionId)).toBe(false);
  });

  it('expireTokens invalidates every issued token; new tokens work', async () => {
    const session = await newSession(server);
    server.control.expireTokens();
    expect(await expectRefusal(urlOf(session))).toEqual({ kind: 'status', status: 401, body: 'authentication failed' });
    expect((await requestSession(server.url, `Bearer ${session.token}`, '{}')).body).toEqual({
      message: 'Invalid access token',
      error_message: 'Invalid access token',
    });
    const fresh = await newSession(server);
    const socket = await TestSocket.connect(server, fresh);
    socket.close();
  });

  it('endSession ends a session from the server side; emit journals a well-formed event', async () => {
    const { session, socket } = await connected();
    const emitted = server.control.emit(session.sessionId, 'EVENT_TYPE_SYSTEM_MESSAGE', {
      level: 'SYSTEM_MESSAGE_LEVEL_ERROR',
      message: 'Error: Unable to retrieve session',
    });
    expect(emitted?.sequence).toBe(2);
    expect((await socket.nextOfType('EVENT_TYPE_SYSTEM_MESSAGE')).id).toBe(emitted?.id);
    expect(server.control.endSession(session.sessionId)).toBe(true);
    expect((await socket.nextOfType('EVENT_TYPE_SESSION_END')).payload).toEqual({ reason: 'REASON_USER_ABANDONED' });
    expect((await socket.closed).code).toBe(1000);
    expect(server.control.endSession(session.sessionId)).toBe(false);
  });
});

describe('upgrade refusals', () => {
  it('refuseUpgrades(n) destroys the next n upgrades, then connections work again', async () => {
    const session = await newSession(server);
    server.control.refuseUpgrades(2);
    expect(await expectRefusal(urlOf(session))).toEqual({ kind: 'dropped' });
    expect(await expectRefusal(urlOf(session))).toEqual({ kind: 'dropped' });
    const socket = await TestSocket.connect(server, session);
    socket.close();
    expect(server.control.record().connections.map((connection) => connection.outcome)).toEqual(['refused', 'refused', 'open']);
  });

  it("refuseUpgrades('all') refuses until refuseUpgrades(0)", async () => {
    const session = await newSession(server);
    server.control.refuseUpgrades('all');
    for (let attempt = 0; attempt < 3; attempt += 1) expect(await expectRefusal(urlOf(session))).toEqual({ kind: 'dropped' });
    server.control.refuseUpgrades(0);
    (await TestSocket.connect(server, session)).close();
  });

  it('refuseUpgradesWith(status, n) answers a real HTTP status', async () => {
    const session = await newSession(server);
    server.control.refuseUpgradesWith(503, 1);
    expect(await expectRefusal(urlOf(session))).toMatchObject({ kind: 'status', status: 503 });
    server.control.refuseUpgradesWith(429);
    expect(await expectRefusal(urlOf(session))).toEqual({ kind: 'status', status: 429, body: 'connection limit exceeded for session' });
    expect(await expectRefusal(urlOf(session))).toMatchObject({ status: 429 });
    server.control.refuseUpgrades(0);
    (await TestSocket.connect(server, session)).close();
  });
});

describe('outgoing faults', () => {
  it('delayMs holds live frames back', async () => {
    const { socket } = await connected();
    server.control.setOutgoing({ delayMs: 150 });
    const sentAt = Date.now();
    socket.send({ type: 'EVENT_TYPE_HEARTBEAT', payload: {} });
    await socket.nextOfType('EVENT_TYPE_HEARTBEAT');
    expect(Date.now() - sentAt).toBeGreaterThanOrEqual(140);
    socket.close();
  });

  it('duplicate sends every live event twice with the same id', async () => {
    const { socket } = await connected();
    server.control.setOutgoing({ duplicate: true });
    socket.send(userMessage('twice'));
    const first = await socket.nextOfType('EVENT_TYPE_USER_MESSAGE');
    const second = await socket.nextOfType('EVENT_TYPE_USER_MESSAGE');
    expect(second).toEqual(first);
    socket.close();
  });

  it('reorder swaps adjacent events', async () => {
    const { socket } = await connected();
    socket.send(JOIN);
    await socket.nextOfType('EVENT_TYPE_SERVICE_AGENT_MESSAGE');
    server.control.setOutgoing({ reorder: true });
    socket.send(userMessage('swap me'));
    const first = await socket.next(() => true);
    const second = await socket.next(() => true);
    expect(num(first.sequence)).toBe(num(second.sequence) + 1);
    expect([second.type, first.type]).toEqual(['EVENT_TYPE_USER_MESSAGE', 'EVENT_TYPE_SERVICE_AGENT_THINKING']);
    socket.close();
  });

  it('chunksOutOfOrder delivers the chunks of a streamed message shuffled', async () => {
    server.control.setOutgoing({ chunksOutOfOrder: true });
    const { socket } = await connected(true);
    socket.send(JOIN);
    const chunks = await collectChunks(socket);
    const indexes = chunks.map((chunk) => num(chunk.payload['chunk_index']));
    expect([...indexes].sort((a, b) => a - b)).toEqual(indexes.map((_, index) => index + 1));
    expect(indexes).not.toEqual([...indexes].sort((a, b) => a - b));
    socket.close();
  });

  it('with delayed frames, SESSION_END still arrives before the server closes the socket', async () => {
    const { socket } = await connected();
    server.control.setOutgoing({ delayMs: 40, reorder: true });
    socket.send({ type: 'EVENT_TYPE_USER_END_SESSION', payload: {} });
    await socket.closed;
    expect(
      socket
        .live()
        .map((event) => event.type)
        .sort(),
    ).toEqual(['EVENT_TYPE_SESSION_END', 'EVENT_TYPE_USER_END_SESSION']);
  });

  it('setOutgoing({}) turns faults off again', async () => {
    const { socket } = await connected();
    server.control.setOutgoing({ duplicate: true });
    server.control.setOutgoing({});
    socket.send(userMessage('once'));
    await socket.nextOfType('EVENT_TYPE_USER_MESSAGE');
    await socket.barrier();
    expect(socket.frames.filter((event) => event.type === 'EVENT_TYPE_USER_MESSAGE')).toHaveLength(1);
    socket.close();
  });
});

describe('inject', () => {
  it('writes raw frames as-is to the session’s sockets', async () => {
    const session = await newSession(server);
    const socket = await TestSocket.open(urlOf(session), { strict: false });
    const frames = ['{not json', '{"type":"EVENT_TYPE_FROM_THE_FUTURE","payload":{}}', '{"id":1,"sequence":"x","type":7}'];
    await socket.nextOfType('EVENT_TYPE_EVENT_BATCH');
    expect(server.control.inject(session.sessionId, frames)).toBe(1);
    await socket.barrier();
    expect(socket.raw.slice(1, 4)).toEqual(frames);
    expect(server.control.inject('sess_unknown', frames)).toBe(0);
    socket.close();
  });
});

describe('HTTP faults', () => {
  it('answers the next `count` matching requests with the status, then recovers', async () => {
    const token = await fetchToken(server.url);
    server.control.httpFaults({ status: 503, count: 2, paths: ['/api/v1/sessions'] });
    expect((await requestToken(server.url)).status).toBe(200); // other paths unaffected
    expect((await requestSession(server.url, `Bearer ${token}`, '{}')).status).toBe(503);
    expect((await requestSession(server.url, `Bearer ${token}`, '{}')).status).toBe(503);
    expect((await requestSession(server.url, `Bearer ${token}`, '{}')).status).toBe(200);
  });

  it('429 carries Retry-After; without paths every API path is hit', async () => {
    server.control.httpFaults({ status: 429, count: 1, retryAfterSeconds: 7 });
    const refused = await requestToken(server.url);
    expect(refused.status).toBe(429);
    expect(refused.headers.get('retry-after')).toBe('7');
    expect((await requestToken(server.url)).status).toBe(200);
  });
});

describe('record', () => {
  it('reports connections with cursors and masked tokens, client events, joins, sessions and HTTP calls', async () => {
    const session = await newSession(server, { streaming: true });
    const socket = await TestSocket.connect(server, session, 'seq:0');
    socket.send({ ...JOIN, metadata: { custom: { from: 'test' } } });
    socket.send(userMessage('hi', { client_event_id: 'rec-1' }));
    await socket.nextOfType('EVENT_TYPE_USER_MESSAGE');
    await expectRefusal(socketUrl(server, { session_id: 'sess_nope', access_token: session.token }));

    const record = server.control.record();
    expect(JSON.stringify(record)).not.toContain(session.token);
    expect(JSON.stringify(record)).not.toContain(session.token.slice(10, 40));
    expect(record.connections).toEqual([
      {
        sessionId: session.sessionId,
        cursor: 'seq:0',
        accessToken: expect.stringMatching(/^eyJh…\(masked\)$/),
        at: expect.any(String),
        outcome: 'open',
      },
      { sessionId: 'sess_nope', cursor: null, accessToken: expect.stringContaining('masked'), at: expect.any(String), outcome: 404 },
    ]);
    expect(record.clientEvents).toEqual([
      {
        sessionId: session.sessionId,
        type: 'EVENT_TYPE_REQUEST_SERVICE_AGENT_JOIN',
        payload: {},
        custom: { from: 'test' },
        at: expect.any(String),
      },
      {
        sessionId: session.sessionId,
        type: 'EVENT_TYPE_USER_MESSAGE',
        payload: { text: 'hi' },
        custom: { client_event_id: 'rec-1' },
        at: expect.any(String),
      },
    ]);
    expect(record.joins).toEqual([{ sessionId: session.sessionId, at: expect.any(String) }]);
    expect(record.sessions).toEqual([{ sessionId: session.sessionId, streaming: true, platform: 'web' }]);
    expect(record.http).toEqual([
      { method: 'POST', path: '/api/v1/access-token', status: 200 },
      { method: 'POST', path: '/api/v1/sessions', status: 200 },
    ]);
    socket.close();
  });

  it('reset clears records and faults but keeps sessions', async () => {
    const session = await newSession(server);
    server.control.httpFaults({ status: 500, count: 5 });
    server.control.setOutgoing({ duplicate: true });
    server.control.refuseUpgrades('all');
    server.control.reset();
    expect(server.control.record()).toEqual({ connections: [], clientEvents: [], joins: [], sessions: [], http: [] });
    expect(server.control.sessionIds()).toContain(session.sessionId);
    const socket = await TestSocket.connect(server, session);
    socket.send(userMessage('once'));
    await socket.nextOfType('EVENT_TYPE_USER_MESSAGE');
    await socket.barrier();
    expect(socket.frames.filter((event) => event.type === 'EVENT_TYPE_USER_MESSAGE')).toHaveLength(1);
    expect((await requestToken(server.url)).status).toBe(200);
    socket.close();
  });
});
