import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { ClientEnvironment, WebchatEventMap } from '../contract/client';
import { OptionsError } from '../contract/errors';
import { FakeClock, flush } from '../testing/fake-clock';
import { createFakeFetch, type FakeAnswer, platformAnswers, type RecordedRequest } from '../testing/fake-fetch';
import { FakeWebSocket } from '../testing/fake-websocket';
import { batch, echo, ev, joined, sessionEnd, sessionStart } from '../testing/server-events';
import { createWebchatClient } from './create-client';

const CONNECTOR = 'CONNECTOR-SECRET-abc';
const options = { messagingUrl: 'https://messaging.example.com', connectorToken: CONNECTOR };

function setup(answer: (req: RecordedRequest, n: number) => FakeAnswer = platformAnswers()) {
  FakeWebSocket.reset();
  const clock = new FakeClock();
  const net = createFakeFetch(answer);
  const wakers = new Set<() => void>();
  const environment: ClientEnvironment = {
    onWake: (l) => {
      wakers.add(l);
      return () => wakers.delete(l);
    },
    isOnline: () => true,
    hostname: () => 'localhost',
  };
  const client = createWebchatClient(options, { WebSocket: FakeWebSocket, fetch: net.fetch, clock, environment });
  const events: { type: keyof WebchatEventMap; event: unknown }[] = [];
  for (const type of ['status', 'message', 'handoff', 'session-end', 'error'] as const) {
    client.on(type, (event) => events.push({ type, event }));
  }
  async function socket(n: number) {
    for (let i = 0; i < 50 && FakeWebSocket.instances.length < n; i++) await flush(1);
    const ws = FakeWebSocket.instances[n - 1];
    if (!ws) throw new Error(`no socket ${n}`);
    return ws;
  }
  async function online() {
    client.connect();
    const ws = await socket(1);
    ws.open();
    ws.receive(batch([sessionStart(1), joined(2)]));
    await clock.advance(250);
    return ws;
  }
  return {
    client,
    clock,
    net,
    wakers,
    events,
    socket,
    online,
    of: (type: keyof WebchatEventMap) => events.filter((e) => e.type === type).map((e) => e.event),
  };
}

let consoleSpies: ReturnType<typeof vi.spyOn>[] = [];
beforeEach(() => {
  consoleSpies = (['error', 'warn', 'log', 'info', 'debug'] as const).map((m) => vi.spyOn(console, m).mockImplementation(() => undefined));
});
afterEach(() => vi.restoreAllMocks());

describe('createWebchatClient', () => {
  it('throws OptionsError on bad options', () => {
    expect(() => createWebchatClient({ messagingUrl: 'http://example.com', connectorToken: 'x' })).toThrow(OptionsError);
    expect(() => createWebchatClient(null)).toThrow(/^agent-webchat: options must be an object/);
  });

  it('connect() is idempotent and starts one handshake', async () => {
    const h = setup();
    h.client.connect();
    h.client.connect();
    await h.socket(1);
    h.client.connect();
    await flush();
    expect(h.net.requests).toHaveLength(2);
    expect(FakeWebSocket.instances).toHaveLength(1);
    h.client.destroy();
  });

  it('emits status changes, one message per user message and per completed agent message', async () => {
    const h = setup();
    const ws = await h.online();
    expect(h.of('status')).toEqual([{ status: 'online' }]);
    h.client.send('hello');
    h.client.send('   ');
    const [sent] = ws.frames('EVENT_TYPE_USER_MESSAGE');
    const id = String(sent?.custom.client_event_id);
    expect(id).toMatch(/^[0-9a-f-]{32,36}$/);
    ws.receive(echo(3, id, 'hello'));
    const chunk = (index: number, text: string, done: boolean) =>
      ev(
        'EVENT_TYPE_SERVICE_AGENT_MESSAGE_CHUNK',
        { message_id: 'a1', text, attachments: [], response_suggestions: [], chunk_index: index, is_complete: done },
        3 + index,
      );
    ws.receive(chunk(1, 'Hel', false));
    ws.receive(chunk(2, 'lo!', false));
    ws.receive(chunk(3, '', true));
    ws.receive(chunk(3, '', true));
    expect(h.of('message')).toEqual([
      { id, author: 'user', text: 'hello' },
      { id: 'a1', author: 'agent', text: 'Hello!' },
    ]);
    h.client.destroy();
  });

  it('emits handoff stages and session-end', async () => {
    const h = setup();
    const ws = await h.online();
    ws.receive(ev('EVENT_TYPE_SERVICE_AGENT_TRIGGERED_HANDOFF', {}, 3));
    ws.receive(ev('EVENT_TYPE_HANDOFF_QUEUE_STATUS', { queue_name: 'support', position_in_queue: 2 }, 4));
    ws.receive(ev('EVENT_TYPE_LIVE_AGENT_JOINED', { agent: { id: 'la1', name: 'Sam', avatar_url: '' } }, 5));
    ws.receive(sessionEnd(6, 'REASON_NATURAL_END'));
    const stages = h.of('handoff');
    expect(stages[0]).toMatchObject({ stage: 'started' });
    expect(stages).toContainEqual(expect.objectContaining({ stage: 'queued', queueName: 'support', positionInQueue: 2 }));
    expect(stages.at(-1)).toMatchObject({ stage: 'live-agent-joined', agentName: 'Sam' });
    expect(h.of('session-end')).toEqual([{ reason: 'REASON_NATURAL_END' }]);
    expect(h.of('status').at(-1)).toEqual({ status: 'ended' });
    expect(ws.closedByClient).toBe(true);
    h.client.destroy();
  });

  it('retry() resends only failed messages', async () => {
    const h = setup();
    const ws = await h.online();
    h.client.send('hello');
    const id = String(ws.frames('EVENT_TYPE_USER_MESSAGE')[0]?.custom.client_event_id);
    h.client.retry(id); // still sending: ignored
    expect(ws.frames('EVENT_TYPE_USER_MESSAGE')).toHaveLength(1);
    await h.clock.advance(45_000);
    expect(h.client.store.getState().items.find((i) => i.kind === 'user')).toMatchObject({ status: 'failed' });
    h.client.retry(id);
    expect(ws.frames('EVENT_TYPE_USER_MESSAGE')).toHaveLength(5);
    expect(h.client.store.getState().items.find((i) => i.kind === 'user')).toMatchObject({ status: 'sending' });
    h.client.destroy();
  });

  it('destroy() closes the socket, clears timers and listeners, and emits nothing after', async () => {
    const h = setup();
    const ws = await h.online();
    h.client.send('pending');
    expect(h.wakers.size).toBe(1);
    h.client.destroy();
    expect(ws.closedByClient).toBe(true);
    expect(h.clock.pending()).toBe(0);
    expect(h.wakers.size).toBe(0);
    const before = h.events.length;
    h.client.send('after');
    h.client.connect();
    await h.clock.advance(60_000);
    expect(h.events.length).toBe(before);
    expect(FakeWebSocket.instances).toHaveLength(1);
  });

  it('never lets a token reach the store, a host event or the console — config error included', async () => {
    const h = setup((req, n) =>
      req.url.endsWith('/access-token') && n > 1
        ? { status: 401, body: { message: `Connector token does not exist: ${CONNECTOR}` } }
        : platformAnswers()(req),
    );
    const ws = await h.online();
    h.client.send('hi there');
    ws.receive(ev('EVENT_TYPE_SYSTEM_MESSAGE', { level: 'SYSTEM_MESSAGE_LEVEL_ERROR', message: 'Error: Session not found' }, null));
    h.client.send('new session please'); // fresh token → 401 → config error
    await flush();
    await h.clock.advance(1000);
    expect(h.of('error').map((e) => (e as { code: string }).code)).toEqual(['session-lost', 'config']);
    const errorCalls = consoleSpies[0]?.mock.calls ?? [];
    expect(errorCalls).toHaveLength(1);
    expect(String(errorCalls[0]?.[0])).toMatch(/^agent-webchat: /);
    const all = JSON.stringify([h.client.store.getState(), h.events, consoleSpies.map((s) => s.mock.calls)]);
    expect(all).not.toContain('SECRET-TOKEN');
    expect(all).not.toContain(CONNECTOR);
    h.client.destroy();
  });
});
