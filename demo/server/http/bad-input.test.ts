// Hostile input to every public route: always a clear 4xx with an error text, never a 500 or a crash.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PlatformServer } from '../platform';
import { rec, request, startTestPlatform } from '../test-kit';

let server: PlatformServer;
beforeAll(async () => {
  server = await startTestPlatform();
});
afterAll(() => server.close());

const CONVERSATIONS = { 'x-api-key': 'demo-api-key' };
const OUTBOUND = { 'X-Service-Auth-Token': 'demo-outbound-token', 'Content-Type': 'application/json' };
const EVENTS = { 'X-Api-Key': 'demo-events-key', 'Content-Type': 'application/json' };
const WEBHOOK = '/v1/external-events/webhook?event_id_location=payload&event_id_path=id&account_id=demo-account&project_id=demo-project';

const cases: Array<[string, string, Record<string, string>, string | undefined]> = [
  ['GET', '/v3/demo-account/demo-project/conversations?limit=%ZZ', CONVERSATIONS, undefined],
  ['GET', '/v3/demo-account/demo-project/conversations?start_time=2026-13-45T99:99:99Z', CONVERSATIONS, undefined],
  ['GET', '/v3/demo-account/demo-project/conversations?cursor=eyJzIjoiYSJ9', CONVERSATIONS, undefined],
  ['GET', `/v3/demo-account/demo-project/conversations?query_type=transcript&query=${'x'.repeat(5000)}`, CONVERSATIONS, undefined],
  ['GET', '/v3/%ZZ/demo-project/conversations', CONVERSATIONS, undefined],
  ['GET', '/v2/demo-account/demo-project/conversations/concurrency', CONVERSATIONS, undefined],
  ['GET', '/v1/demo-account/demo-project/conversations/concurrency?start_time=%ZZ&end_time=2026-01-01', CONVERSATIONS, undefined],
  ['POST', '/v1/outbound-calling', OUTBOUND, 'null'],
  ['POST', '/v1/outbound-calling', OUTBOUND, '"+12025550100"'],
  ['POST', '/v1/outbound-calling', OUTBOUND, JSON.stringify({ to_number: '+1'.repeat(5000) })],
  ['POST', '/v1/outbound-calling', OUTBOUND, JSON.stringify({ to_number: 12025550100 })],
  ['POST', '/v1/outbound-calling', OUTBOUND, JSON.stringify({ to_number: '+12025550100', country_code: 7 })],
  ['GET', '/v1/outbound-calling', OUTBOUND, undefined],
  ['GET', '/v1/outbound-calling/%ZZ/status', OUTBOUND, undefined],
  ['POST', '/v1/outbound-calling/OUT-0123456789/status', OUTBOUND, undefined],
  ['POST', WEBHOOK, EVENTS, '[]'],
  ['POST', WEBHOOK, EVENTS, '"id"'],
  ['POST', WEBHOOK, { ...EVENTS, 'Content-Type': 'application/xml' }, '<?xml version="1.0"?><!DOCTYPE x [<!ENTITY a "aaaa">]><x>&a;</x>'],
  ['POST', WEBHOOK, { ...EVENTS, 'Content-Type': 'application/x-www-form-urlencoded' }, '%%%=%%%'],
  ['POST', `${WEBHOOK}&event_id_path=a.b.c.d.e.f.g.h`, EVENTS, '{"a":{"b":null}}'],
  ['GET', WEBHOOK, EVENTS, undefined],
  ['POST', '/v1/external-events/webhook', EVENTS, '{}'],
  ['POST', '/internal/v1/agentic-dial/bridge-ended', EVENTS, '[1]'],
  [
    'POST',
    '/internal/v1/agentic-dial/bridge-ended',
    EVENTS,
    '{"conversation_id":"x","bridge_duration_seconds":1e400,"call_duration_seconds":1}',
  ],
  ['GET', '/internal/v1/agentic-dial/bridge-ended', EVENTS, undefined],
];

describe('bad input to the public routes', () => {
  it.each(cases)('%s %s → 4xx with an error text', async (method, path, headers, body) => {
    const answer = await request(`${server.url}${path}`, { method, headers, ...(body === undefined ? {} : { body }) });
    expect(answer.status).toBeGreaterThanOrEqual(400);
    expect(answer.status).toBeLessThan(500);
    expect(typeof rec(answer.body)['error_message']).toBe('string');
  });

  it('a body over the size limit is 413, and the server still answers afterwards', async () => {
    const answer = await request(`${server.url}/v1/outbound-calling`, { headers: OUTBOUND, body: 'x'.repeat(300 * 1024) });
    expect(answer.status).toBe(413);
    expect((await request(`${server.url}/v1/outbound-calling/OUT-0123456789/status`, { method: 'GET', headers: OUTBOUND })).status).toBe(
      404,
    );
  });
});
