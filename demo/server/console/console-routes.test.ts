import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { buildClient, startWebhookReceiver, type WebhookReceiver } from '../build-host/test-client';
import type { PlatformServer } from '../platform';
import { list, rec, startTestPlatform } from '../test-kit';

let server: PlatformServer;
let receiver: WebhookReceiver;

beforeEach(async () => {
  server = await startTestPlatform({
    telephony: { stepMs: 10, callMs: 30 },
    alerts: { evaluationIntervalMs: 60_000, retryDelaysMs: [40, 40] },
  });
  receiver = await startWebhookReceiver();
});
afterEach(async () => {
  await receiver.close();
  await server.close();
});

const get = (path: string, headers: Record<string, string> = {}) => fetch(`${server.url}${path}`, { headers });

async function until<T>(read: () => Promise<T>, done: (value: T) => boolean): Promise<T> {
  for (let tries = 0; tries < 200; tries += 1) {
    const value = await read();
    if (done(value)) return value;
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
  throw new Error('condition not reached');
}

describe('console routes', () => {
  it('redirects /console to /console/ and answers only its own origin', async () => {
    const answer = await fetch(`${server.url}/console`, { redirect: 'manual' });
    expect(answer.status).toBe(308);
    expect(answer.headers.get('location')).toBe('/console/');
    expect(answer.headers.get('access-control-allow-origin')).toBeNull();
    expect(
      (await get('/console/api/calls', { 'X-Service-Auth-Token': 'demo-outbound-token', Origin: 'https://elsewhere.example' })).status,
    ).toBe(403);
    expect((await get('/console/api/nothing')).status).toBe(404);
  });

  it('lists outbound calls with their status history and the conversation an answered call became', async () => {
    expect((await get('/console/api/calls')).status).toBe(401);
    const trigger = await fetch(`${server.url}/v1/outbound-calling`, {
      method: 'POST',
      headers: { 'X-Service-Auth-Token': 'demo-outbound-token', 'Content-Type': 'application/json' },
      body: JSON.stringify({ to_number: '+12025550100' }),
    });
    const { call_sid: sid } = rec(await trigger.json());
    const calls = await until(
      async () => rec(await (await get('/console/api/calls', { 'X-Service-Auth-Token': 'demo-outbound-token' })).json()),
      (body) => JSON.stringify(body).includes('"success"'),
    );
    const [call] = list(calls['data']);
    expect(call).toMatchObject({ call_sid: sid, status: 'success', to_number: '+12025550100' });
    expect(rec(call)['history']).toMatchObject([{ status: 'queued' }, { status: 'calling' }, { status: 'success' }]);
    const conversationId = String(rec(call)['conversation_id']);
    expect(server.model.conversations.get(conversationId)?.channel).toBe('VOICE-SIP');
    expect(rec(call)['conversation_started_at']).toBe(
      new Date(server.model.conversations.get(conversationId)?.startedAt ?? 0).toISOString(),
    );
  });

  it("shows each webhook endpoint's deliveries with attempts and the next retry", async () => {
    const build = buildClient(server.url);
    const endpoint = rec(
      (await build('POST', '/v1/webhook-endpoints', { name: 'on-call', url: receiver.url, event_types: ['alerts.triggered'] })).body,
    );
    await build('POST', '/v1/alert-rules', {
      name: 'Any call',
      metric: 'call_volume',
      operator: '>=',
      threshold_value: 0,
      window_duration: '5m',
    });
    receiver.answerWith([500, 200]);
    server.buildHost.alerts.evaluator.evaluateAll();
    const read = async () => rec(await (await get('/console/api/webhook-deliveries', { 'x-api-key': 'demo-build-key' })).json());
    const retrying = await until(read, (body) => JSON.stringify(body).includes('"retrying"'));
    expect(retrying['data']).toMatchObject([
      {
        id: endpoint['id'],
        deliveries: [
          { event_type: 'alerts.triggered', attempts: 1, outcome: 'retrying', status: 500, next_attempt_at: expect.any(String) },
        ],
      },
    ]);
    const delivered = await until(read, (body) => JSON.stringify(body).includes('"delivered"'));
    expect(delivered['data']).toMatchObject([{ deliveries: [{ attempts: 2, outcome: 'delivered', status: 200, next_attempt_at: null }] }]);
    // Another account's key sees its own endpoints only.
    expect(rec(await (await get('/console/api/webhook-deliveries', { 'x-api-key': 'other-workspace-key' })).json())['data']).toEqual([]);
    expect((await get('/console/api/webhook-deliveries')).status).toBe(401);
  });
});
