import { Webhook } from 'standardwebhooks';
import { describe, expect, it } from 'vitest';
import { verifyAlertWebhook } from './verify-alert-webhook';

const SECRET = 'whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw';
const EVENT = {
  event_type: 'alerts.triggered',
  alert: {
    id: 'ar_1a2b',
    name: 'Slow replies',
    project_id: null,
    metric: 'turn_latency_p95',
    operator: '>',
    threshold_value: 500,
    current_value: 812,
    previous_state: 'ok',
    triggered_at: '2026-11-25T12:00:00.000Z',
  },
};

/** A delivery signed by the Standard Webhooks reference library, as a receiver would get it. */
function delivery(body: string, options: { secret?: string; id?: string; at?: Date; signature?: string } = {}): Request {
  const id = options.id ?? 'msg_2b9f';
  const at = options.at ?? new Date();
  const signature = options.signature ?? new Webhook(options.secret ?? SECRET).sign(id, at, body);
  return new Request('https://site.example/hooks/alerts', {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      'webhook-id': id,
      'webhook-timestamp': String(Math.floor(at.getTime() / 1000)),
      'webhook-signature': signature,
    },
    body,
  });
}

describe('verifyAlertWebhook', () => {
  it('accepts a delivery signed per Standard Webhooks and returns the parsed event', async () => {
    const body = JSON.stringify(EVENT);
    const result = await verifyAlertWebhook(delivery(body), SECRET);
    expect(result).toEqual({ ok: true, event: EVENT, webhookId: 'msg_2b9f', timestamp: expect.any(Number), rawBody: body });
  });

  it('refuses a body changed after signing, even by one character', async () => {
    const body = JSON.stringify(EVENT);
    const signature = new Webhook(SECRET).sign('msg_2b9f', new Date(), body);
    const result = await verifyAlertWebhook(delivery(body.replace('812', '813'), { signature }), SECRET);
    expect(result).toEqual({ ok: false, reason: 'signature does not match' });
  });

  it('refuses another secret, and accepts any of several while one is rotated', async () => {
    const body = JSON.stringify(EVENT);
    const other = 'whsec_QWxzbyBhIHZhbGlkIGtleSBmb3IgdGVzdHM=';
    expect(await verifyAlertWebhook(delivery(body), other)).toEqual({ ok: false, reason: 'signature does not match' });
    expect((await verifyAlertWebhook(delivery(body), [other, SECRET])).ok).toBe(true);
  });

  it('refuses a timestamp outside the tolerance (a replay), either way', async () => {
    const body = JSON.stringify(EVENT);
    const old = new Date(Date.now() - 301_000);
    const future = new Date(Date.now() + 301_000);
    expect(await verifyAlertWebhook(delivery(body, { at: old }), SECRET)).toEqual({
      ok: false,
      reason: 'webhook-timestamp outside the tolerance',
    });
    expect((await verifyAlertWebhook(delivery(body, { at: future }), SECRET)).ok).toBe(false);
    expect((await verifyAlertWebhook(delivery(body, { at: old }), SECRET, { toleranceSeconds: 600 })).ok).toBe(true);
  });

  it('refuses missing headers, a malformed timestamp and signatures of another version', async () => {
    const body = JSON.stringify(EVENT);
    const bare = new Request('https://site.example/hooks', { method: 'POST', body });
    expect((await verifyAlertWebhook(bare, SECRET)).ok).toBe(false);
    const request = delivery(body);
    request.headers.set('webhook-timestamp', '12e3');
    expect(await verifyAlertWebhook(request, SECRET)).toEqual({ ok: false, reason: 'malformed webhook-timestamp' });
    expect(await verifyAlertWebhook(delivery(body, { signature: 'v1a,abc v2,xyz' }), SECRET)).toEqual({
      ok: false,
      reason: 'no v1 signature',
    });
  });

  it('finds the matching one among several signatures', async () => {
    const body = JSON.stringify(EVENT);
    const good = new Webhook(SECRET).sign('msg_2b9f', new Date(), body);
    expect((await verifyAlertWebhook(delivery(body, { signature: `v1,AAAA ${good}` }), SECRET)).ok).toBe(true);
  });

  it('refuses a correctly signed body that is not an alert event', async () => {
    const result = await verifyAlertWebhook(delivery(JSON.stringify({ event_type: 'other', alert: {} })), SECRET);
    expect(result).toEqual({ ok: false, reason: 'signed body is not an alert event' });
  });
});
