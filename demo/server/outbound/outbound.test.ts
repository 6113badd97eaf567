import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { PlatformServer } from '../platform';
import { rec, request, startTestPlatform, str } from '../test-kit';

let server: PlatformServer;
beforeAll(async () => {
  server = await startTestPlatform({ telephony: { stepMs: 400, callMs: 100 } });
});
afterAll(() => server.close());

const AUTH = { 'X-Service-Auth-Token': 'demo-outbound-token', 'Content-Type': 'application/json' };

function trigger(body: unknown, headers: Record<string, string> = AUTH) {
  return request(`${server.url}/v1/outbound-calling`, { headers, body: typeof body === 'string' ? body : JSON.stringify(body) });
}

function status(sid: string, headers: Record<string, string> = AUTH) {
  return request(`${server.url}/v1/outbound-calling/${sid}/status`, { method: 'GET', headers });
}

async function sidOf(body: unknown): Promise<string> {
  const answer = await trigger(body);
  expect(answer.status).toBe(200);
  const sid = str(rec(answer.body)['call_sid']);
  expect(sid).toMatch(/^OUT-/);
  return sid;
}

async function settled(sid: string): Promise<Record<string, unknown>> {
  const seen: string[] = [];
  return vi.waitFor(
    async () => {
      const answer = await status(sid);
      const body = rec(answer.body);
      seen.push(str(body['status']));
      expect(['success', 'failure']).toContain(body['status']);
      return { ...body, seen };
    },
    { timeout: 5000, interval: 20 },
  );
}

describe('Outbound Calling: trigger and status', () => {
  it('answered (E.164): queued first, success at the end; a VOICE-SIP conversation holds the metadata', async () => {
    const sid = await sidOf({ to_number: '+12025550100', metadata: { order_id: 'A-17', customer: 'Ada' } });
    expect(rec((await status(sid)).body)).toEqual({ call_sid: sid, status: 'queued', reason: '' });
    const final = await settled(sid);
    expect(final['status']).toBe('success');
    expect(final['reason']).toBe('');
    const record = server.model.conversations.ordered().find((conversation) => conversation.state['call_sid'] === sid);
    expect(record?.channel).toBe('VOICE-SIP');
    // The record's columns are the platform's "Caller number, agent number" in either direction:
    // the agent's line is to_number, so one query on it finds inbound and outbound calls alike.
    expect(record?.fromNumber).toBe('+12025550100');
    expect(record?.toNumber).toBe('+12025550199');
    expect(record?.state).toMatchObject({ direction: 'outbound', from_: '+12025550199', to: '+12025550100' });
    expect(record?.state['sip_headers']).toEqual({ order_id: 'A-17', customer: 'Ada' });
    expect(record?.state['order_id']).toBe('A-17');
    expect(record?.endedAt).toBeDefined();
    expect(record?.turns[0]?.intents).toEqual(['greeting']);
  });

  it('an answered call stays calling while its conversation runs; success only once it is over', async () => {
    const long = await startTestPlatform({ telephony: { stepMs: 20, callMs: 60_000 } });
    try {
      const answer = await request(`${long.url}/v1/outbound-calling`, {
        headers: AUTH,
        body: JSON.stringify({ to_number: '+12025550100' }),
      });
      const sid = str(rec(answer.body)['call_sid']);
      const record = await vi.waitFor(
        () => {
          const found = long.model.conversations.ordered().find((conversation) => conversation.state['call_sid'] === sid);
          expect(found).toBeDefined();
          return found;
        },
        { timeout: 3000, interval: 10 },
      );
      expect(record?.endedAt).toBeUndefined();
      const during = await request(`${long.url}/v1/outbound-calling/${sid}/status`, { method: 'GET', headers: AUTH });
      expect(rec(during.body)).toEqual({ call_sid: sid, status: 'calling', reason: '' });
    } finally {
      await long.close();
    }
  });

  it('national format with country_code is parsed; not answered, busy and queue timeout fail with a reason', async () => {
    const cases: Array<[unknown, string]> = [
      [{ to_number: '(202) 555-0101', country_code: 'US' }, 'call was not answered'],
      [{ to_number: '+12025550102' }, 'line busy'],
      [{ to_number: '+12025550103' }, 'call queueing exceeded its maximum timeout'],
    ];
    for (const [body, reason] of cases) {
      const final = await settled(await sidOf(body));
      expect(final['status']).toBe('failure');
      expect(final['reason']).toBe(reason);
    }
  });

  it('terminal statuses never change', async () => {
    const sid = await sidOf({ to_number: '+12025550101' });
    await settled(sid);
    await new Promise((done) => setTimeout(done, 80));
    expect(rec((await status(sid)).body)['status']).toBe('failure');
  });

  it('a number that cannot be placed answers 500 with error_message', async () => {
    const answer = await trigger({ to_number: '+12025550104' });
    expect(answer.status).toBe(500);
    expect(rec(answer.body)['error_message']).toBe('The call could not be placed');
  });

  it.each([
    [{}, 'to_number is required'],
    [{ to_number: 12025550100 }, 'to_number must be a string'],
    [{ to_number: ['+12025550100'] }, 'to_number must be a string'],
    [{ to_number: '' }, 'to_number is required'],
    [{ to_number: '2025550100' }, 'to_number must be E.164 or come with country_code'],
    [{ to_number: '+1202555' }, 'to_number is not a valid phone number'],
    [{ to_number: 'not a number', country_code: 'US' }, 'to_number is not a valid phone number'],
    [{ to_number: '2025550100', country_code: 'XX' }, 'country_code must be an ISO 3166-1 alpha-2 code'],
    [{ to_number: '+12025550100', metadata: { n: 1 } }, 'metadata.n must be a string'],
    [{ to_number: '+12025550100', metadata: { nested: { a: 'b' } } }, 'metadata.nested must be a string'],
    [{ to_number: '+12025550100', metadata: 'x' }, 'metadata must be an object of string values'],
    [{ to_number: '+12025550100', metadata: { big: 'x'.repeat(20_000) } }, 'metadata exceeds 26 KB when base64-encoded'],
    [{ to_number: '+12025550100', encryption: 'TLS' }, 'encryption must be one of TLS/SRTP, TLS/RTP, UDP/SRTP, UDP/RTP'],
    ['{not json', 'Invalid JSON body'],
    [[1, 2], 'Request body must be a JSON object'],
  ])('400 for %j', async (body, message) => {
    const answer = await trigger(body);
    expect(answer.status).toBe(400);
    expect(rec(answer.body)['error_message']).toBe(message);
  });

  it('metadata just under 26 KB base64 is accepted', async () => {
    await sidOf({ to_number: '+12025550100', metadata: { big: 'x'.repeat(19_000) }, encryption: 'UDP/RTP' });
  });

  it('401 without a token, with a wrong one, or with a connector not configured for outbound', async () => {
    const headerSets: Array<Record<string, string>> = [
      {},
      { 'X-Service-Auth-Token': 'nope' },
      { 'X-Service-Auth-Token': 'demo-inbound-only-token' },
    ];
    for (const headers of headerSets) {
      expect((await trigger({ to_number: '+12025550100' }, headers)).status).toBe(401);
      expect((await status('OUT-0123456789abcdef', headers)).status).toBe(401);
    }
  });

  it('status: malformed SID 400, unknown SID 404', async () => {
    expect((await status('CA123')).status).toBe(400);
    expect((await status('OUT-%ZZ')).status).toBe(400);
    expect((await status('OUT-0123456789abcdef0123456789abcdef')).status).toBe(404);
  });
});

describe('Outbound Calling: retention', () => {
  it('a terminal status answers 404 once the retention is over', async () => {
    const short = await startTestPlatform({ telephony: { stepMs: 5, callMs: 5 }, callRetentionMs: 1500 });
    try {
      const answer = await request(`${short.url}/v1/outbound-calling`, {
        headers: AUTH,
        body: JSON.stringify({ to_number: '+12025550101' }),
      });
      const sid = str(rec(answer.body)['call_sid']);
      const url = `${short.url}/v1/outbound-calling/${sid}/status`;
      // Watched in the model: an HTTP poll could come after the short retention on a busy machine.
      await vi.waitFor(() => expect(short.model.calls.get(sid, Number.POSITIVE_INFINITY)?.status).toBe('failure'), { timeout: 5000 });
      expect(rec((await request(url, { method: 'GET', headers: AUTH })).body)['status']).toBe('failure');
      await vi.waitFor(async () => expect((await request(url, { method: 'GET', headers: AUTH })).status).toBe(404), {
        timeout: 5000,
        interval: 100,
      });
    } finally {
      await short.close();
    }
  });
});
