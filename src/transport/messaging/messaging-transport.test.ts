import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { flush } from '../../testing/fake-clock';
import { platformAnswers } from '../../testing/fake-fetch';
import { FakeWebSocket } from '../../testing/fake-websocket';
import { agentMessage, batch, echo, ev, joined, sessionEnd, sessionStart, system } from '../../testing/server-events';
import { CONNECTOR_TOKEN, createHarness, userSend } from '../../testing/transport-harness';
import { SILENCE_LIMIT_MS } from './messaging-transport';
import { REPLAY_HOLD_MS, REPLAY_QUIET_MS } from './timings';

let consoleError: ReturnType<typeof vi.spyOn>;
beforeEach(() => {
  consoleError = vi.spyOn(console, 'error').mockImplementation(() => undefined);
});
afterEach(() => {
  vi.restoreAllMocks();
});

const userItems = (h: ReturnType<typeof createHarness>) => h.state().items.flatMap((i) => (i.kind === 'user' ? [i] : []));

describe('handshake (docs/protocol.md §1)', () => {
  it('asks for a token with X-Token and X-Host, then a web session with streaming', async () => {
    const h = createHarness();
    h.transport.start();
    const ws = await h.socket(1);
    const [token, session] = h.net.requests;
    expect(token).toMatchObject({
      url: 'https://messaging.example.com/api/v1/access-token',
      method: 'POST',
      body: '{}',
      headers: { 'x-token': CONNECTOR_TOKEN, 'x-host': 'shop.example.com', 'content-type': 'application/json' },
    });
    expect(session).toMatchObject({
      url: 'https://messaging.example.com/api/v1/sessions',
      method: 'POST',
      headers: { authorization: 'Bearer SECRET-TOKEN-1', 'content-type': 'application/json' },
    });
    expect(JSON.parse(session?.body ?? '')).toEqual({ platform: 'web', streaming_enabled: true });
    expect(ws.url).toBe('wss://messaging.example.com/ws?session_id=sess-1&access_token=SECRET-TOKEN-1&cursor=seq:0');
    expect(h.state().status).toBe('connecting');
    ws.open();
    expect(h.state().status).toBe('online');
    h.transport.stop();
  });

  it('sends streaming_enabled false, the configured host, and http → ws for loopback', async () => {
    const h = createHarness({ options: { streaming: false, host: 'example.org', messagingUrl: 'http://localhost:8080/' } });
    h.transport.start();
    const ws = await h.socket(1);
    expect(h.net.requests[0]?.headers['x-host']).toBe('example.org');
    expect(h.net.requests[0]?.url).toBe('http://localhost:8080/api/v1/access-token');
    expect(JSON.parse(h.net.requests[1]?.body ?? '')).toEqual({ platform: 'web', streaming_enabled: false });
    expect(ws.url.startsWith('ws://localhost:8080/ws?')).toBe(true);
    h.transport.stop();
  });

  it('POSTs {"streaming"} to tokenUrl without the connector headers', async () => {
    const h = createHarness({ options: { tokenUrl: 'https://site.example.com/webchat-token', connectorToken: undefined } });
    h.transport.start();
    await h.socket(1);
    const token = h.net.requests[0];
    expect(token?.url).toBe('https://site.example.com/webchat-token');
    expect(JSON.parse(token?.body ?? '')).toEqual({ streaming: true });
    expect(token?.headers['x-token']).toBeUndefined();
    expect(token?.headers['x-host']).toBeUndefined();
    h.transport.stop();
  });

  it('401 on the token endpoint is a configuration error: one console.error, no retry', async () => {
    const h = createHarness({
      answer: () => ({ status: 401, body: { message: 'Connector token does not exist' } }),
    });
    h.transport.start();
    await flush();
    await h.clock.advance(10 * 60_000);
    h.transport.reconnectNow();
    await h.clock.advance(60_000);
    expect(h.net.requests).toHaveLength(1);
    expect(consoleError).toHaveBeenCalledTimes(1);
    const logged = String(consoleError.mock.calls[0]?.[0]);
    expect(logged).toMatch(/^agent-webchat: .*connector token.*\(Connector token does not exist\)/);
    expect(logged).not.toContain(CONNECTOR_TOKEN);
    expect(h.state().status).toBe('error');
    expect(h.state().error?.code).toBe('config');
    expect(h.sockets()).toHaveLength(0);
    expect(h.clock.pending()).toBe(0);
  });

  it('a 401 from tokenUrl is a configuration error too, and pending messages fail', async () => {
    const h = createHarness({
      options: { tokenUrl: 'https://site.example.com/t' },
      answer: () => ({ status: 401, body: { error: 'not logged in' } }),
    });
    userSend(h, 'c1', 'hello');
    await flush();
    expect(consoleError).toHaveBeenCalledTimes(1);
    expect(String(consoleError.mock.calls[0]?.[0])).toMatch(/^agent-webchat: "tokenUrl" gave no access token \(not logged in\)/);
    expect(userItems(h)[0]?.status).toBe('failed');
  });

  it('429 waits Retry-After (capped at 60 s) before asking again', async () => {
    const h = createHarness({
      answer: platformAnswers({
        token: [{ status: 429, body: { message: 'Too many requests' }, headers: { 'Retry-After': '7' } }],
        session: [{ status: 429, body: {}, headers: { 'Retry-After': '600' } }],
      }),
    });
    h.transport.start();
    await flush();
    expect(h.net.requests).toHaveLength(1);
    await h.clock.advance(6900);
    expect(h.net.requests).toHaveLength(1);
    await h.clock.advance(100);
    expect(h.net.requests.map((r) => r.url.split('/').pop())).toEqual(['access-token', 'access-token', 'sessions']);
    await h.clock.advance(59_900);
    expect(h.net.requests).toHaveLength(3);
    await h.clock.advance(100);
    // The token minted for this session is reused for the retried session request.
    expect(h.net.requests.map((r) => r.url.split('/').pop())).toEqual(['access-token', 'access-token', 'sessions', 'sessions']);
    await h.socket(1);
    expect(h.outcomes).toEqual([]);
    h.transport.stop();
  });

  it('5xx and network errors back off 1 s, 2 s, 4 s … capped at 30 s, then connect', async () => {
    let calls = 0;
    const h = createHarness({
      answer: (req) => {
        calls++;
        if (calls <= 7) return calls % 2 ? { status: 500, body: { message: 'Failed to create access token' } } : 'network-error';
        return platformAnswers()(req);
      },
    });
    const times: number[] = [];
    const origFetch = h.ctx.fetch;
    h.ctx.fetch = (...args) => {
      times.push(h.clock.now());
      return origFetch(...args);
    };
    h.transport.start();
    await flush();
    await h.clock.advance(200_000);
    const gaps = times.slice(1, 8).map((t, i) => t - (times[i] ?? 0));
    expect(gaps).toEqual([1000, 2000, 4000, 8000, 16_000, 30_000, 30_000]);
    // After max_reconnect_attempts failures the client may fall back; it still keeps trying.
    expect(h.outcomes).toEqual([{ type: 'cannot-connect', error: expect.objectContaining({ code: expect.any(String) }) }]);
    const ws = await h.socket(1);
    ws.open();
    expect(h.state().status).toBe('online');
    expect(h.state().error).toBeUndefined();
    h.transport.stop();
  });

  it('a session refused with its fresh token is retried with a new token', async () => {
    const h = createHarness({ answer: platformAnswers({ session: [{ status: 401, body: { message: 'Invalid access token' } }] }) });
    h.transport.start();
    await flush();
    await h.clock.advance(1000);
    const ws = await h.socket(1);
    expect(h.net.requests.map((r) => r.url.split('/').pop())).toEqual(['access-token', 'sessions', 'access-token', 'sessions']);
    expect(ws.url).toContain('access_token=SECRET-TOKEN-2');
    expect(consoleError).not.toHaveBeenCalled();
    h.transport.stop();
  });

  it('starting offline waits for the network before the handshake', async () => {
    const h = createHarness();
    h.env.online = false;
    h.transport.start();
    await h.clock.advance(10_000);
    expect(h.net.requests).toHaveLength(0);
    expect(h.state().status).toBe('offline');
    h.env.online = true;
    h.wake();
    await h.socket(1);
    expect(h.state().status).toBe('connecting');
    h.transport.stop();
  });

  it('jitter shortens backoff steps by up to a quarter', async () => {
    const h = createHarness({ answer: () => ({ status: 503, body: {} }) });
    h.clock.rand = 0.999;
    h.transport.start();
    await flush();
    const [first = 0] = h.clock.delays();
    expect(first).toBeGreaterThanOrEqual(750);
    expect(first).toBeLessThan(752);
    await h.clock.advance(first);
    const [second = 0] = h.clock.delays();
    expect(second).toBeGreaterThanOrEqual(1500);
    expect(second).toBeLessThan(1502);
    h.transport.stop();
  });
});

describe('socket, replay and join (docs/protocol.md §2, §6.1)', () => {
  it('sends the join request once per session, after the replay', async () => {
    const h = createHarness();
    const ws = await h.goOnline();
    expect(ws.frames('EVENT_TYPE_REQUEST_SERVICE_AGENT_JOIN')).toHaveLength(1);
    ws.receive(ev('EVENT_TYPE_REQUEST_SERVICE_AGENT_JOIN', {}, 2));
    ws.drop();
    await h.clock.advance(1000);
    const ws2 = await h.socket(2);
    expect(ws2.url).toContain('cursor=seq:2');
    ws2.open();
    ws2.receive(batch([]));
    await h.clock.advance(2000);
    expect(ws2.frames('EVENT_TYPE_REQUEST_SERVICE_AGENT_JOIN')).toHaveLength(0);
    h.transport.stop();
  });

  it('names the locale the site chose in the join request, for the agent to greet in it', async () => {
    const h = createHarness({ options: { locale: 'de', metadata: { plan: 'gold' } } });
    const ws = await h.goOnline();
    expect(ws.frames('EVENT_TYPE_REQUEST_SERVICE_AGENT_JOIN')[0]?.custom).toEqual({ plan: 'gold', locale: 'de' });
    h.transport.stop();
  });

  it('never joins when the history already has SERVICE_AGENT_JOINED', async () => {
    const h = createHarness();
    const ws = await h.goOnline([sessionStart(1), joined(2)]);
    expect(ws.frames('EVENT_TYPE_REQUEST_SERVICE_AGENT_JOIN')).toHaveLength(0);
    h.transport.stop();
  });

  it('joins after a 1 s grace period when no batch comes', async () => {
    const h = createHarness();
    h.transport.start();
    const ws = await h.socket(1);
    ws.open();
    await h.clock.advance(999);
    expect(ws.frames('EVENT_TYPE_REQUEST_SERVICE_AGENT_JOIN')).toHaveLength(0);
    await h.clock.advance(1);
    expect(ws.frames('EVENT_TYPE_REQUEST_SERVICE_AGENT_JOIN')).toHaveLength(1);
    h.transport.stop();
  });

  it('applies the batches of a replay together when it ends (a slow one at least every REPLAY_HOLD_MS), in one task', async () => {
    const h = createHarness();
    h.transport.start();
    const ws = await h.socket(1);
    ws.open();
    const agentKeys = () => h.state().items.map((i) => i.key);
    let changes = 0;
    h.store.subscribe(() => changes++);
    ws.receive(batch([sessionStart(1), joined(2), agentMessage(3, 'a1', 'one')]));
    ws.receive(batch([agentMessage(4, 'a2', 'two')]));
    expect(agentKeys()).toEqual([]);
    // The heartbeat's echo (any live frame) ends the replay: its batches first, then the frame.
    changes = 0;
    ws.receive(agentMessage(5, 'a3', 'three'));
    expect(agentKeys()).toEqual(['a1', 'a2', 'a3']);
    expect(changes).toBe(3);
    // A slow replay on the next socket: what came shows after REPLAY_HOLD_MS, the rest at its end.
    ws.drop();
    await h.clock.advance(1000);
    const ws2 = await h.socket(2);
    ws2.open();
    // Batches less than REPLAY_QUIET_MS apart: the replay goes on.
    const step = REPLAY_HOLD_MS / 2 + 1;
    expect(step).toBeLessThan(REPLAY_QUIET_MS);
    ws2.receive(batch([agentMessage(6, 'a4', 'four')]));
    await h.clock.advance(step);
    ws2.receive(batch([agentMessage(7, 'a5', 'five')]));
    expect(agentKeys()).toHaveLength(3);
    await h.clock.advance(step);
    ws2.receive(batch([agentMessage(8, 'a6', 'six')]));
    expect(agentKeys()).toEqual(['a1', 'a2', 'a3', 'a4', 'a5', 'a6']);
    ws2.receive(batch([agentMessage(9, 'a7', 'seven')]));
    expect(agentKeys()).toHaveLength(6);
    ws2.drop();
    expect(agentKeys()).toHaveLength(7);
    h.transport.stop();
  });

  it('a held batch that ends the session is the last one applied', async () => {
    const h = createHarness();
    h.transport.start();
    const ws = await h.socket(1);
    ws.open();
    ws.receive(batch([sessionStart(1), sessionEnd(2)]));
    ws.receive(batch([agentMessage(3, 'a1', 'after the end')]));
    await h.clock.advance(REPLAY_QUIET_MS);
    expect(h.state().status).toBe('ended');
    expect(h.state().items.filter((i) => i.kind === 'agent')).toEqual([]);
    h.transport.stop();
  });

  it('applies each frame once, ignores malformed frames and keeps the connection', async () => {
    const h = createHarness();
    const ws = await h.goOnline([sessionStart(1), joined(2)]);
    const msg = agentMessage(3, 'a1', 'Hello');
    ws.receive(msg);
    ws.receive(msg);
    ws.receive('not json {');
    ws.receive({ type: 'EVENT_TYPE_SOMETHING_NEW', payload: {} });
    ws.receive(batch([msg, agentMessage(4, 'a2', 'Again')]));
    expect(
      h
        .state()
        .items.filter((i) => i.kind === 'agent')
        .map((i) => i.key),
    ).toEqual(['a1', 'a2']);
    expect(h.state().status).toBe('online');
    expect(ws.readyState).toBe(1);
    h.transport.stop();
  });

  it('heartbeats on open, then every heartbeat_interval_seconds while open, and not while closed', async () => {
    const h = createHarness();
    const ws = await h.goOnline([sessionStart(1, { heartbeat_interval_seconds: 10 }), joined(2)]);
    expect(ws.frames().map((f) => f.type)).toEqual(['EVENT_TYPE_HEARTBEAT']);
    await h.clock.advance(30_000);
    expect(ws.frames('EVENT_TYPE_HEARTBEAT')).toHaveLength(1 + 3);
    h.env.online = false;
    ws.drop();
    await h.clock.advance(60_000);
    expect(ws.frames('EVENT_TYPE_HEARTBEAT')).toHaveLength(1 + 3);
    h.transport.stop();
  });

  it('the echo of the heartbeat sent on open ends the replay wait at once (docs/protocol.md §6.5)', async () => {
    const h = createHarness();
    h.transport.start();
    const ws = await h.socket(1);
    ws.open();
    // Sent before anything else, so the server answers it after the whole replay.
    expect(ws.frames().map((f) => f.type)).toEqual(['EVENT_TYPE_HEARTBEAT']);
    ws.receive(batch([sessionStart(1)]));
    // More batches could follow: without the echo the client would wait for a quiet pause.
    expect(ws.frames('EVENT_TYPE_REQUEST_SERVICE_AGENT_JOIN')).toHaveLength(0);
    ws.receive(ev('EVENT_TYPE_HEARTBEAT', {}, null));
    expect(ws.frames('EVENT_TYPE_REQUEST_SERVICE_AGENT_JOIN')).toHaveLength(1);
    // Settled once: later batches or timers do not join or resend again.
    await h.clock.advance(2000);
    expect(ws.frames('EVENT_TYPE_REQUEST_SERVICE_AGENT_JOIN')).toHaveLength(1);
    h.transport.stop();
  });

  it('a resumed socket whose server sends no batch resends as soon as the heartbeat echo comes', async () => {
    const h = createHarness();
    const ws = await h.goOnline([sessionStart(1), joined(2)]);
    userSend(h, 'c1', 'one');
    ws.drop();
    await h.clock.advance(1000);
    const ws2 = await h.socket(2);
    ws2.open();
    expect(ws2.frames('EVENT_TYPE_USER_MESSAGE')).toHaveLength(0);
    ws2.receive(ev('EVENT_TYPE_HEARTBEAT', {}, null));
    expect(ws2.frames('EVENT_TYPE_USER_MESSAGE').map((f) => f.custom.client_event_id)).toEqual(['c1']);
    h.transport.stop();
  });
});

describe('reconnect and session lost (docs/protocol.md §6.4)', () => {
  it('reconnects with backoff and the last applied cursor; status reconnecting → online', async () => {
    const h = createHarness();
    const ws = await h.goOnline([sessionStart(1), joined(2), agentMessage(3, 'a1', 'hi')]);
    ws.drop();
    expect(h.state().status).toBe('reconnecting');
    await h.clock.advance(999);
    expect(h.sockets()).toHaveLength(1);
    await h.clock.advance(1);
    const ws2 = await h.socket(2);
    expect(ws2.url).toContain('cursor=seq:3');
    expect(ws2.url).toContain('access_token=SECRET-TOKEN-1');
    ws2.fail();
    await h.clock.advance(1999);
    expect(h.sockets()).toHaveLength(2);
    await h.clock.advance(1);
    const ws3 = await h.socket(3);
    ws3.open();
    expect(h.state().status).toBe('online');
    expect(h.net.requests).toHaveLength(2); // same session, same token
    h.transport.stop();
  });

  it('gives the session up after max_reconnect_attempts consecutive failures', async () => {
    const h = createHarness();
    const ws = await h.goOnline([sessionStart(1, { max_reconnect_attempts: 3 }), joined(2)]);
    ws.drop();
    let n = 1;
    for (const wait of [1000, 2000, 4000]) {
      await h.clock.advance(wait);
      (await h.socket(++n)).fail();
    }
    await h.clock.advance(60_000);
    expect(h.sockets()).toHaveLength(4);
    expect(h.state().status).toBe('error');
    expect(h.state().error?.code).toBe('session-lost');
    expect(h.state().items.some((i) => i.kind === 'system' && i.notice.code === 'session-lost')).toBe(true);
    expect(h.clock.pending()).toBe(0);
  });

  it('wakes up at once when the network comes back, and waits while offline', async () => {
    const h = createHarness();
    const ws = await h.goOnline([sessionStart(1), joined(2)]);
    h.env.online = false;
    ws.drop();
    expect(h.state().status).toBe('offline');
    await h.clock.advance(120_000);
    expect(h.sockets()).toHaveLength(1);
    expect(h.state().status).toBe('offline');
    h.env.online = true;
    h.wake();
    const ws2 = await h.socket(2);
    expect(h.state().status).toBe('reconnecting');
    ws2.open();
    expect(h.state().status).toBe('online');
    h.transport.stop();
  });

  it('a wake-up cuts the backoff short', async () => {
    const h = createHarness();
    const ws = await h.goOnline([sessionStart(1), joined(2)]);
    ws.drop();
    await h.clock.advance(1000);
    (await h.socket(2)).fail();
    await h.clock.advance(100);
    h.transport.reconnectNow();
    await h.socket(3);
    h.transport.stop();
  });

  it('an expired token makes a dropped session lost at once', async () => {
    const h = createHarness({ expiresIn: 60 });
    const ws = await h.goOnline([sessionStart(1), joined(2)]);
    await h.clock.advance(61_000);
    expect(h.state().status).toBe('online'); // an open socket outlives its token
    ws.drop();
    expect(h.state().error?.code).toBe('session-lost');
    await h.clock.advance(60_000);
    expect(h.sockets()).toHaveLength(1);
  });

  it('the token expiring while reconnecting makes the session lost', async () => {
    const h = createHarness({ expiresIn: 5 });
    const ws = await h.goOnline([sessionStart(1), joined(2)]);
    ws.drop();
    await h.clock.advance(1000);
    (await h.socket(2)).fail();
    expect(h.state().status).toBe('reconnecting');
    await h.clock.advance(2000);
    await h.socket(3); // still trying: the token has not expired yet
    expect(h.state().status).toBe('reconnecting');
    await h.clock.advance(2000);
    expect(h.state().error?.code).toBe('session-lost');
    expect(h.sockets()[2]?.closedByClient).toBe(true);
  });

  it('10 minutes with nothing received makes the session lost', async () => {
    const h = createHarness();
    const ws = await h.goOnline([sessionStart(1), joined(2)]);
    await h.clock.advance(9 * 60_000);
    ws.receive(ev('EVENT_TYPE_HEARTBEAT', {}, null));
    await h.clock.advance(9 * 60_000);
    expect(h.state().status).toBe('online');
    await h.clock.advance(60_000);
    expect(h.state().error?.code).toBe('session-lost');
    expect(ws.closedByClient).toBe(true);
    expect(SILENCE_LIMIT_MS).toBe(600_000);
  });

  it('after a lost session the next send starts a new session with a fresh token and carries the message', async () => {
    const h = createHarness();
    const ws = await h.goOnline([sessionStart(1), joined(2), agentMessage(3, 'a1', 'hi')]);
    ws.receive(system('Error: Session not found'));
    expect(h.state().error?.code).toBe('session-lost');
    userSend(h, 'c9', 'are you there?');
    const ws2 = await h.socket(2);
    expect(h.net.requests.filter((r) => r.url.endsWith('/access-token'))).toHaveLength(2);
    expect(ws2.url).toContain('session_id=sess-2');
    expect(ws2.url).toContain('access_token=SECRET-TOKEN-2');
    expect(ws2.url).toContain('cursor=seq:0');
    expect(h.state().items.some((i) => i.kind === 'system' && i.notice.code === 'new-conversation')).toBe(true);
    ws2.open();
    ws2.receive(batch([sessionStart(1)]));
    await h.clock.advance(250);
    expect(ws2.frames().map((f) => f.type)).toEqual([
      'EVENT_TYPE_HEARTBEAT',
      'EVENT_TYPE_REQUEST_SERVICE_AGENT_JOIN',
      'EVENT_TYPE_USER_MESSAGE',
    ]);
    expect(ws2.frames('EVENT_TYPE_USER_MESSAGE')[0]?.custom.client_event_id).toBe('c9');
    h.transport.stop();
  });

  it('newConversation resets the store and opens a new session with a fresh token', async () => {
    const h = createHarness();
    const ws = await h.goOnline([sessionStart(1), joined(2), agentMessage(3, 'a1', 'hi')]);
    h.transport.newConversation();
    expect(ws.closedByClient).toBe(true);
    expect(h.state().items).toEqual([]);
    const ws2 = await h.socket(2);
    expect(ws2.url).toContain('access_token=SECRET-TOKEN-2');
    h.transport.stop();
  });

  it('a lost socket that never opened reports cannot-connect (fallback trigger)', async () => {
    const h = createHarness();
    h.transport.start();
    (await h.socket(1)).fail();
    let n = 1;
    for (const wait of [2000, 4000, 8000, 16_000]) {
      await h.clock.advance(wait);
      (await h.socket(++n)).fail();
    }
    await h.clock.advance(30_000);
    expect(h.outcomes).toEqual([{ type: 'cannot-connect', error: { code: 'network', message: expect.any(String) } }]);
    expect(h.state().status).toBe('error');
  });
});

describe('outbox (docs/protocol.md §6.5)', () => {
  it('sends at once when open, with a client_event_id and the site metadata', async () => {
    const h = createHarness({ options: { metadata: { shop: 'eu' } } });
    const ws = await h.goOnline([sessionStart(1), joined(2)]);
    userSend(h, 'c1', 'hello');
    const [frame] = ws.frames('EVENT_TYPE_USER_MESSAGE');
    expect(frame).toEqual({ type: 'EVENT_TYPE_USER_MESSAGE', payload: { text: 'hello' }, custom: { shop: 'eu', client_event_id: 'c1' } });
    ws.receive(echo(3, 'c1', 'hello'));
    expect(userItems(h)[0]?.status).toBe('sent');
    await h.clock.advance(120_000);
    expect(ws.frames('EVENT_TYPE_USER_MESSAGE')).toHaveLength(1);
    h.transport.stop();
  });

  it('resends after 5 s, 10 s and 15 s without an echo, then fails; a late echo still counts', async () => {
    const h = createHarness();
    const ws = await h.goOnline([sessionStart(1, { heartbeat_interval_seconds: 1000 }), joined(2)]);
    userSend(h, 'c1', 'hello');
    const count = () => ws.frames('EVENT_TYPE_USER_MESSAGE').length;
    await h.clock.advance(4999);
    expect(count()).toBe(1);
    await h.clock.advance(1);
    expect(count()).toBe(2);
    await h.clock.advance(10_000);
    expect(count()).toBe(3);
    await h.clock.advance(15_000);
    expect(count()).toBe(4);
    expect(userItems(h)[0]?.status).toBe('sending');
    await h.clock.advance(15_000);
    expect(count()).toBe(4);
    expect(userItems(h)[0]?.status).toBe('failed');
    ws.receive(echo(3, 'c1', 'hello'));
    expect(userItems(h)).toHaveLength(1);
    expect(userItems(h)[0]?.status).toBe('sent');
    h.transport.stop();
  });

  it('retry sends a failed message again with the same id', async () => {
    const h = createHarness();
    const ws = await h.goOnline([sessionStart(1), joined(2)]);
    userSend(h, 'c1', 'hello');
    await h.clock.advance(45_000);
    expect(userItems(h)[0]?.status).toBe('failed');
    h.dispatch({ type: 'user-retry', clientEventId: 'c1' });
    h.transport.sendUserMessage('c1', 'hello');
    expect(ws.frames('EVENT_TYPE_USER_MESSAGE')).toHaveLength(5);
    expect(userItems(h)[0]?.status).toBe('sending');
    await h.clock.advance(5000);
    expect(ws.frames('EVENT_TYPE_USER_MESSAGE')).toHaveLength(6);
    h.transport.stop();
  });

  it('a message sent while connecting waits as sending and goes out after the join', async () => {
    const h = createHarness();
    userSend(h, 'c1', 'early bird');
    expect(userItems(h)[0]?.status).toBe('sending');
    const ws = await h.socket(1);
    ws.open();
    expect(ws.frames().map((f) => f.type)).toEqual(['EVENT_TYPE_HEARTBEAT']);
    ws.receive(batch([sessionStart(1)]));
    await h.clock.advance(250);
    expect(ws.frames().map((f) => f.type)).toEqual([
      'EVENT_TYPE_HEARTBEAT',
      'EVENT_TYPE_REQUEST_SERVICE_AGENT_JOIN',
      'EVENT_TYPE_USER_MESSAGE',
    ]);
    h.transport.stop();
  });

  it('after a reconnect applies the replay first and resends only messages whose echo is missing', async () => {
    const h = createHarness();
    const ws = await h.goOnline([sessionStart(1), joined(2)]);
    userSend(h, 'c1', 'one');
    userSend(h, 'c2', 'two');
    ws.drop();
    await h.clock.advance(1000);
    const ws2 = await h.socket(2);
    expect(ws2.url).toContain('cursor=seq:2');
    ws2.open();
    ws2.receive(batch([echo(3, 'c1', 'one')]));
    expect(ws2.frames('EVENT_TYPE_USER_MESSAGE')).toHaveLength(0);
    await h.clock.advance(250);
    expect(ws2.frames('EVENT_TYPE_USER_MESSAGE').map((f) => f.custom.client_event_id)).toEqual(['c2']);
    ws2.receive(echo(4, 'c2', 'two'));
    expect(userItems(h).map((m) => [m.clientEventId, m.status])).toEqual([
      ['c1', 'sent'],
      ['c2', 'sent'],
    ]);
    h.transport.stop();
  });

  it('an empty replay batch means nothing to catch up on: resend at once', async () => {
    const h = createHarness();
    const ws = await h.goOnline([sessionStart(1), joined(2)]);
    userSend(h, 'c1', 'one');
    ws.drop();
    await h.clock.advance(1000);
    const ws2 = await h.socket(2);
    ws2.open();
    ws2.receive(batch([]));
    expect(ws2.frames('EVENT_TYPE_USER_MESSAGE').map((f) => f.custom.client_event_id)).toEqual(['c1']);
    h.transport.stop();
  });

  it('resends after the grace period when a resumed socket brings no batch', async () => {
    const h = createHarness();
    const ws = await h.goOnline([sessionStart(1), joined(2)]);
    ws.drop();
    userSend(h, 'c1', 'offline words');
    await h.clock.advance(1000);
    const ws2 = await h.socket(2);
    ws2.open();
    await h.clock.advance(999);
    expect(ws2.frames('EVENT_TYPE_USER_MESSAGE')).toHaveLength(0);
    await h.clock.advance(1);
    expect(ws2.frames('EVENT_TYPE_USER_MESSAGE')).toHaveLength(1);
    h.transport.stop();
  });

  it('high load: resends after 2–5 s', async () => {
    const h = createHarness();
    const ws = await h.goOnline([sessionStart(1), joined(2)]);
    userSend(h, 'c1', 'hello');
    ws.receive(system('Our system is experiencing high load. Please try again in a moment.', { client_event_id: 'c1' }));
    await h.clock.advance(1999);
    expect(ws.frames('EVENT_TYPE_USER_MESSAGE')).toHaveLength(1);
    await h.clock.advance(3001);
    expect(ws.frames('EVENT_TYPE_USER_MESSAGE')).toHaveLength(2);
    h.transport.stop();
  });

  it('a message over max_message_size_bytes fails without being sent', async () => {
    const h = createHarness();
    const ws = await h.goOnline([sessionStart(1, { max_message_size_bytes: 100 }), joined(2)]);
    userSend(h, 'c1', 'x'.repeat(200));
    expect(ws.frames('EVENT_TYPE_USER_MESSAGE')).toHaveLength(0);
    expect(userItems(h)[0]?.status).toBe('failed');
    expect(h.state().error?.code).toBe('message-too-long');
    h.transport.stop();
  });
});

describe('system messages, typing and the end', () => {
  it('"Unable to retrieve session" reconnects; replayed system messages are not acted on', async () => {
    const h = createHarness();
    const ws = await h.goOnline([sessionStart(1), joined(2), system('Error: Session not found')]);
    expect(h.state().status).toBe('online');
    ws.receive(system('Error: Unable to retrieve session'));
    expect(ws.closedByClient).toBe(true);
    expect(h.state().status).toBe('reconnecting');
    await h.clock.advance(1000);
    await h.socket(2);
    h.transport.stop();
  });

  it('"Conversation not found" sends the join again once; a second time loses the session', async () => {
    const h = createHarness();
    const ws = await h.goOnline([sessionStart(1), joined(2)]);
    ws.receive(system('Error: Conversation not found'));
    expect(ws.frames('EVENT_TYPE_REQUEST_SERVICE_AGENT_JOIN')).toHaveLength(1);
    expect(h.state().status).toBe('online');
    ws.receive(system('Error: Conversation not found'));
    expect(h.state().error?.code).toBe('session-lost');
  });

  it('"Connector not found" is a configuration error', async () => {
    const h = createHarness();
    const ws = await h.goOnline();
    ws.receive(system('Error: Connector not found'));
    expect(h.state().error?.code).toBe('config');
    expect(consoleError).toHaveBeenCalledTimes(1);
    expect(String(consoleError.mock.calls[0]?.[0])).toMatch(/^agent-webchat: /);
  });

  it('typing: STARTED at most once per 3 s while typing, STOPPED once', async () => {
    const h = createHarness();
    const ws = await h.goOnline([sessionStart(1, { heartbeat_interval_seconds: 1000 }), joined(2)]);
    const states = () => ws.frames('EVENT_TYPE_USER_TYPING').map((f) => f.payload.state);
    h.transport.setTyping(true);
    await h.clock.advance(1000);
    h.transport.setTyping(true);
    await h.clock.advance(1999);
    h.transport.setTyping(true);
    expect(states()).toEqual(['TYPING_STATE_STARTED']);
    await h.clock.advance(1);
    h.transport.setTyping(true);
    expect(states()).toEqual(['TYPING_STATE_STARTED', 'TYPING_STATE_STARTED']);
    h.transport.setTyping(false);
    h.transport.setTyping(false);
    expect(states()).toEqual(['TYPING_STATE_STARTED', 'TYPING_STATE_STARTED', 'TYPING_STATE_STOPPED']);
    h.transport.stop();
  });

  it('SESSION_END closes the socket for good and stops every timer', async () => {
    const h = createHarness();
    const ws = await h.goOnline([sessionStart(1), joined(2)]);
    userSend(h, 'c1', 'bye');
    ws.receive(sessionEnd(3));
    expect(h.state().status).toBe('ended');
    expect(ws.closedByClient).toBe(true);
    expect(h.clock.pending()).toBe(0);
    await h.clock.advance(120_000);
    expect(h.sockets()).toHaveLength(1);
  });

  it('endSession sends USER_END_SESSION', async () => {
    const h = createHarness();
    const ws = await h.goOnline([sessionStart(1), joined(2)]);
    h.transport.endSession();
    expect(ws.frames('EVENT_TYPE_USER_END_SESSION')).toHaveLength(1);
    h.transport.stop();
  });

  it('stop() closes the socket and clears every timer', async () => {
    const h = createHarness();
    const ws = await h.goOnline([sessionStart(1), joined(2)]);
    userSend(h, 'c1', 'pending');
    h.transport.stop();
    expect(ws.closedByClient).toBe(true);
    expect(h.clock.pending()).toBe(0);
  });

  it('the access token reaches neither the store, the outcomes nor the console', async () => {
    const log = vi.spyOn(console, 'log');
    const warn = vi.spyOn(console, 'warn');
    const h = createHarness({ expiresIn: 5 });
    const ws = await h.goOnline([sessionStart(1, { max_reconnect_attempts: 1 }), joined(2)]);
    userSend(h, 'c1', 'hi');
    ws.drop();
    await h.clock.advance(10_000);
    const everything = JSON.stringify([h.state(), h.outcomes, consoleError.mock.calls, log.mock.calls, warn.mock.calls]);
    expect(everything).not.toContain('SECRET-TOKEN');
    expect(everything).not.toContain(CONNECTOR_TOKEN);
    expect(FakeWebSocket.instances[0]?.url).toContain('SECRET-TOKEN-1');
  });
});
