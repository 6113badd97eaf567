import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { ClientEnvironment, TransportMode } from '../contract/client';
import { FakeClock, flush } from '../testing/fake-clock';
import { createFakeFetch, type FakeAnswer, platformAnswers, type RecordedRequest } from '../testing/fake-fetch';
import { FakeWebSocket } from '../testing/fake-websocket';
import { batch, joined, sessionStart } from '../testing/server-events';
import { assembleClient, createWebchatClient, FALLBACK_AFTER_MS } from './create-client';

const environment: ClientEnvironment = { onWake: () => () => undefined, isOnline: () => true, hostname: () => 'localhost' };

/** Messaging handshake as the platform answers it; Chat REST as a proxy would. */
function answers(messaging: (req: RecordedRequest) => FakeAnswer = platformAnswers()) {
  let turn = 0;
  return (req: RecordedRequest): FakeAnswer => {
    if (req.url.endsWith('/chat/create')) return { status: 200, body: { conversation_id: 'c1', response: 'Hello from REST' } };
    if (req.url.endsWith('/chat/respond')) {
      turn++;
      return { status: 200, body: { conversation_id: 'c1', response: `reply ${turn}`, end_conversation: false } };
    }
    if (req.url.endsWith('/chat/close')) return { status: 200, body: { success: true } };
    return messaging(req);
  };
}

function setup(transport: TransportMode, answer = answers()) {
  FakeWebSocket.reset();
  const clock = new FakeClock();
  const net = createFakeFetch(answer);
  const client = createWebchatClient(
    { messagingUrl: 'https://messaging.example.com', connectorToken: 'ct', chatUrl: 'https://site.example.com/api/chat', transport },
    { WebSocket: FakeWebSocket, fetch: net.fetch, clock, environment },
  );
  const chatCalls = () => net.requests.filter((r) => r.url.includes('/api/chat/')).map((r) => r.url.split('/').pop());
  return { client, clock, net, chatCalls };
}

beforeEach(() => {
  vi.spyOn(console, 'warn').mockImplementation(() => undefined);
  vi.spyOn(console, 'error').mockImplementation(() => undefined);
});
afterEach(() => vi.restoreAllMocks());

describe('transport selection and fallback', () => {
  it('"rest" talks Chat REST only: no handshake, no socket', async () => {
    const h = setup('rest');
    h.client.connect();
    await flush(5);
    expect(h.chatCalls()).toEqual(['create']);
    expect(FakeWebSocket.instances).toHaveLength(0);
    expect(h.client.store.getState().items.map((i) => ('text' in i ? i.text : i.kind))).toEqual(['Hello from REST']);
    h.client.destroy();
  });

  it('"auto" falls back when real-time is not online in time, and the waiting message is delivered once', async () => {
    const h = setup('auto');
    h.client.connect();
    await flush(5);
    expect(FakeWebSocket.instances).toHaveLength(1); // the socket never opens
    h.client.send('are you there?');
    await h.clock.advance(FALLBACK_AFTER_MS);
    await flush(10);
    expect(h.chatCalls()).toEqual(['create', 'respond']);
    const respond = h.net.requests.find((r) => r.url.endsWith('/respond'));
    expect(JSON.parse(respond?.body ?? '{}')).toMatchObject({ conversation_id: 'c1', message: 'are you there?' });
    const state = h.client.store.getState();
    expect(state.items.filter((i) => i.kind === 'user').map((i) => i.kind === 'user' && i.status)).toEqual(['sent']);
    expect(state.items.some((i) => i.kind === 'system' && i.notice.code === 'fallback-rest')).toBe(true);
    expect(FakeWebSocket.instances.every((ws) => ws.readyState === 3 || ws.readyState === 2)).toBe(true);
    h.client.destroy();
  });

  it('"auto" stays on messaging once it is online', async () => {
    const h = setup('auto');
    h.client.connect();
    await flush(5);
    const ws = FakeWebSocket.instances[0];
    ws?.open();
    ws?.receive(batch([sessionStart(1), joined(2)]));
    await h.clock.advance(FALLBACK_AFTER_MS * 2);
    expect(h.chatCalls()).toEqual([]);
    h.client.destroy();
  });

  it('"auto" falls back at once when the messaging host is unreachable', async () => {
    const h = setup(
      'auto',
      answers(() => 'network-error'),
    );
    h.client.connect();
    await h.clock.advance(FALLBACK_AFTER_MS);
    await flush(5);
    expect(h.chatCalls()).toEqual(['create']);
    h.client.destroy();
  });

  it('"messaging" never falls back', async () => {
    const h = setup('messaging');
    h.client.connect();
    await h.clock.advance(FALLBACK_AFTER_MS * 10);
    expect(h.chatCalls()).toEqual([]);
    h.client.destroy();
  });

  // The script tag's conversation is given the transport by its own file (agent-webchat-rest.js).
  it('"auto" without the Chat REST transport stays on real-time: no fallback', async () => {
    FakeWebSocket.reset();
    const clock = new FakeClock();
    const net = createFakeFetch(answers());
    const client = assembleClient(
      { messagingUrl: 'https://messaging.example.com', connectorToken: 'ct', chatUrl: 'https://site.example.com/api/chat' },
      { WebSocket: FakeWebSocket, fetch: net.fetch, clock, environment },
    );
    client.connect();
    await flush(5);
    await clock.advance(FALLBACK_AFTER_MS * 2);
    await flush(5);
    expect(net.requests.filter((r) => r.url.includes('/api/chat/'))).toEqual([]);
    expect(JSON.stringify(client.store.getState().items)).not.toContain('fallback-rest');
    client.destroy();
  });

  it('"rest" without the Chat REST transport is refused at once', () => {
    expect(() => assembleClient({ chatUrl: 'https://site.example.com/api/chat', transport: 'rest' })).toThrow(/Chat REST transport/);
  });
});
