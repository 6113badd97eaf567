// The headless client against the reference platform server, in process: real `ws` sockets,
// real fetch, the server's fault-injection control. Waits are on events, never blind sleeps.

import { afterEach, describe, expect, it, vi } from 'vitest';
import { WebSocket as NodeWebSocket } from 'ws';
import { GREETING, LONG_TEXT, plainReply, STREAM_TEXT } from '../../demo/server/demo-content';
import { type PlatformOptions, type PlatformServer, startPlatformServer } from '../../demo/server/platform';
import type { WebchatClient, WebchatEventMap } from '../contract/client';
import type { WebchatState } from '../store/state';
import { waitFor } from '../testing/wait-for';
import { WarpClock } from '../testing/warp-clock';
import { createWebchatClient } from './create-client';

const CONNECTOR = 'demo-connector-token';
const FAST = { chunkDelayMs: 10, thinkingDelayMs: 10, liveAgentDelayMs: 10 };

let server: PlatformServer | undefined;
const clients: WebchatClient[] = [];

afterEach(async () => {
  for (const c of clients.splice(0)) c.destroy();
  await server?.close();
  server = undefined;
  vi.restoreAllMocks();
});

async function boot(options: PlatformOptions = {}) {
  const s = await startPlatformServer({ port: 0, control: true, pacing: FAST, ...options });
  server = s;
  const clock = new WarpClock();
  const client = createWebchatClient(
    { messagingUrl: s.url, connectorToken: CONNECTOR, host: 'localhost' },
    {
      WebSocket: NodeWebSocket,
      fetch: globalThis.fetch,
      clock,
      environment: { onWake: () => () => {}, isOnline: () => true, hostname: () => 'localhost' },
    },
  );
  clients.push(client);
  const events: { type: keyof WebchatEventMap; event: unknown }[] = [];
  for (const type of ['status', 'message', 'handoff', 'session-end', 'error'] as const)
    client.on(type, (event) => events.push({ type, event }));
  const state = () => client.store.getState();
  const until = (predicate: (s: WebchatState) => boolean, what: string, extra: { timeoutMs?: number; warpMs?: number } = {}) =>
    waitFor(() => predicate(state()), {
      store: client.store,
      what,
      timeoutMs: extra.timeoutMs ?? 8000,
      ...(extra.warpMs ? { warp: { clock, stepMs: extra.warpMs } } : {}),
    });
  return { server: s, control: s.control, client, clock, events, state, until };
}

const agentTexts = (s: WebchatState) => s.items.flatMap((i) => (i.kind === 'agent' && !i.streaming ? [i.text] : []));
const hasAgentText = (text: string) => (s: WebchatState) => agentTexts(s).includes(text);
const userItem = (s: WebchatState, text: string) => s.items.find((i) => i.kind === 'user' && i.text === text);
const userSent = (text: string) => (s: WebchatState) => {
  const m = userItem(s, text);
  return m?.kind === 'user' && m.status === 'sent';
};
const clientEventId = (s: WebchatState, text: string) => {
  const m = userItem(s, text);
  return m?.kind === 'user' ? m.clientEventId : undefined;
};
/** The transcript a person sees, minus notices: who said what, in order. */
const conversation = (s: WebchatState) => s.items.flatMap((i) => (i.kind === 'system' ? [] : [`${i.kind}: ${i.text}`]));
const userMessagesOnWire = (b: Awaited<ReturnType<typeof boot>>, id: string | undefined) =>
  b.control.record().clientEvents.filter((e) => e.type === 'EVENT_TYPE_USER_MESSAGE' && JSON.stringify(e.custom).includes(`"${id}"`));

describe('messaging client against the reference server', () => {
  it('connects, joins once and shows the greeting', async () => {
    const b = await boot();
    b.client.connect();
    await b.until(hasAgentText(GREETING), 'the greeting');
    expect(b.state().status).toBe('online');
    const rec = b.control.record();
    expect(rec.sessions).toEqual([expect.objectContaining({ platform: 'web', streaming: true })]);
    expect(rec.joins).toHaveLength(1);
    expect(rec.connections).toEqual([expect.objectContaining({ cursor: 'seq:0', outcome: 'open' })]);
    expect(b.events.filter((e) => e.type === 'message')).toEqual([
      { type: 'message', event: expect.objectContaining({ author: 'agent', text: GREETING }) },
    ]);
  });

  it('holds a conversation: echo, reply, streamed reply assembled', async () => {
    const b = await boot();
    b.client.connect();
    await b.until(hasAgentText(GREETING), 'the greeting');
    b.client.send('hello there');
    await b.until(hasAgentText(plainReply('hello there')), 'the reply');
    expect(userSent('hello there')(b.state())).toBe(true);
    b.client.send('stream please');
    await b.until(hasAgentText(STREAM_TEXT), 'the streamed reply');
    expect(conversation(b.state())).toEqual([
      `agent: ${GREETING}`,
      'user: hello there',
      `agent: ${plainReply('hello there')}`,
      'user: stream please',
      `agent: ${STREAM_TEXT}`,
    ]);
    const messages = b.events.filter((e) => e.type === 'message').map((e) => e.event);
    expect(messages).toHaveLength(5);
    const wire = b.control.record().clientEvents.filter((e) => e.type === 'EVENT_TYPE_USER_MESSAGE');
    expect(wire.map((e) => e.payload)).toEqual([{ text: 'hello there' }, { text: 'stream please' }]);
  });

  it('socket dropped mid-stream: resumes from the last applied sequence, no duplicates', async () => {
    const b = await boot();
    b.client.connect();
    await b.until(hasAgentText(GREETING), 'the greeting');
    b.client.send('long answer please');
    await b.until((s) => Object.keys(s.chunks).length > 0, 'the first chunks');
    b.control.dropSockets();
    await b.until((s) => s.status === 'reconnecting', 'the drop');
    const cursor = `seq:${b.state().lastSequence}`;
    await b.until(hasAgentText(LONG_TEXT), 'the whole long answer', { timeoutMs: 10_000 });
    const rec = b.control.record();
    expect(rec.connections.map((c) => c.cursor)).toEqual(['seq:0', cursor]);
    expect(cursor).not.toBe('seq:0');
    const keys = b.state().items.map((i) => i.key);
    expect(new Set(keys).size).toBe(keys.length);
    expect(agentTexts(b.state()).filter((t) => t === LONG_TEXT)).toHaveLength(1);
    expect(rec.joins).toHaveLength(1);
    expect(rec.clientEvents.filter((e) => e.type === 'EVENT_TYPE_USER_MESSAGE')).toHaveLength(1);
  });

  it('upgrades refused while the user sends: delivered once after the server lets it in', async () => {
    const b = await boot();
    b.client.connect();
    await b.until(hasAgentText(GREETING), 'the greeting');
    b.control.refuseUpgrades('all');
    b.control.dropSockets();
    await b.until((s) => s.status === 'reconnecting', 'the drop');
    b.client.send('are you still there?');
    expect(userItem(b.state(), 'are you still there?')).toMatchObject({ status: 'sending' });
    await waitFor(() => b.control.record().connections.some((c) => c.outcome === 'refused'), { what: 'a refused upgrade' });
    b.control.refuseUpgrades(0);
    await b.until(hasAgentText(plainReply('are you still there?')), 'the reply', { warpMs: 500 });
    const id = clientEventId(b.state(), 'are you still there?');
    expect(userMessagesOnWire(b, id)).toHaveLength(1);
    expect(b.state().items.filter((i) => i.kind === 'user')).toHaveLength(1);
    expect(b.control.record().joins).toHaveLength(1);
  });

  it('session expired while away: lost, then the next send opens a new session', async () => {
    const b = await boot();
    b.client.connect();
    await b.until(hasAgentText(GREETING), 'the greeting');
    const [first] = b.control.sessionIds();
    b.control.expireSession(first ?? '');
    await b.until((s) => s.status === 'reconnecting', 'the closed socket');
    // Nothing received for 10 minutes (the expired session answers every reconnect with 404).
    b.clock.warp(10 * 60_000);
    await b.until((s) => s.error?.code === 'session-lost', 'session lost');
    expect(b.state().status).toBe('error');
    expect(b.events).toContainEqual({ type: 'error', event: { code: 'session-lost', message: expect.any(String) } });

    b.client.send('back again');
    await b.until(hasAgentText(plainReply('back again')), 'the reply in the new session');
    const rec = b.control.record();
    const second = rec.sessions.at(-1)?.sessionId;
    expect(rec.sessions).toHaveLength(2);
    expect(second).not.toBe(first);
    expect(rec.http.filter((h) => h.path === '/api/v1/access-token' && h.status === 200)).toHaveLength(2);
    expect(rec.connections.filter((c) => c.sessionId === second).map((c) => c.cursor)).toEqual(['seq:0']);
    expect(rec.joins.map((j) => j.sessionId)).toEqual([first, second]);
    expect(b.state().items.some((i) => i.kind === 'system' && i.notice.code === 'new-conversation')).toBe(true);
    expect(userMessagesOnWire(b, clientEventId(b.state(), 'back again'))).toHaveLength(1);
  });

  it('token expired: a dropped socket is not retried with it; a fresh token starts the next session', async () => {
    const b = await boot({ tokenLifetimeSeconds: 2 });
    b.client.connect();
    await b.until(hasAgentText(GREETING), 'the greeting');
    b.clock.warp(2500);
    b.control.expireTokens();
    expect(b.state().status).toBe('online'); // the open socket outlives its token
    const before = b.control.record().connections.length;
    b.control.dropSockets();
    await b.until((s) => s.error?.code === 'session-lost', 'session lost at once');
    expect(b.clock.pending()).toBe(0); // no reconnect scheduled
    expect(b.control.record().connections).toHaveLength(before);

    b.client.send('new token please');
    await b.until(userSent('new token please'), 'delivery in a new session');
    expect(b.control.record().sessions).toHaveLength(2);
  });

  it('429 on session creation: retried after Retry-After', async () => {
    const b = await boot();
    b.control.httpFaults({ status: 429, count: 1, retryAfterSeconds: 1, paths: ['/api/v1/sessions'] });
    const t0 = Date.now();
    b.client.connect();
    await b.until((s) => s.status === 'online', 'online');
    expect(Date.now() - t0).toBeGreaterThanOrEqual(950);
    const http = b.control.record().http;
    expect(http.filter((h) => h.path === '/api/v1/sessions').map((h) => h.status)).toEqual([429, 200]);
    expect(http.filter((h) => h.path === '/api/v1/access-token')).toHaveLength(1);
  });

  it('duplicated, reordered and shuffled events give the same transcript', async () => {
    const b = await boot();
    b.control.setOutgoing({ duplicate: true, reorder: true, chunksOutOfOrder: true });
    b.client.connect();
    await b.until(hasAgentText(GREETING), 'the greeting');
    b.client.send('stream');
    await b.until(hasAgentText(STREAM_TEXT), 'the streamed reply');
    b.client.send('hello');
    await b.until(hasAgentText(plainReply('hello')), 'the reply');
    expect(conversation(b.state())).toEqual([
      `agent: ${GREETING}`,
      'user: stream',
      `agent: ${STREAM_TEXT}`,
      'user: hello',
      `agent: ${plainReply('hello')}`,
    ]);
    expect(b.events.filter((e) => e.type === 'message')).toHaveLength(5);
    expect(b.control.record().joins).toHaveLength(1);
  });

  it('malformed frames are ignored and the connection stays', async () => {
    const b = await boot();
    b.client.connect();
    await b.until(hasAgentText(GREETING), 'the greeting');
    const [sid = ''] = b.control.sessionIds();
    const reached = b.control.inject(sid, [
      'not json at all',
      '{"type": 42}',
      JSON.stringify({ id: 'bad-seq', sequence: 'x', timestamp: '', type: 'EVENT_TYPE_SERVICE_AGENT_MESSAGE', payload: {} }),
      JSON.stringify({ id: 'new-kind', sequence: null, timestamp: '', type: 'EVENT_TYPE_FROM_THE_FUTURE', payload: {} }),
      JSON.stringify({ type: 'EVENT_TYPE_EVENT_BATCH', payload: { events: 'nope' } }),
    ]);
    expect(reached).toBe(1);
    b.client.send('still here?');
    await b.until(hasAgentText(plainReply('still here?')), 'the reply');
    expect(b.events.filter((e) => e.type === 'status').map((e) => e.event)).toEqual([{ status: 'online' }]);
    expect(b.control.openSocketCount(sid)).toBe(1);
    expect(b.control.record().connections).toHaveLength(1);
  });

  it('the tokens never reach the store, host events or the console', async () => {
    const spies = (['error', 'warn', 'log', 'info', 'debug'] as const).map((m) => vi.spyOn(console, m));
    const b = await boot();
    const tokens: string[] = [];
    const realFetch = globalThis.fetch;
    vi.spyOn(globalThis, 'fetch').mockImplementation(async (input, init) => {
      const res = await realFetch(input, init);
      if (String(input).endsWith('/access-token')) {
        const body: unknown = await res.clone().json();
        if (typeof body === 'object' && body !== null && 'access_token' in body && typeof body.access_token === 'string')
          tokens.push(body.access_token);
      }
      return res;
    });
    // A client whose fetch is the spied global (boot() captured the original).
    const client = createWebchatClient(
      { messagingUrl: b.server.url, connectorToken: CONNECTOR, host: 'localhost' },
      { WebSocket: NodeWebSocket, environment: { onWake: () => () => {}, isOnline: () => true, hostname: () => 'localhost' } },
    );
    clients.push(client);
    const seen: unknown[] = [];
    for (const type of ['status', 'message', 'handoff', 'session-end', 'error'] as const) client.on(type, (e) => seen.push(e));
    client.connect();
    await waitFor(() => agentTexts(client.store.getState()).includes(GREETING), { store: client.store, what: 'the greeting' });
    client.send('hi');
    await waitFor(() => agentTexts(client.store.getState()).includes(plainReply('hi')), { store: client.store, what: 'the reply' });
    expect(tokens.length).toBeGreaterThan(0);
    const haystack = JSON.stringify([client.store.getState(), seen, spies.map((s) => s.mock.calls)]);
    for (const t of [...tokens, CONNECTOR]) expect(haystack).not.toContain(t);
  });
});
