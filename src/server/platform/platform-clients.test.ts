import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { seedHistory } from '../../../demo/server/model/seed-history';
import { type PlatformServer, startPlatformServer } from '../../../demo/server/platform';
import { createConversationsClient } from './conversations-client';
import { createExternalEventsClient } from './external-events-client';
import { createOutboundCallingClient } from './outbound-calling-client';
import { PlatformApiError } from './platform-request';

const END = Date.UTC(2026, 5, 1);
const DAY = 86_400_000;

let server: PlatformServer;
beforeAll(async () => {
  server = await startPlatformServer({ port: 0, telephony: { stepMs: 30, callMs: 30 } });
  seedHistory(server.model, { count: 120, seed: 4, endAt: END, spanMs: 10 * DAY });
});
afterAll(() => server.close());
afterEach(() => {
  vi.useRealTimers();
  server.control.reset();
});

const account = { accountId: 'demo-account', projectId: 'demo-project' };

describe('createConversationsClient', () => {
  it('reads a turn whose entities are an array: the platform gives them as "array/object"', async () => {
    const arrayEntities: typeof fetch = async (input, init) => {
      const text = await (await fetch(input, init)).text();
      const changed = text.replace(/"entities":\{[^{}]*\}/g, '"entities":[{"name":"date","value":"tomorrow"}]');
      return new Response(changed, { status: 200, headers: { 'content-type': 'application/json' } });
    };
    const client = createConversationsClient({ baseUrl: server.url, apiKey: 'demo-api-key', fetch: arrayEntities, ...account });
    const page = await client.page({ limit: 3, channels: ['chat'] });
    expect(page.conversations[0]?.turns[0]?.entities).toEqual([{ name: 'date', value: 'tomorrow' }]);
  });

  it('walks every cursor page with the filters kept, yielding each conversation once', async () => {
    const client = createConversationsClient({ baseUrl: server.url, apiKey: 'demo-api-key', ...account });
    const seen: string[] = [];
    let pages = 0;
    for await (const page of client.pages({ limit: 7, channels: ['voice', 'chat'] })) {
      pages += 1;
      seen.push(...page.conversations.map((conversation) => conversation.id));
    }
    const all: string[] = [];
    for await (const conversation of client.conversations({ limit: 500, channels: ['voice', 'chat'] })) all.push(conversation.id);
    expect(seen).toEqual(all);
    expect(new Set(seen).size).toBe(seen.length);
    expect(pages).toBe(Math.ceil(all.length / 7));
  });

  it('searches and reads concurrency', async () => {
    const client = createConversationsClient({ baseUrl: server.url, apiKey: 'demo-api-key', ...account });
    const range = { startTime: new Date(END - 11 * DAY).toISOString(), endTime: new Date(END).toISOString() };
    const page = await client.page({
      ...range,
      search: { type: 'transcript', query: 'refund', turnType: 'user' },
      includeLatency: true,
      limit: 50,
    });
    expect(page.conversations.length).toBeGreaterThan(0);
    expect(page.conversations.every((conversation) => conversation.turns.some((turn) => /refund/i.test(turn.user_input)))).toBe(true);
    expect(typeof page.conversations[0]?.turns[0]?.latency).toBe('number');
    const intervals = await client.concurrency({ startTime: new Date(END - DAY).toISOString(), endTime: new Date(END).toISOString() });
    expect(intervals).toHaveLength(288);
    expect(intervals[0]).toEqual({ time: new Date(END - DAY).toISOString(), maxConcurrentConversations: expect.any(Number) });
  });

  it('a refusal is a PlatformApiError with the platform text and never the key; no retry', async () => {
    const client = createConversationsClient({
      baseUrl: server.url,
      apiKey: 'demo-api-key',
      accountId: 'demo-account',
      projectId: 'private-project',
    });
    const error = await client.page({}).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(PlatformApiError);
    expect(error).toMatchObject({ status: 403, message: 'Conversations API answered 403: API key not authorized for this project' });
    const wrong = createConversationsClient({ baseUrl: server.url, apiKey: 'secret-wrong-key', ...account });
    const refused = await wrong.page({}).catch((caught: unknown) => caught);
    expect(String(refused)).not.toContain('secret-wrong-key');
  });
});

describe('createOutboundCallingClient', () => {
  const client = () =>
    createOutboundCallingClient({ baseUrl: server.url, authToken: 'demo-outbound-token', retry: { attempts: 2, baseDelayMs: 1 } });

  it('triggers a call and polls until the terminal status', async () => {
    const { callSid } = await client().triggerCall({ toNumber: '(202) 555-0100', countryCode: 'US', metadata: { order: '17' } });
    const statuses: string[] = [];
    const final = await client().pollCallStatus(callSid, { intervalMs: 2000, onStatus: (state) => statuses.push(state.status) });
    expect(final).toEqual({ callSid, status: 'success', reason: '' });
    expect(statuses[0]).toMatch(/queued|calling/);
    expect(statuses.at(-1)).toBe('success');
  });

  it('retries a 500 trigger with backoff, then gives up; a 400 is not retried', async () => {
    const before = server.control.record().http.length;
    const error = await client()
      .triggerCall({ toNumber: '+12025550104' })
      .catch((caught: unknown) => caught);
    expect(error).toMatchObject({ status: 500 });
    expect(server.control.record().http.length - before).toBe(3);
    const afterRetries = server.control.record().http.length;
    await expect(client().triggerCall({ toNumber: '12345' })).rejects.toMatchObject({ status: 400 });
    expect(server.control.record().http.length - afterRetries).toBe(1);
  });

  it('the poller reads every 2–5 s while queued or calling and backs off while the lookup answers 500', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'Date'] });
    const answers = [500, 500, 'queued', 'calling', 'failure'];
    const times: number[] = [];
    const fakeFetch: typeof fetch = async () => {
      times.push(Date.now());
      const next = answers.shift();
      if (typeof next === 'number') return new Response('{"error_message":"Failed to retrieve"}', { status: next });
      return new Response(JSON.stringify({ call_sid: 'OUT-abc', status: next, reason: next === 'failure' ? 'line busy' : '' }), {
        status: 200,
      });
    };
    const poller = createOutboundCallingClient({
      baseUrl: 'http://platform.test',
      authToken: 't',
      fetch: fakeFetch,
      retry: { attempts: 0 },
    });
    const done = poller.pollCallStatus('OUT-abc', { intervalMs: 100 });
    await vi.runAllTimersAsync();
    await expect(done).resolves.toEqual({ callSid: 'OUT-abc', status: 'failure', reason: 'line busy' });
    const gaps = times.slice(1).map((time, index) => time - (times[index] ?? 0));
    expect(gaps).toEqual([4000, 8000, 2000, 2000]);
  });
});

describe('createExternalEventsClient', () => {
  it('posts a payment result that the Chat REST agent tells on the next turn; bridge-ended updates the record', async () => {
    const headers = { 'X-API-KEY': 'demo-api-key', 'X-TOKEN': 'demo-connector-token', 'Content-Type': 'application/json' };
    const chat = `${server.url}/v1/demo-account/demo-project/chat`;
    const created: unknown = await (await fetch(`${chat}/create`, { method: 'POST', headers, body: '{}' })).json();
    const id = typeof created === 'object' && created !== null ? String(Reflect.get(created, 'conversation_id')) : '';
    const offer = await (
      await fetch(`${chat}/respond`, { method: 'POST', headers, body: JSON.stringify({ conversation_id: id, message: 'pay' }) })
    ).text();
    const eventId = /event_id=(pay_[0-9a-f]+)/.exec(offer)?.[1] ?? '';
    const events = createExternalEventsClient({ baseUrl: server.url, apiKey: 'demo-events-key', ...account });
    await events.postExternalEvent({
      eventIdLocation: 'payload',
      eventIdPath: 'ref',
      body: { form: { ref: eventId, status: 'authorised' } },
    });
    const next = await (
      await fetch(`${chat}/respond`, { method: 'POST', headers, body: JSON.stringify({ conversation_id: id, message: 'ok?' }) })
    ).text();
    expect(next).toContain('authorised');
    // Bridge-ended is for a call whose bridged leg just ended: a Chat conversation is refused.
    await expect(events.notifyBridgeEnded({ conversationId: id, bridgeDurationSeconds: 5, callDurationSeconds: 20 })).rejects.toMatchObject(
      {
        status: 409,
      },
    );
    const call = server.model.startConversation({
      id: 'bridged-call',
      projectId: 'demo-project',
      environment: 'live',
      channel: 'VOICE-SIP',
    });
    await events.notifyBridgeEnded({ conversationId: call.id, bridgeDurationSeconds: 5, callDurationSeconds: 20 });
    expect(server.model.conversations.get(call.id)?.bridge?.callDurationSeconds).toBe(20);
    await expect(
      events.postExternalEvent({
        eventIdLocation: 'headers',
        eventIdPath: 'x-id',
        headers: { 'x-id': 'pay_nobody' },
        body: { text: 'paid' },
      }),
    ).rejects.toMatchObject({ status: 400, message: 'External Events answered 400: Unknown event id' });
  });
});
