import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PlatformServer } from '../platform';
import { list, newSession, rec, request, startTestPlatform, TestSocket } from '../test-kit';

describe('HTTP control routes without the flag', () => {
  let server: PlatformServer;
  beforeAll(async () => {
    server = await startTestPlatform();
  });
  afterAll(() => server.close());

  it('do not exist', async () => {
    for (const name of ['reset', 'dropSockets', 'expireTokens', 'httpFaults', 'record']) {
      expect((await request(`${server.url}/__control/${name}`, { body: '{}' })).status, name).toBe(404);
    }
    expect((await request(`${server.url}/__control/record`, { method: 'GET' })).status).toBe(404);
  });

  it('while the in-process control still works', () => {
    expect(server.control.record().sessions).toEqual([]);
  });
});

describe('HTTP control routes with control: true', () => {
  let server: PlatformServer;
  beforeAll(async () => {
    server = await startTestPlatform({ control: true });
  });
  afterAll(() => server.close());

  const control = (name: string, body: unknown = {}) =>
    request(`${server.url}/__control/${name}`, { body: JSON.stringify(body), headers: { 'Content-Type': 'application/json' } });

  it('record (GET and POST), sessionIds and openSocketCount report state', async () => {
    const session = await newSession(server);
    const socket = await TestSocket.connect(server, session);
    const viaGet = await request(`${server.url}/__control/record`, { method: 'GET' });
    expect(viaGet.status).toBe(200);
    expect(list(rec(viaGet.body)['sessions'])).toContainEqual({ sessionId: session.sessionId, streaming: false, platform: 'web' });
    expect(JSON.stringify(viaGet.body)).not.toContain(session.token);
    expect((await control('record')).status).toBe(200);
    expect(list(rec((await control('sessionIds')).body)['sessionIds'])).toContain(session.sessionId);
    expect((await control('openSocketCount', { sessionId: session.sessionId })).body).toEqual({ count: 1 });
    socket.close();
  });

  it('journal lists what a replay from seq:0 serves; an unknown session has none', async () => {
    const session = await newSession(server);
    await control('emit', { sessionId: session.sessionId, type: 'EVENT_TYPE_LANGUAGE_CHANGED', payload: { language_code: 'fr' } });
    const events = list(rec((await control('journal', { sessionId: session.sessionId })).body)['events']);
    expect(events.map((event) => rec(event)['type'])).toContain('EVENT_TYPE_LANGUAGE_CHANGED');
    expect(events.every((event) => typeof rec(event)['sequence'] === 'number')).toBe(true);
    expect((await control('journal', { sessionId: 'nope' })).body).toEqual({ events: [] });
    expect((await control('journal', {})).status).toBe(400);
  });

  it('dropSockets, inject, expireSession act on the session', async () => {
    const session = await newSession(server);
    const socket = await TestSocket.open(
      `${server.url.replace('http', 'ws')}/ws?session_id=${session.sessionId}&access_token=${session.token}`,
      { strict: false },
    );
    await socket.nextOfType('EVENT_TYPE_EVENT_BATCH');
    expect((await control('inject', { sessionId: session.sessionId, frames: ['raw!'] })).body).toEqual({ sockets: 1 });
    await socket.barrier();
    expect(socket.raw).toContain('raw!');
    expect((await control('dropSockets', { sessionId: session.sessionId })).body).toEqual({ dropped: 1 });
    expect((await socket.closed).code).toBe(1006);
    expect((await control('expireSession', { sessionId: session.sessionId })).body).toEqual({ expired: true });
  });

  it('httpFaults, setOutgoing, refuseUpgrades, expireTokens, endSession, emit, reset answer 200', async () => {
    const session = await newSession(server);
    expect((await control('httpFaults', { status: 503, count: 1, paths: ['/api/v1/access-token'] })).status).toBe(200);
    expect(
      (await request(`${server.url}/api/v1/access-token`, { headers: { 'X-Token': 'demo-connector-token', 'X-Host': 'localhost' } }))
        .status,
    ).toBe(503);
    expect((await control('setOutgoing', { delayMs: 5, duplicate: false })).status).toBe(200);
    expect((await control('refuseUpgrades', { count: 'all' })).status).toBe(200);
    expect((await control('refuseUpgradesWith', { status: 500, count: 2 })).status).toBe(200);
    expect((await control('refuseUpgrades', { count: 0 })).status).toBe(200);
    expect(
      (await control('emit', { sessionId: session.sessionId, type: 'EVENT_TYPE_LANGUAGE_CHANGED', payload: { language_code: 'de' } })).body,
    ).toMatchObject({ event: { sequence: 2 } });
    expect((await control('endSession', { sessionId: session.sessionId, reason: 'REASON_NATURAL_END' })).body).toEqual({ ended: true });
    expect((await control('expireTokens')).status).toBe(200);
    expect((await control('reset')).status).toBe(200);
    expect(server.control.record().http).toEqual([]);
  });

  it('400 for bodies of the wrong shape, 404 for unknown controls, 405 for GET on actions', async () => {
    for (const [name, body] of [
      ['dropSockets', { sessionId: 5 }],
      ['refuseUpgrades', { count: -1 }],
      ['refuseUpgradesWith', { status: 200 }],
      ['expireSession', {}],
      ['setOutgoing', { delayMs: 'slow' }],
      ['inject', { sessionId: 'x', frames: [1] }],
      ['httpFaults', { status: 404, count: 1 }],
      ['endSession', { sessionId: 'x', reason: 'BECAUSE' }],
      ['emit', { sessionId: 'x', type: 'T' }],
    ] as const) {
      expect((await control(name, body)).status, name).toBe(400);
    }
    expect((await request(`${server.url}/__control/reset`, { body: '[]', headers: { 'Content-Type': 'application/json' } })).status).toBe(
      400,
    );
    expect((await control('nothing')).status).toBe(404);
    expect((await control('constructor')).status).toBe(404);
    expect((await request(`${server.url}/__control/reset`, { method: 'GET' })).status).toBe(405);
  });

  it('refuse foreign origins, non-JSON POSTs, and grant no CORS', async () => {
    const json = { 'Content-Type': 'application/json' };
    const fromEvil = await request(`${server.url}/__control/record`, { method: 'GET', headers: { Origin: 'http://evil.example' } });
    expect(fromEvil.status).toBe(403);
    expect(fromEvil.headers.get('Access-Control-Allow-Origin')).toBeNull();
    expect(JSON.stringify(fromEvil.body)).not.toContain('sessions');
    const injected = await request(`${server.url}/__control/inject`, {
      headers: { ...json, Origin: 'https://evil.example' },
      body: JSON.stringify({ sessionId: 'x', frames: ['x'] }),
    });
    expect(injected.status).toBe(403);
    const plain = await request(`${server.url}/__control/reset`, { headers: { 'Content-Type': 'text/plain' }, body: '{}' });
    expect(plain.status).toBe(415);
    expect((await request(`${server.url}/__control/reset`, { headers: { Origin: 'null', ...json }, body: '{}' })).status).toBe(403);

    for (const origin of ['http://localhost:5173', 'http://127.0.0.1:4610', 'http://[::1]:8080']) {
      const answer = await request(`${server.url}/__control/record`, { method: 'GET', headers: { Origin: origin } });
      expect(answer.status, origin).toBe(200);
      expect(answer.headers.get('Access-Control-Allow-Origin'), origin).toBeNull();
    }
    const fromNode = await request(`${server.url}/__control/reset`, { headers: json, body: '{}' });
    expect(fromNode.status).toBe(200);
    expect(fromNode.headers.get('Access-Control-Allow-Origin')).toBeNull();
  });
});
