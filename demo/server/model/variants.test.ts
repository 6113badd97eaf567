// One truth for variants: the ids and names every API shows are the demo agent's deployed
// variants, as the Agents API lists them — the seeded history, Chat, Messaging, outbound calls,
// the voice connector, the Conversations records and Concurrent Calls alike.

import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { type BuildCall, buildClient, field } from '../build-host/test-client';
import type { PlatformServer } from '../platform';
import { JOIN, list, newSession, rec, request, startTestPlatform, str, TestSocket } from '../test-kit';

let server: PlatformServer;
let build: BuildCall;
beforeAll(async () => {
  server = await startTestPlatform({ seedHistory: { count: 300, seed: 7 }, telephony: { stepMs: 50, callMs: 50 } });
  build = buildClient(server.url);
});
afterAll(() => server.close());

const CHAT = { 'X-API-KEY': 'demo-api-key', 'X-TOKEN': 'demo-connector-token', 'Content-Type': 'application/json' };

async function deployedVariants(): Promise<Array<{ id: string; name: string }>> {
  const data = field((await build('GET', '/v1/agents/demo-agent/branches/main/variants')).body, 'data');
  return list(data).map((variant) => ({ id: str(field(variant, 'id')), name: str(field(variant, 'name')) }));
}

async function records(environment: string): Promise<Array<Record<string, unknown>>> {
  const answer = await request(`${server.url}/v3/demo-account/demo-project/conversations?client_env=${environment}&limit=5000`, {
    method: 'GET',
    headers: { 'x-api-key': 'demo-api-key' },
  });
  expect(answer.status).toBe(200);
  return list(rec(answer.body)['conversations']).map(rec);
}

function chatCreate(body: unknown): ReturnType<typeof request> {
  return request(`${server.url}/v1/demo-account/demo-project/chat/create`, { headers: CHAT, body: JSON.stringify(body) });
}

describe('variants: one truth across the APIs', () => {
  it('the demo agent deploys three variants; the live deployment holds them all and lists them', async () => {
    expect(await deployedVariants()).toEqual([
      { id: 'var_default', name: 'Default' },
      { id: 'var_spring', name: 'Spring Sale' },
      { id: 'var_uk', name: 'UK Site' },
    ]);
    const deployment = (await build('GET', '/v1/agents/demo-agent/deployments/dep_initial')).body;
    expect(field(deployment, 'variantCount')).toBe(3);
    expect(field(deployment, 'variants')).toEqual([
      { id: 'var_default', name: 'Default', isDefault: true },
      { id: 'var_spring', name: 'Spring Sale', isDefault: false },
      { id: 'var_uk', name: 'UK Site', isDefault: false },
    ]);
  });

  it('every record (seeded, Chat, Messaging, outbound call) and the voice connector use a deployed variant id and its name', async () => {
    const deployed = await deployedVariants();
    for (const variant of deployed) expect((await chatCreate({ variant_id: variant.id })).status).toBe(200);

    const socket = await TestSocket.connect(server, await newSession(server));
    socket.send(JOIN);
    await socket.nextOfType('EVENT_TYPE_SERVICE_AGENT_MESSAGE');
    socket.close();

    const trigger = await request(`${server.url}/v1/outbound-calling`, {
      headers: { 'X-Service-Auth-Token': 'demo-outbound-token', 'Content-Type': 'application/json' },
      body: JSON.stringify({ to_number: '+12025550100' }),
    });
    const sid = str(rec(trigger.body)['call_sid']);
    await vi.waitFor(() => expect(server.model.calls.get(sid, 60_000)?.conversationId).toBeDefined(), { timeout: 3000, interval: 20 });

    const connectors = await build('POST', '/v1/agents/demo-agent/telephony/connectors/batch', { connectorIds: ['demo-voice-connector'] });
    expect(deployed.map((variant) => variant.id)).toContain(field(connectors.body, 'found', 0, 'variantId'));

    const all = [...(await records('live')), ...(await records('sandbox')), ...(await records('pre-release'))];
    expect(new Set(all.map((record) => record['channel']))).toEqual(new Set(['VOICE-SIP', 'WEBCHAT', 'CHAT']));
    const seen = new Set(all.map((record) => `${str(record['variant_id'])}=${str(record['variant_name'])}`));
    expect([...seen].sort()).toEqual(deployed.map((variant) => `${variant.id}=${variant.name}`).sort());
    const voice = all.find((record) => field(record, 'state', 'call_sid') === sid);
    expect(voice?.['variant_id']).toBe(field(connectors.body, 'found', 0, 'variantId'));
  });

  it('a variant exists for conversations once it is deployed to their environment, not before', async () => {
    const created = await build('POST', '/v1/agents/demo-agent/branches/main/variants', { name: 'Autumn' });
    const id = str(field(created.body, 'id'));
    const early = await chatCreate({ variant_id: id });
    expect(early.status).toBe(400);
    expect(rec(early.body)['error_message']).toBe(`Unknown variant_id ${id}: the deployed variants are var_default, var_spring, var_uk`);

    const published = await build('POST', '/v1/agents/demo-agent/deployments/publish', { environment: 'sandbox' });
    const deployment = str(field(published.body, 'id'));
    await build('POST', `/v1/agents/demo-agent/deployments/${deployment}/promote`);
    await build('POST', `/v1/agents/demo-agent/deployments/${deployment}/promote`);
    const live = await chatCreate({ variant_id: id });
    expect(live.status).toBe(200);
    const record = server.model.conversations.get(str(rec(live.body)['conversation_id']));
    expect(record).toMatchObject({ variantId: id, variantName: 'Autumn' });
  });

  it('slice_by=variant names a series as the Agents API names its variant now, and that name finds the whole series', async () => {
    await build('PATCH', '/v1/agents/demo-agent/branches/main/variants/var_spring', { name: 'Spring Promo' });
    const published = await build('POST', '/v1/agents/demo-agent/deployments/publish', { environment: 'sandbox' });
    const deployment = str(field(published.body, 'id'));
    await build('POST', `/v1/agents/demo-agent/deployments/${deployment}/promote`);
    await build('POST', `/v1/agents/demo-agent/deployments/${deployment}/promote`);
    const started = await chatCreate({ variant_id: 'var_spring' });
    expect(server.model.conversations.get(str(rec(started.body)['conversation_id']))?.variantName).toBe('Spring Promo');

    const now = Date.now();
    const range = `start_time=${new Date(now - 30 * 24 * 3_600_000).toISOString()}&end_time=${new Date(now + 600_000).toISOString()}`;
    const intervals = async (query: string) => {
      const answer = await request(`${server.url}/v1/demo-account/demo-project/conversations/concurrency?${range}&${query}`, {
        method: 'GET',
        headers: { 'x-api-key': 'demo-api-key' },
      });
      expect(answer.status).toBe(200);
      return list(rec(answer.body)['intervals']).map(rec);
    };
    const spring = (await intervals('slice_by=variant')).filter((interval) => interval['variant_id'] === 'var_spring');
    expect(new Set(spring.map((interval) => interval['variant_name']))).toEqual(new Set(['Spring Promo']));
    const peaks = (series: Array<Record<string, unknown>>) => series.map((interval) => interval['max_concurrent_conversations']);
    const byId = peaks(await intervals('variant_id=var_spring'));
    expect(byId.filter((peak) => peak !== 0).length).toBeGreaterThan(1);
    expect(peaks(spring)).toEqual(byId);
    expect(peaks(await intervals('variant_name=Spring%20Promo'))).toEqual(byId);
  });
});
