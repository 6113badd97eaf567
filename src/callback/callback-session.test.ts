import { describe, expect, it } from 'vitest';
import { FakeClock, flush } from '../testing/fake-clock';
import { createFakeFetch, type FakeAnswer, type RecordedRequest } from '../testing/fake-fetch';
import { type CallbackStatus, createCallbackSession } from './callback-session';
import { formatNumber } from './phone-format';

function setup(answer: (req: RecordedRequest, count: number) => FakeAnswer) {
  const clock = new FakeClock();
  const { fetch, requests } = createFakeFetch(answer);
  const events: { status: CallbackStatus; reason?: string | undefined }[] = [];
  const session = createCallbackSession({
    url: '/api/callback',
    fetch,
    clock,
    channel: { postMessage: () => undefined, close: () => undefined, onmessage: null },
    context: () => ({ turns: [{ author: 'user', text: 'hello' }], locale: 'en-US' }),
    onStatus: (status, reason) => events.push(reason ? { status, reason } : { status }),
  });
  return { clock, session, requests, events };
}

const polls = (requests: RecordedRequest[]) => requests.filter((request) => request.url === '/api/callback/OUT-1').length;

describe('callback session', () => {
  it('requests the call with the chat context, then polls every 3 s until a terminal status (with its turns)', async () => {
    const statuses = ['calling', 'calling', 'success'];
    const { clock, session, requests, events } = setup((req, count) => {
      if (req.method === 'POST') return { status: 202, body: { call_sid: 'OUT-1', status: 'queued' } };
      const status = statuses[count - 1];
      return { status: 200, body: { status, reason: '', ...(status === 'success' ? { turns: [] } : {}) } };
    });
    await session.request('202 555 0100', 'US');
    expect(JSON.parse(requests[0]!.body)).toEqual({
      to_number: '202 555 0100',
      country_code: 'US',
      turns: [{ author: 'user', text: 'hello' }],
      locale: 'en-US',
    });
    expect(session.view().status).toBe('requested');
    await clock.advance(3000);
    expect(session.view().status).toBe('calling');
    await clock.advance(6000);
    expect(session.view().status).toBe('connected');
    await clock.advance(30_000);
    expect(polls(requests)).toBe(3);
    expect(events).toEqual([{ status: 'requested' }, { status: 'calling' }, { status: 'connected' }]);
    expect(JSON.stringify(events)).not.toContain('555');
  });

  it('after an answered call, asks for its turns a bounded number of times, and keeps them once they come', async () => {
    const turns = [
      { author: 'agent', text: 'Hello, **this** is the agent.', at: '2026-11-28T07:00:00Z' },
      { author: 'visitor', text: '<b>hi</b>', at: '2026-11-28T07:00:02Z' },
      { author: 'robot', text: 'left out' },
    ];
    const late = setup((req, count) =>
      req.method === 'POST'
        ? { status: 202, body: { call_sid: 'OUT-1', status: 'success' } }
        : { status: 200, body: { status: 'success', reason: '', ...(count >= 3 ? { turns } : {}) } },
    );
    await late.session.request('202 555 0100', 'US');
    await late.clock.advance(6000);
    expect(late.session.view().turns).toBeUndefined();
    await late.clock.advance(3000);
    expect(late.session.view().turns).toEqual([turns[0], turns[1]]);
    await late.clock.advance(30_000);
    expect(polls(late.requests)).toBe(3);

    const never = setup((req) =>
      req.method === 'POST'
        ? { status: 202, body: { call_sid: 'OUT-1', status: 'success' } }
        : { status: 200, body: { status: 'success' } },
    );
    await never.session.request('202 555 0100', 'US');
    await never.clock.advance(120_000);
    expect(polls(never.requests)).toBe(10);
    expect(never.session.view().turns).toBeUndefined();
  });

  it('shows a failure with its reason; a 404 reads as ended', async () => {
    const { clock, session } = setup((req) =>
      req.method === 'POST'
        ? { status: 202, body: { call_sid: 'OUT-1', status: 'queued' } }
        : { status: 200, body: { status: 'failure', reason: 'call queueing exceeded its maximum timeout' } },
    );
    await session.request('+12025550103', 'US');
    await clock.advance(3000);
    expect(session.view()).toMatchObject({ status: 'failed', reason: 'call queueing exceeded its maximum timeout' });

    const gone = setup((req) => (req.method === 'POST' ? { status: 202, body: { call_sid: 'OUT-1', status: 'queued' } } : { status: 404 }));
    await gone.session.request('+12025550100', 'US');
    await gone.clock.advance(3000);
    expect(gone.session.view().status).toBe('ended');
  });

  it('backs off on errors, honouring Retry-After', async () => {
    const { clock, session, requests } = setup((req, count) => {
      if (req.method === 'POST') return { status: 202, body: { call_sid: 'OUT-1', status: 'queued' } };
      if (count === 1) return 'network-error';
      if (count === 2) return { status: 503, headers: { 'Retry-After': '20' } };
      return { status: 200, body: { status: 'success', reason: '' } };
    });
    await session.request('+12025550100', 'US');
    await clock.advance(3000);
    expect(clock.delays()).toEqual([6000]);
    await clock.advance(6000);
    expect(clock.delays()).toEqual([20_000]);
    await clock.advance(20_000);
    expect(session.view().status).toBe('connected');
    expect(polls(requests)).toBe(3);
  });

  it('ties the endpoint’s refusals to the form, and refuses a too-short number without asking', async () => {
    const { session, requests } = setup(() => ({ status: 400, body: { code: 'country_not_allowed', message: 'no' } }));
    session.openForm();
    await session.request('12', 'US');
    expect(session.view().problem).toBe('invalid_number');
    expect(requests).toHaveLength(0);
    await session.request('+4930123456', 'DE');
    expect(session.view()).toMatchObject({ problem: 'country_not_allowed', formOpen: true, submitting: false });
  });

  it('finds the visitor’s current call and the countries on start (a reload, another tab)', async () => {
    const { clock, session } = setup((req) =>
      req.method === 'GET' && req.url === '/api/callback'
        ? { status: 200, body: { countries: ['US', 'FR'], call: { call_sid: 'OUT-1', status: 'calling', reason: '' } } }
        : { status: 200, body: { status: 'success', reason: '' } },
    );
    session.start();
    await flush();
    expect(session.view()).toMatchObject({ status: 'calling', countries: ['US', 'FR'] });
    await clock.advance(3000);
    expect(session.view().status).toBe('connected');
  });

  it('tells the other tabs after a request, and asks the endpoint again when another tab tells', async () => {
    const channel = {
      posted: [] as unknown[],
      postMessage(message: unknown) {
        this.posted.push(message);
      },
      close: () => undefined,
      onmessage: null as ((event: MessageEvent) => void) | null,
    };
    const { fetch, requests } = createFakeFetch((req) =>
      req.method === 'POST'
        ? { status: 202, body: { call_sid: 'OUT-1', status: 'queued' } }
        : { status: 200, body: { countries: ['US'], call: { call_sid: 'OUT-2', status: 'calling', reason: '' } } },
    );
    const session = createCallbackSession({
      url: '/api/callback',
      fetch,
      clock: new FakeClock(),
      channel,
      context: () => ({ turns: [], locale: 'en' }),
      onStatus: () => undefined,
    });
    await session.request('+12025550100', 'US');
    expect(channel.posted).toEqual(['changed']);
    channel.onmessage?.(new MessageEvent('message', { data: 'changed' }));
    await flush();
    expect(requests.at(-1)?.method).toBe('GET');
    expect(session.view().status).toBe('calling');
    session.destroy();
  });

  it('a call the platform could not place shows as failed', async () => {
    const { session } = setup(() => ({ status: 502, body: { message: 'Outbound calling service answered 500' } }));
    session.openForm();
    await session.request('+12025550104', 'US');
    expect(session.view()).toMatchObject({ status: 'failed', formOpen: false });
  });
});

describe('formatNumber', () => {
  it('groups a North American national number as it is typed, and leaves the rest as typed', () => {
    const typed = [...'2025550100'].reduce((value, digit) => formatNumber(value + digit, 'US'), '');
    expect(typed).toBe('202 555 0100');
    expect(formatNumber('202', 'US')).toBe('202');
    expect(formatNumber('2025', 'US')).toBe('202 5');
    expect(formatNumber('20 25 55 01 00', 'US')).toBe('202 555 0100');
    expect(formatNumber('+12025550100', 'US')).toBe('+12025550100');
    expect(formatNumber('(202) 555-0100', 'US')).toBe('(202) 555-0100');
    expect(formatNumber('06 12 34 56 78', 'FR')).toBe('06 12 34 56 78');
    expect(formatNumber('202abc5550100', 'US')).toBe('202 555 0100');
  });
});
