import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { flush } from '../../testing/fake-clock';
import { CHAT_URL, createRestHarness } from '../../testing/rest-harness';
import { CREATE_ATTEMPTS } from './rest-transport';

let consoleError: ReturnType<typeof vi.spyOn>;
let consoleWarn: ReturnType<typeof vi.spyOn>;
beforeEach(() => {
  consoleError = vi.spyOn(console, 'error').mockImplementation(() => undefined);
  consoleWarn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
});
afterEach(() => {
  vi.restoreAllMocks();
});

const logged = () => JSON.stringify([consoleError.mock.calls, consoleWarn.mock.calls]);

describe('create', () => {
  it('POSTs create with variant_id and integration_attributes, then shows the greeting online', async () => {
    const h = createRestHarness({ variantId: 'v-2', integrationAttributes: { plan: 'pro' } });
    expect(h.state().status).toBe('connecting');
    await h.start();
    const [create] = h.requests;
    expect(create).toMatchObject({ op: 'create', method: 'POST', headers: { 'content-type': 'application/json' } });
    expect(create?.body).toEqual({ variant_id: 'v-2', integration_attributes: { plan: 'pro' } });
    expect(h.state().status).toBe('online');
    expect(h.state().items).toEqual([expect.objectContaining({ kind: 'agent', messageId: 'rest-c1-0', text: 'Hello!' })]);
    expect(h.events.filter((e) => e.type === 'message')).toHaveLength(1);
    h.transport.stop();
  });

  it('sends {} without options and no key headers, and warns about nothing', async () => {
    const h = createRestHarness();
    await h.start();
    expect(h.requests[0]?.body).toEqual({});
    expect(Object.keys(h.requests[0]?.headers ?? {})).toEqual(['content-type']);
    expect(consoleWarn).not.toHaveBeenCalled();
    h.transport.stop();
  });

  it('calls {chatUrl}/create, /respond and /close (a trailing slash in chatUrl is fine)', async () => {
    const h = createRestHarness({ chatUrl: `${CHAT_URL}/` });
    await h.start();
    await h.send('a', 'hi');
    h.transport.endSession();
    expect(h.requests.map((r) => `${r.method} ${r.url}`)).toEqual([
      `POST ${CHAT_URL}/create`,
      `POST ${CHAT_URL}/respond`,
      `PUT ${CHAT_URL}/close`,
    ]);
  });

  it('start() is idempotent; an empty greeting adds nothing', async () => {
    const h = createRestHarness();
    h.script('create', { status: 200, body: { conversation_id: 'c9', response: '' } });
    await h.start();
    await h.start();
    expect(h.ops()).toEqual(['create']);
    expect(h.state().items).toEqual([]);
    expect(h.state().status).toBe('online');
  });

  it('sends explicitly configured keys, with ONE warning that never shows them', async () => {
    const h = createRestHarness({ chatApiKey: 'KEY-SECRET-1', chatToken: 'TOKEN-SECRET-2' });
    await h.start();
    await h.send('a', 'hi');
    expect(h.requests[0]?.headers).toMatchObject({ 'x-api-key': 'KEY-SECRET-1', 'x-token': 'TOKEN-SECRET-2' });
    expect(h.requests[1]?.headers).toMatchObject({ 'x-api-key': 'KEY-SECRET-1', 'x-token': 'TOKEN-SECRET-2' });
    expect(consoleWarn).toHaveBeenCalledTimes(1);
    expect(String(consoleWarn.mock.calls[0]?.[0])).toMatch(/^agent-webchat: .*local testing only.*agent-webchat\/server/);
    expect(logged()).not.toMatch(/SECRET/);
  });

  it('only the key that is configured is sent', async () => {
    const h = createRestHarness({ chatToken: 'TOKEN-SECRET-2' });
    await h.start();
    expect(h.requests[0]?.headers['x-token']).toBe('TOKEN-SECRET-2');
    expect(h.requests[0]?.headers['x-api-key']).toBeUndefined();
    expect(consoleWarn).toHaveBeenCalledTimes(1);
  });

  it('a message sent before create succeeds waits for it', async () => {
    const h = createRestHarness();
    h.script('create', 'hold');
    await h.start();
    await h.send('a', 'early');
    expect(h.ops()).toEqual(['create']);
    expect(h.status('a')).toBe('sending');
    h.requests[0]?.answer({ status: 200, body: { conversation_id: 'c1', response: 'Hello!' } });
    await flush();
    expect(h.responds()[0]?.body).toEqual({ conversation_id: 'c1', message: 'early' });
    expect(h.transcript()).toEqual(['agent: Hello!', 'user: early', 'agent: re: early']);
  });

  it('sending before start() starts the conversation', async () => {
    const h = createRestHarness();
    await h.send('a', 'hi');
    expect(h.ops()).toEqual(['create', 'respond']);
    expect(h.status('a')).toBe('sent');
  });

  it('network failures back off 1 s, 2 s, 4 s, then error "network" with no fallback; Try again creates at once', async () => {
    const h = createRestHarness();
    h.setFallback((req) => (req.op === 'create' ? 'network-error' : { status: 500 }));
    await h.start();
    await h.send('a', 'hi');
    expect(h.clock.delays()).toEqual([1000]);
    await h.clock.advance(1000);
    expect(h.clock.delays()).toEqual([2000]);
    await h.clock.advance(2000);
    await h.clock.advance(4000);
    expect(h.ops()).toEqual(Array(CREATE_ATTEMPTS).fill('create'));
    expect(h.state().status).toBe('error');
    expect(h.state().error?.code).toBe('network');
    expect(h.status('a')).toBe('failed');
    expect(h.outcomes).toEqual([]);
    expect(h.clock.pending()).toBe(0);

    h.setFallback((req) =>
      req.op === 'create'
        ? { status: 200, body: { conversation_id: 'c2', response: 'Hi again' } }
        : { status: 200, body: { conversation_id: 'c2', response: 'ok' } },
    );
    h.transport.reconnectNow();
    await flush();
    expect(h.state().status).toBe('online');
    expect(h.status('a')).toBe('sent');
    expect(h.responds()).toHaveLength(1);
  });

  it('reconnectNow cuts a create backoff short', async () => {
    const h = createRestHarness();
    h.script('create', { status: 503 });
    await h.start();
    expect(h.clock.delays()).toEqual([1000]);
    h.transport.reconnectNow();
    await flush();
    expect(h.ops()).toEqual(['create', 'create']);
    expect(h.state().status).toBe('online');
  });

  it('429 on create waits Retry-After', async () => {
    const h = createRestHarness();
    h.script('create', { status: 429, headers: { 'Retry-After': '3' } });
    await h.start();
    expect(h.clock.delays()).toEqual([3000]);
    await h.clock.advance(2999);
    expect(h.ops()).toEqual(['create']);
    await h.clock.advance(1);
    expect(h.ops()).toEqual(['create', 'create']);
    expect(h.state().status).toBe('online');
  });

  it.each([401, 403, 404, 400])('%i on create is a configuration error: one console.error, no retries', async (status) => {
    const h = createRestHarness({ chatApiKey: 'KEY-SECRET-1' });
    h.setFallback(() => ({ status, body: { message: `nope KEY-SECRET-1`, error_message: 'nope' } }));
    await h.start();
    await h.send('a', 'hi');
    await h.clock.advance(120_000);
    expect(h.ops()).toEqual(['create']);
    expect(h.state().status).toBe('error');
    expect(h.state().error?.code).toBe('config');
    expect(h.status('a')).toBe('failed');
    await h.send('b', 'again');
    expect(h.status('b')).toBe('failed');
    expect(h.ops()).toEqual(['create']);
    expect(consoleError).toHaveBeenCalledTimes(1);
    expect(String(consoleError.mock.calls[0]?.[0])).toMatch(new RegExp(`^agent-webchat: .*HTTP ${status}`));
    expect(logged()).not.toMatch(/SECRET/);
    expect(JSON.stringify(h.state())).not.toMatch(/SECRET/);
  });
});

describe('respond', () => {
  it('delivers messages sent quickly strictly one at a time, in order, none dropped', async () => {
    const h = createRestHarness();
    await h.start();
    h.setFallback(() => 'hold');
    await h.send('a', 'one');
    await h.send('b', 'two');
    await h.send('c', 'three');
    for (let i = 0; i < 3; i++) {
      // Exactly one respond outstanding at any time, and it is the next one in order.
      expect(h.responds().filter((r) => !r.settled)).toEqual([h.responds()[i]]);
      h.responds()[i]?.answer({ status: 200, body: { conversation_id: 'c1', response: `re ${i + 1}` } });
      await flush();
    }
    expect(h.responds().map((r) => r.body)).toEqual([
      { conversation_id: 'c1', message: 'one' },
      { conversation_id: 'c1', message: 'two' },
      { conversation_id: 'c1', message: 'three' },
    ]);
    expect(h.transcript()).toEqual(['agent: Hello!', 'user: one', 'agent: re 1', 'user: two', 'agent: re 2', 'user: three', 'agent: re 3']);
    expect(
      h
        .state()
        .items.filter((i) => i.kind === 'agent')
        .map((i) => i.key),
    ).toEqual(['rest-c1-0', 'rest-c1-1', 'rest-c1-2', 'rest-c1-3']);
  });

  it('shows the agent typing while a respond is in flight, and clears it after', async () => {
    const h = createRestHarness();
    await h.start();
    h.script('respond', 'hold');
    await h.send('a', 'hi');
    expect(h.state().typing).toEqual({ who: 'agent' });
    expect(h.status('a')).toBe('sending');
    h.responds()[0]?.answer({ status: 200, body: { conversation_id: 'c1', response: '' } });
    await flush();
    expect(h.state().typing).toBeNull();
    expect(h.status('a')).toBe('sent');
    expect(h.transcript()).toEqual(['agent: Hello!', 'user: hi']);
  });

  it('429 waits Retry-After (capped at 60 s) and retries the same request', async () => {
    const h = createRestHarness();
    await h.start();
    h.script('respond', { status: 429, headers: { 'Retry-After': '7' } }, { status: 429, headers: { 'Retry-After': '600' } });
    await h.send('a', 'hi');
    expect(h.clock.delays()).toEqual([7000]);
    expect(h.state().typing).toEqual({ who: 'agent' });
    expect(h.state().status).toBe('online');
    await h.clock.advance(6999);
    expect(h.responds()).toHaveLength(1);
    await h.clock.advance(1);
    expect(h.responds()).toHaveLength(2);
    expect(h.clock.delays()).toEqual([60_000]);
    await h.clock.advance(60_000);
    expect(h.responds().map((r) => r.body)).toEqual(Array(3).fill({ conversation_id: 'c1', message: 'hi' }));
    expect(h.status('a')).toBe('sent');
  });

  it('5xx backs off, then the message and those queued behind it fail; Retry delivers them', async () => {
    const h = createRestHarness();
    await h.start();
    h.script('respond', { status: 500 }, 'network-error', { status: 503 });
    await h.send('a', 'one');
    await h.send('b', 'two');
    expect(h.clock.delays()).toEqual([1000]);
    expect(h.state().status).toBe('reconnecting');
    await h.clock.advance(1000);
    expect(h.clock.delays()).toEqual([2000]);
    await h.clock.advance(2000);
    expect(h.responds()).toHaveLength(3);
    expect(h.responds().every((r) => r.body !== undefined && JSON.stringify(r.body).includes('one'))).toBe(true);
    expect(h.status('a')).toBe('failed');
    expect(h.status('b')).toBe('failed');
    expect(h.state().status).toBe('error');
    expect(h.state().error?.code).toBe('server');
    expect(h.state().typing).toBeNull();
    expect(h.clock.pending()).toBe(0);

    await h.retry('a', 'one');
    expect(h.status('a')).toBe('sent');
    expect(h.status('b')).toBe('failed');
    expect(h.state().status).toBe('online');
    await h.retry('b', 'two');
    expect(h.transcript()).toEqual(['agent: Hello!', 'user: one', 'agent: re: one', 'user: two', 'agent: re: two']);
  });

  it('"Try again" after an outage re-sends every failed message in order', async () => {
    const h = createRestHarness();
    await h.start();
    h.script('respond', 'network-error', 'network-error', 'network-error');
    await h.send('a', 'one');
    await h.send('b', 'two');
    await h.clock.advance(3000);
    expect(h.state().error?.code).toBe('network');
    h.transport.reconnectNow();
    await flush();
    expect(h.status('a')).toBe('sent');
    expect(h.status('b')).toBe('sent');
    expect(
      h
        .responds()
        .slice(3)
        .map((r) => r.body),
    ).toEqual([
      { conversation_id: 'c1', message: 'one' },
      { conversation_id: 'c1', message: 'two' },
    ]);
  });

  it('reconnectNow cuts a respond backoff short', async () => {
    const h = createRestHarness();
    await h.start();
    h.script('respond', { status: 502 });
    await h.send('a', 'one');
    expect(h.clock.delays()).toEqual([1000]);
    h.transport.reconnectNow();
    await flush();
    expect(h.status('a')).toBe('sent');
    expect(h.state().status).toBe('online');
  });

  it('offline: a failed attempt shows offline; the network coming back retries at once', async () => {
    const h = createRestHarness();
    await h.start();
    h.script('respond', 'network-error');
    h.env.online = false;
    await h.send('a', 'one');
    expect(h.state().status).toBe('offline');
    expect(h.clock.delays()).toEqual([1000]);
    h.env.online = true;
    h.wake();
    await flush();
    expect(h.status('a')).toBe('sent');
    expect(h.state().status).toBe('online');
  });

  it('401 is a configuration error: one console.error, queued messages failed, no retry storm', async () => {
    const h = createRestHarness();
    await h.start();
    h.setFallback(() => ({ status: 401, body: { message: 'Invalid API key or connector token' } }));
    await h.send('a', 'one');
    await h.send('b', 'two');
    await h.clock.advance(120_000);
    expect(h.responds()).toHaveLength(1);
    expect(h.state().status).toBe('error');
    expect(h.state().error).toEqual({ code: 'config', message: expect.stringContaining('Invalid API key or connector token') });
    expect([h.status('a'), h.status('b')]).toEqual(['failed', 'failed']);
    await h.retry('a', 'one');
    expect(h.status('a')).toBe('failed');
    expect(h.responds()).toHaveLength(1);
    expect(consoleError).toHaveBeenCalledTimes(1);
    expect(String(consoleError.mock.calls[0]?.[0])).toMatch(/^agent-webchat: /);
    expect(h.events.filter((e) => e.type === 'error')).toEqual([{ type: 'error', event: expect.objectContaining({ code: 'config' }) }]);
  });

  it('404: the conversation is lost; the next send starts a new one and carries the waiting message', async () => {
    const h = createRestHarness();
    await h.start();
    h.script('respond', { status: 404, body: { message: 'Conversation not found' } });
    await h.send('a', 'one');
    expect(h.state().status).toBe('error');
    expect(h.state().error?.code).toBe('session-lost');
    expect(h.transcript()).toContain('notice: session-lost');
    expect(h.status('a')).toBe('sending');
    expect(h.state().typing).toBeNull();
    h.script('create', { status: 200, body: { conversation_id: 'c2', response: 'Fresh start' } });
    await h.send('b', 'two');
    expect(h.ops()).toEqual(['create', 'respond', 'create', 'respond', 'respond']);
    expect(
      h
        .responds()
        .slice(1)
        .map((r) => r.body),
    ).toEqual([
      { conversation_id: 'c2', message: 'one' },
      { conversation_id: 'c2', message: 'two' },
    ]);
    expect(h.state().status).toBe('online');
    expect(h.transcript()).toEqual([
      'notice: new-conversation',
      'agent: Fresh start',
      'user: one',
      'agent: re: one',
      'user: two',
      'agent: re: two',
    ]);
  });

  it('410: the conversation already ended → session-ended REASON_NATURAL_END', async () => {
    const h = createRestHarness();
    await h.start();
    h.script('respond', { status: 410, body: { message: 'Conversation has ended' } });
    await h.send('a', 'one');
    expect(h.state().status).toBe('ended');
    expect(h.state().ended).toEqual({ reason: 'REASON_NATURAL_END' });
    expect(h.status('a')).toBe('failed');
    expect(h.events).toContainEqual({ type: 'session-end', event: { reason: 'REASON_NATURAL_END' } });
    await h.send('b', 'two');
    expect(h.status('b')).toBe('failed');
    expect(h.responds()).toHaveLength(1);
  });

  it('413 fails only that message (message-too-long); the queue goes on', async () => {
    const h = createRestHarness();
    await h.start();
    h.script('respond', { status: 413, body: { message: 'Request body exceeds 16384 bytes' } });
    await h.send('a', 'x'.repeat(20_000));
    await h.send('b', 'short');
    expect(h.status('a')).toBe('failed');
    expect(h.status('b')).toBe('sent');
    expect(h.state().status).toBe('online');
    expect(h.events.filter((e) => e.type === 'error')).toEqual([
      { type: 'error', event: expect.objectContaining({ code: 'message-too-long' }) },
    ]);
  });

  it('an unreadable 200 counts as a server fault', async () => {
    const h = createRestHarness();
    await h.start();
    h.script('respond', { status: 200, body: { nope: true } });
    await h.send('a', 'one');
    expect(h.clock.delays()).toEqual([1000]);
    await h.clock.advance(1000);
    expect(h.status('a')).toBe('sent');
  });

  it('handoff → client-handoff notice, stage client-required and the host handoff event; end_conversation → ended', async () => {
    const h = createRestHarness();
    await h.start();
    h.script('respond', {
      status: 200,
      body: {
        conversation_id: 'c1',
        response: 'Connecting you',
        end_conversation: true,
        handoff: { destination: 'live-agent-queue', reason: 'USER_REQUESTED' },
      },
    });
    await h.send('a', 'human please');
    expect(h.transcript()).toEqual([
      'agent: Hello!',
      'user: human please',
      'agent: Connecting you',
      'notice: client-handoff',
      'notice: session-ended',
    ]);
    expect(h.state().handoff).toEqual({ stage: 'client-required', reason: 'USER_REQUESTED', queue: { queueName: 'live-agent-queue' } });
    expect(h.state().items).toContainEqual(
      expect.objectContaining({ notice: { code: 'client-handoff', reason: 'USER_REQUESTED', queueName: 'live-agent-queue' } }),
    );
    expect(h.events.filter((e) => e.type === 'handoff' || e.type === 'session-end')).toEqual([
      { type: 'handoff', event: { stage: 'client-required', reason: 'USER_REQUESTED', queueName: 'live-agent-queue' } },
      { type: 'session-end', event: { reason: 'REASON_NATURAL_END' } },
    ]);
    expect(h.state().status).toBe('ended');
    h.transport.stop();
    expect(h.ops()).not.toContain('close');
  });

  it('end_conversation without handoff ends with REASON_NATURAL_END; later sends fail', async () => {
    const h = createRestHarness();
    await h.start();
    h.script('respond', { status: 200, body: { conversation_id: 'c1', response: 'Goodbye!', end_conversation: true } });
    await h.send('a', 'bye');
    await h.send('b', 'wait');
    expect(h.state().ended).toEqual({ reason: 'REASON_NATURAL_END' });
    expect(h.state().handoff.stage).toBe('none');
    expect(h.status('a')).toBe('sent');
    expect(h.status('b')).toBe('failed');
    expect(h.responds()).toHaveLength(1);
  });

  it('setTyping sends nothing', async () => {
    const h = createRestHarness();
    await h.start();
    h.transport.setTyping(true);
    h.transport.setTyping(false);
    await flush();
    expect(h.ops()).toEqual(['create']);
  });
});

describe('end, stop, new conversation', () => {
  it('endSession PUTs close with the conversation id and ends with REASON_USER_END', async () => {
    const h = createRestHarness();
    await h.start();
    h.transport.endSession();
    await flush();
    expect(h.requests[1]).toMatchObject({ op: 'close', method: 'PUT', body: { conversation_id: 'c1' } });
    expect(h.state().ended).toEqual({ reason: 'REASON_USER_END' });
    expect(h.state().status).toBe('ended');
    h.transport.endSession();
    await flush();
    expect(h.ops()).toEqual(['create', 'close']);
  });

  it('stop aborts the request in flight, clears timers and closes the conversation with keepalive', async () => {
    const h = createRestHarness();
    await h.start();
    h.script('respond', 'hold');
    await h.send('a', 'one');
    const inFlight = h.responds()[0];
    h.transport.stop();
    await flush();
    expect(h.wakers.size).toBe(0);
    expect(inFlight?.aborted).toBe(true);
    expect(h.requests.at(-1)).toMatchObject({ op: 'close', method: 'PUT', keepalive: true, body: { conversation_id: 'c1' } });
    expect(h.clock.pending()).toBe(0);
    const before = h.requests.length;
    await h.send('b', 'after stop');
    h.transport.reconnectNow();
    await h.clock.advance(60_000);
    expect(h.requests).toHaveLength(before);
  });

  it('stop during a backoff leaves no timer and sends nothing more', async () => {
    const h = createRestHarness();
    h.script('create', { status: 500 });
    await h.start();
    expect(h.clock.pending()).toBe(1);
    h.transport.stop();
    expect(h.clock.pending()).toBe(0);
    await h.clock.advance(60_000);
    expect(h.ops()).toEqual(['create']);
  });

  it('newConversation closes the old one, resets and carries unsent messages into the new one', async () => {
    const h = createRestHarness();
    await h.start();
    await h.send('a', 'one');
    h.script('respond', 'hold');
    await h.send('b', 'two');
    h.script('create', { status: 200, body: { conversation_id: 'c2', response: 'New here' } });
    h.transport.newConversation();
    await flush();
    expect(h.responds()[1]?.aborted).toBe(true);
    expect(h.requests.find((r) => r.op === 'close')?.body).toEqual({ conversation_id: 'c1' });
    expect(h.responds()[2]?.body).toEqual({ conversation_id: 'c2', message: 'two' });
    expect(h.transcript()).toEqual(['agent: New here', 'user: two', 'agent: re: two']);
    expect(h.state().items.find((i) => i.kind === 'agent')?.key).toBe('rest-c2-0');
  });

  it('after the end, newConversation starts afresh without closing the ended one', async () => {
    const h = createRestHarness();
    await h.start();
    h.transport.endSession();
    h.script('create', { status: 200, body: { conversation_id: 'c2', response: 'Again' } });
    h.transport.newConversation();
    await flush();
    expect(h.ops()).toEqual(['create', 'close', 'create']);
    expect(h.state().status).toBe('online');
    expect(h.state().ended).toBeUndefined();
    expect(h.transcript()).toEqual(['agent: Again']);
  });
});
