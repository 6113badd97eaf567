// The REST transport against the reference platform server, in process, with real fetch: driven
// through the store (as the client does), directly and through the agent-webchat/server Chat proxy.
// Waits are on store changes, never blind sleeps.

import { createServer, type Server } from 'node:http';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { GOODBYE_TEXT, GREETING, HANDOFF_INTRO, plainReply } from '../../../demo/server/demo-content';
import { type PlatformServer, startPlatformServer } from '../../../demo/server/platform';
import { bindHostEvents } from '../../client/host-events';
import type { ClientOptions, WebchatEventMap } from '../../contract/client';
import { createChatProxy } from '../../server/chat-proxy';
import { toNodeListener } from '../../server/node-adapter';
import { createWebchatStore } from '../../store/create-store';
import type { WebchatState } from '../../store/state';
import { waitFor } from '../../testing/wait-for';
import { WarpClock } from '../../testing/warp-clock';
import type { Transport } from '../transport-contract';
import { createRestTransport } from './rest-transport';

const API_KEY = 'demo-api-key';
const TOKEN = 'demo-connector-token';
const CHAT_PATH = '/v1/demo-account/demo-project/chat';

let server: PlatformServer | undefined;
let proxy: Server | undefined;
const transports: Transport[] = [];
let consoleWarn: ReturnType<typeof vi.spyOn>;

beforeEach(() => {
  consoleWarn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
});
afterEach(async () => {
  for (const t of transports.splice(0)) t.stop();
  await new Promise<void>((resolve) => (proxy ? proxy.close(() => resolve()) : resolve()));
  proxy = undefined;
  await server?.close();
  server = undefined;
  vi.restoreAllMocks();
});

async function platform(): Promise<PlatformServer> {
  server = await startPlatformServer({ port: 0, control: true });
  return server;
}

/** The store + transport pair the client builds, with real fetch; every request's headers recorded. */
function boot(options: ClientOptions) {
  const clock = new WarpClock();
  const { store, dispatch } = createWebchatStore();
  const sentHeaders: Headers[] = [];
  const transport = createRestTransport({
    options,
    getState: store.getState,
    dispatch,
    fetch: (input, init) => {
      sentHeaders.push(new Headers(init?.headers));
      return globalThis.fetch(input, init);
    },
    clock,
    environment: { onWake: () => () => undefined, isOnline: () => true, hostname: () => 'localhost' },
    onOutcome: () => undefined,
  });
  transports.push(transport);
  const events: { type: keyof WebchatEventMap; event: unknown }[] = [];
  bindHostEvents(store, (type, event) => events.push({ type, event }));
  const state = () => store.getState();
  let n = 0;
  return {
    clock,
    transport,
    events,
    state,
    sentHeaders,
    until: (predicate: (s: WebchatState) => boolean, what: string, warpMs?: number) =>
      waitFor(() => predicate(state()), { store, what, timeoutMs: 8000, ...(warpMs ? { warp: { clock, stepMs: warpMs } } : {}) }),
    send(text: string): string {
      const id = `m${++n}`;
      dispatch({ type: 'user-send', clientEventId: id, text, timestamp: new Date(clock.now()).toISOString() });
      transport.sendUserMessage(id, text);
      return id;
    },
  };
}

const agentSaid = (text: string) => (s: WebchatState) => s.items.some((i) => i.kind === 'agent' && i.text === text);
const statusOf = (s: WebchatState, id: string) => {
  const m = s.items.find((i) => i.kind === 'user' && i.clientEventId === id);
  return m?.kind === 'user' ? m.status : undefined;
};
const conversation = (s: WebchatState) => s.items.map((i) => (i.kind === 'system' ? `notice: ${i.notice.code}` : `${i.kind}: ${i.text}`));
const chatHttp = (p: PlatformServer) =>
  p.control
    .record()
    .http.filter((r) => r.path.startsWith(CHAT_PATH))
    .map((r) => `${r.method} ${r.path.slice(CHAT_PATH.length + 1)} ${r.status}`);

describe('REST transport against the reference server', () => {
  it('converses: greeting, replies in order, all messages sent', async () => {
    const p = await platform();
    const b = boot({
      chatUrl: `${p.url}${CHAT_PATH}`,
      chatApiKey: API_KEY,
      chatToken: TOKEN,
      variantId: 'var_spring',
      integrationAttributes: { plan: 'pro' },
    });
    b.transport.start();
    await b.until(agentSaid(GREETING), 'the greeting');
    expect(b.state().status).toBe('online');
    const ids = [b.send('hello'), b.send('how are you'), b.send('fine')];
    await b.until((s) => ids.every((id) => statusOf(s, id) === 'sent') && agentSaid(plainReply('fine'))(s), 'three replies');
    expect(conversation(b.state())).toEqual([
      `agent: ${GREETING}`,
      'user: hello',
      `agent: ${plainReply('hello')}`,
      'user: how are you',
      `agent: ${plainReply('how are you')}`,
      'user: fine',
      `agent: ${plainReply('fine')}`,
    ]);
    expect(b.state().typing).toBeNull();
    expect(chatHttp(p)).toEqual(['POST create 200', 'POST respond 200', 'POST respond 200', 'POST respond 200']);
    expect(consoleWarn).toHaveBeenCalledTimes(1);
  });

  it('the handoff phrase: reply, client-required handoff, then the natural end', async () => {
    const p = await platform();
    const b = boot({ chatUrl: `${p.url}${CHAT_PATH}`, chatApiKey: API_KEY, chatToken: TOKEN });
    b.transport.start();
    b.send('I want a human');
    await b.until((s) => s.status === 'ended', 'the end');
    expect(conversation(b.state())).toEqual([
      `agent: ${GREETING}`,
      'user: I want a human',
      `agent: ${HANDOFF_INTRO}`,
      'notice: client-handoff',
      'notice: session-ended',
    ]);
    expect(b.events.filter((e) => e.type === 'handoff' || e.type === 'session-end')).toEqual([
      { type: 'handoff', event: { stage: 'client-required', reason: 'USER_REQUESTED', queueName: 'live-agent-queue' } },
      { type: 'session-end', event: { reason: 'REASON_NATURAL_END' } },
    ]);
  });

  it('"bye" ends the conversation with REASON_NATURAL_END', async () => {
    const p = await platform();
    const b = boot({ chatUrl: `${p.url}${CHAT_PATH}`, chatApiKey: API_KEY, chatToken: TOKEN });
    b.transport.start();
    const id = b.send('bye');
    await b.until((s) => s.ended !== undefined, 'the end');
    expect(b.state().ended).toEqual({ reason: 'REASON_NATURAL_END' });
    expect(agentSaid(GOODBYE_TEXT)(b.state())).toBe(true);
    expect(statusOf(b.state(), id)).toBe('sent');
    expect(b.events).toContainEqual({ type: 'session-end', event: { reason: 'REASON_NATURAL_END' } });
  });

  it('429 from the server: waits Retry-After, then the same message goes through once', async () => {
    const p = await platform();
    const b = boot({ chatUrl: `${p.url}${CHAT_PATH}`, chatApiKey: API_KEY, chatToken: TOKEN });
    b.transport.start();
    await b.until(agentSaid(GREETING), 'the greeting');
    p.control.httpFaults({ status: 429, count: 2, retryAfterSeconds: 1, paths: [`${CHAT_PATH}/respond`] });
    const id = b.send('hello');
    await b.until((s) => statusOf(s, id) === 'sent', 'the message sent', 250);
    expect(chatHttp(p)).toEqual(['POST create 200', 'POST respond 429', 'POST respond 429', 'POST respond 200']);
    expect(conversation(b.state())).toEqual([`agent: ${GREETING}`, 'user: hello', `agent: ${plainReply('hello')}`]);
  });

  it('5xx from the server: backs off and retries; too many fail the message, Retry delivers it', async () => {
    const p = await platform();
    const b = boot({ chatUrl: `${p.url}${CHAT_PATH}`, chatApiKey: API_KEY, chatToken: TOKEN });
    b.transport.start();
    await b.until(agentSaid(GREETING), 'the greeting');
    p.control.httpFaults({ status: 503, count: 3, paths: [`${CHAT_PATH}/respond`] });
    const id = b.send('hello');
    await b.until((s) => statusOf(s, id) === 'failed', 'the message failed', 1000);
    expect(b.state().error?.code).toBe('server');
    b.transport.reconnectNow();
    await b.until((s) => statusOf(s, id) === 'sent', 'the message sent');
    expect(b.state().status).toBe('online');
    expect(chatHttp(p)).toEqual(['POST create 200', 'POST respond 503', 'POST respond 503', 'POST respond 503', 'POST respond 200']);
  });

  it('410 when the conversation was closed elsewhere → ended REASON_NATURAL_END', async () => {
    const p = await platform();
    const chatUrl = `${p.url}${CHAT_PATH}`;
    const b = boot({ chatUrl, chatApiKey: API_KEY, chatToken: TOKEN });
    b.transport.start();
    await b.until(agentSaid(GREETING), 'the greeting');
    const key = b.state().items[0]?.key ?? '';
    const conversationId = key.slice('rest-'.length, -'-0'.length);
    const closed = await fetch(`${chatUrl}/close`, {
      method: 'PUT',
      headers: { 'X-API-KEY': API_KEY, 'X-TOKEN': TOKEN, 'Content-Type': 'application/json' },
      body: JSON.stringify({ conversation_id: conversationId }),
    });
    expect(closed.status).toBe(200);
    const id = b.send('still there?');
    await b.until((s) => s.ended !== undefined, 'the end');
    expect(b.state().ended).toEqual({ reason: 'REASON_NATURAL_END' });
    expect(statusOf(b.state(), id)).toBe('failed');
    expect(chatHttp(p).at(-1)).toBe('POST respond 410');
  });

  it('endSession closes the conversation on the server; stop closes an open one', async () => {
    const p = await platform();
    const b = boot({ chatUrl: `${p.url}${CHAT_PATH}`, chatApiKey: API_KEY, chatToken: TOKEN });
    b.transport.start();
    await b.until(agentSaid(GREETING), 'the greeting');
    b.transport.endSession();
    expect(b.state().ended).toEqual({ reason: 'REASON_USER_END' });
    await waitFor(() => chatHttp(p).includes('PUT close 200'), { what: 'the close' });

    const c = boot({ chatUrl: `${p.url}${CHAT_PATH}`, chatApiKey: API_KEY, chatToken: TOKEN });
    c.transport.start();
    await c.until(agentSaid(GREETING), 'the second greeting');
    c.transport.stop();
    await waitFor(() => chatHttp(p).filter((r) => r === 'PUT close 200').length === 2, { what: 'the close on stop' });
  });

  it('a wrong key is a configuration error, reported once, not retried', async () => {
    const p = await platform();
    const errors = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const b = boot({ chatUrl: `${p.url}${CHAT_PATH}`, chatApiKey: 'wrong-key', chatToken: TOKEN });
    b.transport.start();
    const id = b.send('hello');
    await b.until((s) => s.status === 'error', 'the error');
    expect(b.state().error?.code).toBe('config');
    expect(statusOf(b.state(), id)).toBe('failed');
    expect(errors).toHaveBeenCalledTimes(1);
    expect(JSON.stringify(errors.mock.calls)).not.toContain('wrong-key');
    expect(chatHttp(p)).toEqual(['POST create 401']);
  });
});

describe('REST transport through the agent-webchat/server Chat proxy', () => {
  it('converses with no keys in the browser-side transport', async () => {
    const p = await platform();
    const handler = createChatProxy({ chatUrl: `${p.url}${CHAT_PATH}`, apiKey: API_KEY, token: TOKEN });
    const s = createServer(toNodeListener(handler));
    proxy = s;
    await new Promise<void>((resolve) => s.listen(0, '127.0.0.1', () => resolve()));
    const address = s.address();
    const port = typeof address === 'object' && address ? address.port : 0;

    const b = boot({ chatUrl: `http://127.0.0.1:${port}/webchat/chat` });
    b.transport.start();
    await b.until(agentSaid(GREETING), 'the greeting');
    const id = b.send('hello');
    await b.until((st) => statusOf(st, id) === 'sent' && agentSaid(plainReply('hello'))(st), 'the reply');
    p.control.httpFaults({ status: 429, count: 1, retryAfterSeconds: 1, paths: [`${CHAT_PATH}/respond`] });
    const id2 = b.send('bye');
    await b.until((st) => st.ended !== undefined, 'the end', 250);
    expect(statusOf(b.state(), id2)).toBe('sent');
    expect(b.state().ended).toEqual({ reason: 'REASON_NATURAL_END' });

    expect(b.sentHeaders.length).toBeGreaterThanOrEqual(4);
    for (const h of b.sentHeaders) {
      expect(h.get('X-API-KEY')).toBeNull();
      expect(h.get('X-TOKEN')).toBeNull();
    }
    expect(consoleWarn).not.toHaveBeenCalled();
    expect(chatHttp(p)).toEqual(['POST create 200', 'POST respond 200', 'POST respond 429', 'POST respond 200']);
  });
});
