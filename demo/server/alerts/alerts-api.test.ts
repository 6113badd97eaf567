// The Alerts API against the real server process: rules, filters, limits, webhook endpoints, and
// evaluation over the platform model with signed deliveries to a receiver on 127.0.0.1. The
// evaluator runs on a clock the test moves, so windows pass without waiting.

import { Webhook } from 'standardwebhooks';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { verifyAlertWebhook } from '../../../src/server/verify-alert-webhook';
import { type BuildCall, buildClient, type Delivery, field, startWebhookReceiver, type WebhookReceiver } from '../build-host/test-client';
import { answeredTurn } from '../model/test-turns';
import type { PlatformServer } from '../platform';
import { startTestPlatform } from '../test-kit';

const DAY = 86_400_000;
let clock = Date.now() + DAY;
let server: PlatformServer;
let call: BuildCall;
let receiver: WebhookReceiver;

beforeAll(async () => {
  server = await startTestPlatform({
    // Evaluated only when a test says so; retries close together.
    alerts: { evaluationIntervalMs: DAY, now: () => new Date(clock), retryDelaysMs: [10, 10] },
  });
  call = buildClient(server.url);
  receiver = await startWebhookReceiver();
});
afterAll(async () => {
  await server.close();
  await receiver.close();
});
afterEach(async () => {
  // Every test starts with no rules and no endpoints, an hour after the previous one's data.
  clock += 3_600_000;
  for (const path of ['/v1/alert-rules', '/v1/webhook-endpoints']) {
    const list = field((await call('GET', path)).body, 'data');
    for (const item of Array.isArray(list) ? list : []) await call('DELETE', `${path}/${String(field(item, 'id'))}`);
  }
});

const RULE = { name: 'Slow replies', metric: 'turn_latency_p95', operator: '>', threshold_value: 500, window_duration: '5m' };

async function createRule(overrides: Record<string, unknown> = {}): Promise<string> {
  const answer = await call('POST', '/v1/alert-rules', { ...RULE, ...overrides });
  expect(answer.status).toBe(201);
  return String(field(answer.body, 'id'));
}

async function createEndpoint(eventTypes = ['alerts.triggered', 'alerts.resolved']): Promise<{ id: string; secret: string }> {
  const answer = await call('POST', '/v1/webhook-endpoints', { name: 'ops', url: receiver.url, event_types: eventTypes });
  expect(answer.status).toBe(201);
  return { id: String(field(answer.body, 'id')), secret: String(field(answer.body, 'signing_secret')) };
}

let conversations = 0;
function turnTaking(latencyMs: number, at = clock - 1): void {
  conversations += 1;
  const id = `alerts-test-${conversations}`;
  server.model.startConversation({
    id,
    projectId: 'demo-project',
    environment: 'live',
    channel: 'WEBCHAT',
    startedAt: at - latencyMs - 10,
  });
  server.model.addTurn(id, answeredTurn(at, latencyMs));
}

async function ruleState(id: string): Promise<unknown> {
  return (await call('GET', `/v1/alert-rules/${id}`)).body;
}

function parsedBody(delivery: Delivery): unknown {
  return JSON.parse(delivery.body);
}

describe('alert rules', () => {
  it('creates a rule with every documented field; a new rule is ok until evaluated', async () => {
    const answer = await call('POST', '/v1/alert-rules', { ...RULE, project_id: 'demo-project' });
    expect(answer).toEqual({
      status: 201,
      body: {
        id: expect.stringMatching(/^ar_[A-Za-z0-9]+$/),
        name: 'Slow replies',
        project_id: 'demo-project',
        metric: 'turn_latency_p95',
        operator: '>',
        threshold_value: 500,
        window_duration: '5m',
        enabled: true,
        current_state: 'ok',
        created_at: expect.any(String),
        updated_at: expect.any(String),
        since: expect.any(String),
        last_evaluated_at: null,
        current_value: null,
      },
    });
    expect(field((await call('POST', '/v1/alert-rules', { ...RULE, enabled: false })).body, 'project_id')).toBeNull();
  });

  it('validates every field and names each one that is wrong', async () => {
    const answer = await call('POST', '/v1/alert-rules', {
      metric: 'latency',
      operator: '==',
      threshold_value: -1,
      window_duration: '15m',
      enabled: 'yes',
      project_id: 7,
    });
    expect(answer.status).toBe(400);
    expect(field(answer.body, 'errors')).toEqual([
      { field: 'name', message: 'is required' },
      { field: 'project_id', message: 'must be a string' },
      {
        field: 'metric',
        message: 'must be one of turn_latency_p50, turn_latency_p95, api_errors, function_errors, call_crashes, call_volume',
      },
      { field: 'operator', message: 'must be one of >, <, >=, <=' },
      { field: 'threshold_value', message: 'must be 0 or more' },
      { field: 'window_duration', message: 'must be one of 5m, 10m, 60m' },
      { field: 'enabled', message: 'must be a boolean' },
    ]);
    for (const threshold of [1.5, '5', null]) {
      const bad = await call('POST', '/v1/alert-rules', { ...RULE, threshold_value: threshold });
      expect(field(bad.body, 'errors')).toEqual([{ field: 'threshold_value', message: 'must be an integer' }]);
    }
    expect(field((await call('POST', '/v1/alert-rules', { ...RULE, current_state: 'ok' })).body, 'errors')).toEqual([
      { field: 'current_state', message: 'is read-only' },
    ]);
    expect((await call('POST', '/v1/alert-rules', '{')).status).toBe(400);
  });

  it('refuses the 11th rule of an account with 409; another account is not affected', async () => {
    for (let index = 0; index < 10; index += 1) await createRule({ name: `rule ${index}` });
    const eleventh = await call('POST', '/v1/alert-rules', RULE);
    expect(eleventh.status).toBe(409);
    expect(field(eleventh.body, 'message')).toBe('Limit exceeded: an account has at most 10 alert rules');
    const other = buildClient(server.url, 'other-workspace-key');
    const created = await other('POST', '/v1/alert-rules', RULE);
    expect(created.status).toBe(201);
    await other('DELETE', `/v1/alert-rules/${String(field(created.body, 'id'))}`);
  });

  it('lists rules in {data} with the enabled, metric, project_id and state filters', async () => {
    const a = await createRule({ metric: 'api_errors', project_id: 'demo-project' });
    const b = await createRule({ enabled: false });
    const ids = async (query: string) => {
      const data = field((await call('GET', `/v1/alert-rules${query}`)).body, 'data');
      return Array.isArray(data) ? data.map((rule) => field(rule, 'id')) : data;
    };
    expect(await ids('')).toEqual([a, b]);
    expect(await ids('?enabled=false')).toEqual([b]);
    expect(await ids('?metric=api_errors')).toEqual([a]);
    expect(await ids('?project_id=demo-project')).toEqual([a]);
    expect(await ids('?state=ok&enabled=true')).toEqual([a]);
    expect(await ids('?state=unknown')).toEqual([]);
    expect(await ids('?state=alert')).toEqual([]);
    const bad = await call('GET', '/v1/alert-rules?enabled=maybe&state=firing');
    expect(bad.status).toBe(400);
    expect(field(bad.body, 'errors')).toEqual([
      { field: 'enabled', message: 'must be true or false' },
      { field: 'state', message: 'must be one of ok, alert, no_data, unknown' },
    ]);
  });

  it('updates a flat subset of fields; malformed id 422, unknown 404, another account 403', async () => {
    const id = await createRule();
    const patched = await call('PATCH', `/v1/alert-rules/${id}`, { threshold_value: 900, window_duration: '60m', project_id: null });
    expect(patched).toMatchObject({
      status: 200,
      body: { id, threshold_value: 900, window_duration: '60m', name: 'Slow replies', project_id: null },
    });
    expect(field((await call('PATCH', `/v1/alert-rules/${id}`, { threshold_value: -5 })).body, 'errors')).toEqual([
      { field: 'threshold_value', message: 'must be 0 or more' },
    ]);
    expect(field((await call('PATCH', `/v1/alert-rules/${id}`, { id: 'ar_x' })).body, 'errors')).toEqual([
      { field: 'id', message: 'is read-only' },
    ]);
    expect((await call('PATCH', '/v1/alert-rules/rule-1', { name: 'x' })).status).toBe(422);
    expect((await call('PATCH', '/v1/alert-rules/ar_', { name: 'x' })).status).toBe(422);
    expect((await call('PATCH', '/v1/alert-rules/ar_0000', { name: 'x' })).status).toBe(404);
    expect((await buildClient(server.url, 'other-workspace-key')('PATCH', `/v1/alert-rules/${id}`, { name: 'x' })).status).toBe(403);
    expect((await buildClient(server.url, null)('GET', '/v1/alert-rules')).status).toBe(401);
  });
});

describe('webhook endpoints', () => {
  it('returns the whsec_ signing secret once, and a new one from the rotate route', async () => {
    const answer = await call('POST', '/v1/webhook-endpoints', { name: 'ops', url: receiver.url, event_types: ['alerts.triggered'] });
    expect(answer).toEqual({
      status: 201,
      body: {
        id: expect.stringMatching(/^we_[A-Za-z0-9]+$/),
        name: 'ops',
        url: receiver.url,
        event_types: ['alerts.triggered'],
        created_at: expect.any(String),
        updated_at: expect.any(String),
        signing_secret: expect.stringMatching(/^whsec_[A-Za-z0-9+/]+=*$/),
      },
    });
    const id = String(field(answer.body, 'id'));
    expect(field((await call('GET', `/v1/webhook-endpoints/${id}`)).body, 'signing_secret')).toBeUndefined();
    expect(JSON.stringify((await call('GET', '/v1/webhook-endpoints')).body)).not.toContain('whsec_');
    const rotated = await call('POST', `/v1/webhook-endpoints/${id}/rotate-signing-secret`);
    expect(field(rotated.body, 'signing_secret')).toMatch(/^whsec_/);
    expect(field(rotated.body, 'signing_secret')).not.toBe(field(answer.body, 'signing_secret'));
    expect((await call('POST', '/v1/webhook-endpoints/we_0000/rotate-signing-secret')).status).toBe(404);
    expect((await call('POST', '/v1/webhook-endpoints/endpoint/rotate-signing-secret')).status).toBe(422);
  });

  it('accepts https:// anywhere and http:// to a loopback host only', async () => {
    const url = async (value: string) =>
      (await call('POST', '/v1/webhook-endpoints', { name: 'x', url: value, event_types: ['alerts.resolved'] })).status;
    expect(await url('https://hooks.example.com/alerts')).toBe(201);
    expect(await url('http://localhost:9000/a')).toBe(201);
    expect(await url('http://example.com/alerts')).toBe(400);
    expect(await url('ftp://127.0.0.1/x')).toBe(400);
    expect(await url('not a url')).toBe(400);
    expect(await url('https://user:pw@example.com/')).toBe(400);
  });

  it('validates event types and refuses the 6th endpoint of an account with 409', async () => {
    const bad = await call('POST', '/v1/webhook-endpoints', { name: 'x', url: receiver.url, event_types: ['alerts.created'] });
    expect(field(bad.body, 'errors')).toEqual([{ field: 'event_types[0]', message: 'must be one of alerts.triggered, alerts.resolved' }]);
    expect((await call('POST', '/v1/webhook-endpoints', { name: 'x', url: receiver.url, event_types: [] })).status).toBe(400);
    for (let index = 0; index < 5; index += 1) await createEndpoint();
    expect((await call('POST', '/v1/webhook-endpoints', { name: 'x', url: receiver.url, event_types: ['alerts.triggered'] })).status).toBe(
      409,
    );
  });
});

describe('evaluation and webhooks', () => {
  it('turn_latency_p95: ok → alert sends a signed alerts.triggered; back within the threshold sends alerts.resolved', async () => {
    const endpoint = await createEndpoint();
    const id = await createRule();
    turnTaking(120);
    server.buildHost.alerts.evaluator.evaluateAll();
    expect(await ruleState(id)).toMatchObject({
      current_state: 'ok',
      current_value: 120,
      last_evaluated_at: new Date(clock).toISOString(),
    });

    clock += 1_000;
    turnTaking(900);
    const from = receiver.deliveries.length;
    server.buildHost.alerts.evaluator.evaluateAll();
    expect(await ruleState(id)).toMatchObject({ current_state: 'alert', current_value: 900, since: new Date(clock).toISOString() });
    const triggered = await receiver.next(() => true, from);

    // Receivers can use the Standard Webhooks library or agent-webchat/server to check it.
    const headers = {
      'webhook-id': String(triggered.headers['webhook-id']),
      'webhook-timestamp': String(triggered.headers['webhook-timestamp']),
      'webhook-signature': String(triggered.headers['webhook-signature']),
    };
    expect(new Webhook(endpoint.secret).verify(triggered.body, headers)).toEqual(parsedBody(triggered));
    const request = new Request(receiver.url, { method: 'POST', headers, body: triggered.body });
    const verified = await verifyAlertWebhook(request, endpoint.secret);
    expect(verified.ok && verified.event).toEqual({
      event_type: 'alerts.triggered',
      alert: {
        id,
        name: 'Slow replies',
        project_id: null,
        metric: 'turn_latency_p95',
        operator: '>',
        threshold_value: 500,
        current_value: 900,
        previous_state: 'ok',
        triggered_at: new Date(clock).toISOString(),
      },
    });
    const firing = await call('GET', '/v1/alerts');
    expect(field(firing.body, 'data')).toEqual([
      expect.objectContaining({ rule_id: id, current_value: 900, triggered_at: new Date(clock).toISOString() }),
    ]);

    // Six minutes on, the slow turn has left the 5-minute window; a fast one is in it.
    clock += 360_000;
    turnTaking(80);
    const beforeResolve = receiver.deliveries.length;
    server.buildHost.alerts.evaluator.evaluateAll();
    const resolved = await receiver.next(() => true, beforeResolve);
    expect(parsedBody(resolved)).toMatchObject({
      event_type: 'alerts.resolved',
      alert: { id, current_value: 80, previous_state: 'alert', resolved_at: new Date(clock).toISOString() },
    });
    expect(
      new Webhook(endpoint.secret).verify(resolved.body, {
        'webhook-id': String(resolved.headers['webhook-id']),
        'webhook-timestamp': String(resolved.headers['webhook-timestamp']),
        'webhook-signature': String(resolved.headers['webhook-signature']),
      }),
    ).toBeTruthy();
    expect(resolved.headers['webhook-id']).not.toBe(triggered.headers['webhook-id']);
    expect(field((await call('GET', '/v1/alerts')).body, 'data')).toEqual([]);
  });

  it('no_data without turns in the window; counts (function errors, crashes, volume, API errors) are values, 0 included', async () => {
    const latency = await createRule();
    const functionErrors = await createRule({ metric: 'function_errors', operator: '>=', threshold_value: 2 });
    const crashes = await createRule({ metric: 'call_crashes', threshold_value: 0 });
    const volume = await createRule({ metric: 'call_volume', operator: '<', threshold_value: 1 });
    server.model.recordIncident('function_error', 'demo-project', clock - 1_000);
    server.model.recordIncident('function_error', 'demo-project', clock - 500);
    server.buildHost.alerts.evaluator.evaluateAll();
    expect(await ruleState(latency)).toMatchObject({ current_state: 'no_data', current_value: null });
    expect(await ruleState(functionErrors)).toMatchObject({ current_state: 'alert', current_value: 2 });
    expect(await ruleState(crashes)).toMatchObject({ current_state: 'ok', current_value: 0 });
    expect(await ruleState(volume)).toMatchObject({ current_state: 'alert', current_value: 0 });
  });

  it('evaluates per project when the rule names one', async () => {
    const demo = await createRule({ metric: 'call_crashes', threshold_value: 0, project_id: 'demo-project' });
    const other = await createRule({ metric: 'call_crashes', threshold_value: 0, project_id: 'private-project' });
    server.model.recordIncident('call_crash', 'demo-project', clock - 10);
    server.buildHost.alerts.evaluator.evaluateAll();
    expect(await ruleState(demo)).toMatchObject({ current_state: 'alert', current_value: 1 });
    expect(await ruleState(other)).toMatchObject({ current_state: 'ok', current_value: 0 });
  });

  it('sends only the subscribed event types, and a disabled rule is not evaluated', async () => {
    await createEndpoint(['alerts.resolved']);
    const id = await createRule({ metric: 'call_crashes', threshold_value: 0 });
    const disabled = await createRule({ metric: 'call_crashes', threshold_value: 0, enabled: false });
    server.model.recordIncident('call_crash', 'demo-project', clock - 10);
    const from = receiver.deliveries.length;
    server.buildHost.alerts.evaluator.evaluateAll();
    expect(await ruleState(disabled)).toMatchObject({ current_state: 'ok', current_value: null, last_evaluated_at: null });
    clock += 400_000;
    server.buildHost.alerts.evaluator.evaluateAll();
    const resolved = await receiver.next(() => true, from);
    expect(parsedBody(resolved)).toMatchObject({ event_type: 'alerts.resolved', alert: { id } });
    expect(receiver.deliveries.slice(from).map((delivery) => field(parsedBody(delivery), 'event_type'))).toEqual(['alerts.resolved']);
  });

  it('retries a failed delivery with the same webhook-id, signed with the current secret', async () => {
    const endpoint = await createEndpoint(['alerts.triggered']);
    await createRule({ metric: 'call_crashes', threshold_value: 0 });
    receiver.answerWith([500, 503]);
    server.model.recordIncident('call_crash', 'demo-project', clock - 10);
    const from = receiver.deliveries.length;
    server.buildHost.alerts.evaluator.evaluateAll();
    const third = await receiver.next(() => receiver.deliveries.length - from === 3, from);
    const attempts = receiver.deliveries.slice(from);
    expect(new Set(attempts.map((delivery) => delivery.headers['webhook-id'])).size).toBe(1);
    expect(
      new Webhook(endpoint.secret).verify(third.body, {
        'webhook-id': String(third.headers['webhook-id']),
        'webhook-timestamp': String(third.headers['webhook-timestamp']),
        'webhook-signature': String(third.headers['webhook-signature']),
      }),
    ).toBeTruthy();
    // The sender logs an attempt once it has read the answer, just after the receiver saw it.
    const log = () =>
      server.buildHost.alerts.delivery.attempts
        .filter((attempt) => attempt.webhookId === third.headers['webhook-id'])
        .map((attempt) => [attempt.attempt, attempt.status, attempt.outcome]);
    await expect.poll(log).toEqual([
      [1, 500, 'retrying'],
      [2, 503, 'retrying'],
      [3, 200, 'delivered'],
    ]);
  });

  it('signs with the rotated secret from the rotation on; the old one no longer verifies', async () => {
    const endpoint = await createEndpoint(['alerts.triggered']);
    const rotated = String(
      field((await call('POST', `/v1/webhook-endpoints/${endpoint.id}/rotate-signing-secret`)).body, 'signing_secret'),
    );
    await createRule({ metric: 'call_crashes', threshold_value: 0 });
    server.model.recordIncident('call_crash', 'demo-project', clock - 10);
    const from = receiver.deliveries.length;
    server.buildHost.alerts.evaluator.evaluateAll();
    const delivery = await receiver.next(() => true, from);
    const request = () =>
      new Request(receiver.url, {
        method: 'POST',
        headers: {
          'webhook-id': String(delivery.headers['webhook-id']),
          'webhook-timestamp': String(delivery.headers['webhook-timestamp']),
          'webhook-signature': String(delivery.headers['webhook-signature']),
        },
        body: delivery.body,
      });
    expect((await verifyAlertWebhook(request(), rotated)).ok).toBe(true);
    expect(await verifyAlertWebhook(request(), endpoint.secret)).toEqual({ ok: false, reason: 'signature does not match' });
  });

  it('does not follow redirects: deliveries go to the configured URL only', async () => {
    await createEndpoint(['alerts.triggered']);
    await createRule({ metric: 'call_crashes', threshold_value: 0 });
    receiver.answerWith([307, 307, 307]);
    server.model.recordIncident('call_crash', 'demo-project', clock - 10);
    const from = receiver.deliveries.length;
    server.buildHost.alerts.evaluator.evaluateAll();
    await receiver.next(() => receiver.deliveries.length - from === 3, from);
    expect(receiver.deliveries.slice(from).every((delivery) => delivery.path === '/hooks/alerts')).toBe(true);
  });
});

describe('tenancy: a rule sees its own account and project only', () => {
  const other = (): BuildCall => buildClient(server.url, 'other-workspace-key');

  it("reads only its account's figures: another account's account-wide call_volume rule counts none of the demo account's conversations", async () => {
    turnTaking(120);
    const mine = await createRule({ metric: 'call_volume', operator: '>', threshold_value: 0 });
    const created = await other()('POST', '/v1/alert-rules', { ...RULE, metric: 'call_volume', operator: '>', threshold_value: 0 });
    expect(created.status).toBe(201);
    const theirs = String(field(created.body, 'id'));
    server.model.recordIncident('call_crash', 'demo-project', clock - 10);
    const crashes = await other()('POST', '/v1/alert-rules', { ...RULE, metric: 'call_crashes', operator: '>', threshold_value: 0 });
    server.buildHost.alerts.evaluator.evaluateAll();
    expect(await ruleState(mine)).toMatchObject({ current_state: 'alert', current_value: 1 });
    expect((await other()('GET', `/v1/alert-rules/${theirs}`)).body).toMatchObject({ current_state: 'ok', current_value: 0 });
    const theirCrashes = String(field(crashes.body, 'id'));
    expect((await other()('GET', `/v1/alert-rules/${theirCrashes}`)).body).toMatchObject({ current_state: 'ok', current_value: 0 });
    await other()('DELETE', `/v1/alert-rules/${theirs}`);
    await other()('DELETE', `/v1/alert-rules/${theirCrashes}`);
  });

  it("refuses a rule on another account's project (403) or an unknown project (404), on create and on PATCH", async () => {
    for (const projectId of ['demo-project', 'PROJECT-demo0001', 'private-project']) {
      const answer = await other()('POST', '/v1/alert-rules', { ...RULE, project_id: projectId });
      expect(answer.status, projectId).toBe(403);
      expect(field(answer.body, 'errors')).toEqual([{ field: 'project_id', message: 'belongs to another account' }]);
    }
    const unknown = await call('POST', '/v1/alert-rules', { ...RULE, project_id: 'no-such-project' });
    expect(unknown.status).toBe(404);
    expect(field(unknown.body, 'errors')).toEqual([{ field: 'project_id', message: 'no such project in this account' }]);
    const created = await other()('POST', '/v1/alert-rules', RULE);
    const id = String(field(created.body, 'id'));
    expect((await other()('PATCH', `/v1/alert-rules/${id}`, { project_id: 'demo-project' })).status).toBe(403);
    expect((await other()('GET', `/v1/alert-rules/${id}`)).body).toMatchObject({ project_id: null });
    await other()('DELETE', `/v1/alert-rules/${id}`);
    // The demo account's own projects, in either form.
    await createRule({ project_id: 'PROJECT-demo0001' });
    await createRule({ project_id: 'private-project' });
  });

  it('a new rule starts ok (enabled or not); its first alerts.triggered says previous_state ok; disabling makes it ok again', async () => {
    await createEndpoint(['alerts.triggered']);
    const disabled = await call('POST', '/v1/alert-rules', { ...RULE, enabled: false });
    expect(disabled.body).toMatchObject({ current_state: 'ok', current_value: null, last_evaluated_at: null });
    const id = await createRule({ metric: 'call_crashes', threshold_value: 0 });
    expect(await ruleState(id)).toMatchObject({ current_state: 'ok' });
    server.model.recordIncident('call_crash', 'demo-project', clock - 10);
    const from = receiver.deliveries.length;
    server.buildHost.alerts.evaluator.evaluateAll();
    const triggered = await receiver.next(() => true, from);
    expect(parsedBody(triggered)).toMatchObject({ event_type: 'alerts.triggered', alert: { id, previous_state: 'ok' } });
    const off = await call('PATCH', `/v1/alert-rules/${id}`, { enabled: false });
    expect(off.body).toMatchObject({ current_state: 'ok', current_value: null });
    expect(field((await call('GET', '/v1/alerts')).body, 'data')).toEqual([]);
  });

  it('both id forms name one project: the rule list and the alert list filter by either', async () => {
    const prefixed = await createRule({ metric: 'call_crashes', threshold_value: 0, project_id: 'PROJECT-demo0001' });
    const slug = await createRule({ metric: 'call_crashes', threshold_value: 0, project_id: 'demo-project' });
    await createRule({ metric: 'call_crashes', threshold_value: 0, project_id: 'private-project' });
    server.model.recordIncident('call_crash', 'demo-project', clock - 10);
    server.buildHost.alerts.evaluator.evaluateAll();
    for (const projectId of ['demo-project', 'PROJECT-demo0001']) {
      const rules = field((await call('GET', `/v1/alert-rules?project_id=${projectId}`)).body, 'data');
      expect(Array.isArray(rules) && rules.map((rule) => field(rule, 'id')), projectId).toEqual([prefixed, slug]);
      const alerts = field((await call('GET', `/v1/alerts?project_id=${projectId}`)).body, 'data');
      expect(Array.isArray(alerts) && alerts.map((alert) => field(alert, 'rule_id')), projectId).toEqual([prefixed, slug]);
    }
  });
});
