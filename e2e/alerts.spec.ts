// Flow: an operator watches reply latency with an alert rule and a webhook. The agent slows down
// (test control), a visitor converses through the widget, and the operator's receiver gets a
// signed `alerts.triggered`; the agent speeds up, the conversation goes on, and `alerts.resolved`
// follows. The e2e server evaluates every 200 ms over windows shortened 100× (5m = 3 s).
import { expect, test } from '@playwright/test';
import { verifyAlertWebhook } from 'agent-webchat/server';
import { type Delivery, startWebhookReceiver, type WebhookReceiver } from '../demo/server/build-host/test-client';
import { buildHost } from './support/build-host';
import { platform } from './support/platform';
import { openWidget, say } from './support/widget';

const THRESHOLD_MS = 400;
let receiver: WebhookReceiver;
const created: string[] = [];

test.beforeEach(async ({ request }) => {
  await platform(request).reset();
  receiver = await startWebhookReceiver();
});

test.afterEach(async ({ request }) => {
  const api = buildHost(request);
  await api.control('agentReplyDelay', { ms: 0 });
  for (const path of created.splice(0)) await api.delete(path);
  await receiver.close();
});

/** What a site's receiver does: check the signature on the raw body, then read the event. */
async function verified(delivery: Delivery, secret: string) {
  const headers = new Headers();
  for (const name of ['webhook-id', 'webhook-timestamp', 'webhook-signature', 'content-type'])
    headers.set(name, String(delivery.headers[name]));
  const result = await verifyAlertWebhook(new Request(receiver.url, { method: 'POST', headers, body: delivery.body }), secret);
  if (!result.ok) throw new Error(`delivery not verified: ${result.reason}`);
  return result.event;
}

const isEvent = (type: string) => (delivery: Delivery) => delivery.body.includes(`"event_type":"${type}"`);

test('slow replies trigger a signed alert; fast replies resolve it', async ({ page, request }) => {
  test.setTimeout(60_000);
  const api = buildHost(request);
  const endpoint = await api.post('/v1/webhook-endpoints', {
    name: 'on-call',
    url: receiver.url,
    event_types: ['alerts.triggered', 'alerts.resolved'],
  });
  created.push(`/v1/webhook-endpoints/${String(endpoint['id'])}`);
  const secret = String(endpoint['signing_secret']);
  const rule = await api.post('/v1/alert-rules', {
    name: 'Slow replies',
    metric: 'turn_latency_p95',
    operator: '>',
    threshold_value: THRESHOLD_MS,
    window_duration: '5m',
  });
  const ruleId = String(rule['id']);
  created.push(`/v1/alert-rules/${ruleId}`);

  await api.control('agentReplyDelay', { ms: 1_000 });
  await openWidget(page);
  await say(page, 'is anybody there?');
  await expect(page.locator('[data-author="agent"]').nth(1)).toContainText('is anybody there?');

  const triggered = await verified(await receiver.next(isEvent('alerts.triggered'), 0), secret);
  expect(triggered.alert).toMatchObject({
    id: ruleId,
    name: 'Slow replies',
    metric: 'turn_latency_p95',
    operator: '>',
    threshold_value: THRESHOLD_MS,
  });
  expect(triggered.alert.current_value).toBeGreaterThan(THRESHOLD_MS);
  expect(triggered.alert.previous_state).not.toBe('alert');
  expect(await api.get('/v1/alerts')).toMatchObject({ data: [expect.objectContaining({ rule_id: ruleId })] });

  // Faster again: the conversation goes on until the slow turns have left the window.
  await api.control('agentReplyDelay', { ms: 0 });
  const resolvedDelivery = receiver.next(isEvent('alerts.resolved'), 0);
  let resolved = false;
  void resolvedDelivery.then(() => {
    resolved = true;
  });
  for (let turn = 2; !resolved && turn < 80; turn += 1) {
    await say(page, `quick question ${turn}`);
    await expect(page.locator('[data-author="agent"]').nth(turn)).toContainText(`quick question ${turn}`);
  }
  const resolution = await verified(await resolvedDelivery, secret);
  expect(resolution).toMatchObject({
    event_type: 'alerts.resolved',
    alert: { id: ruleId, previous_state: 'alert', triggered_at: triggered.alert.triggered_at },
  });
  expect(resolution.alert.current_value).toBeLessThanOrEqual(THRESHOLD_MS);
  expect(await api.get('/v1/alerts')).toEqual({ data: [] });
});
