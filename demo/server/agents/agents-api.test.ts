// The Agents API against the real server process: every route, its validation and its errors.

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type BuildCall, buildClient, field } from '../build-host/test-client';
import type { PlatformServer } from '../platform';
import { startTestPlatform } from '../test-kit';

let server: PlatformServer;
let call: BuildCall;

beforeAll(async () => {
  server = await startTestPlatform();
  call = buildClient(server.url);
});
afterAll(() => server.close());

async function newAgent(name = 'Support bot'): Promise<string> {
  const answer = await call('POST', '/v1/agents', { name, description: 'for tests' });
  expect(answer.status).toBe(201);
  return String(field(answer.body, 'agentId'));
}

describe('keys', () => {
  it('answers 401 without a key or with an unknown one, in the documented error shape', async () => {
    expect(await buildClient(server.url, null)('GET', '/v1/agents')).toEqual({
      status: 401,
      body: { message: 'Missing API key (x-api-key)', errors: [] },
    });
    expect((await buildClient(server.url, 'demo-api-key')('GET', '/v1/agents')).status).toBe(401);
  });

  it("answers 403 to another workspace's key on the demo workspace's resources; it sees only its own agents", async () => {
    const other = buildClient(server.url, 'other-workspace-key');
    expect((await other('GET', '/v1/agents/demo-agent')).status).toBe(403);
    expect((await other('PATCH', '/v1/agents/demo-agent/branches/main/behavior', { behavior: 'x' })).status).toBe(403);
    expect((await other('GET', '/v1/agents')).body).toEqual({ data: [] });
  });
});

describe('agents', () => {
  it('creates an agent with its main branch and lists and reads it', async () => {
    const answer = await call('POST', '/v1/agents', { name: 'Billing', description: 'Answers invoices' });
    expect(answer.status).toBe(201);
    expect(answer.body).toMatchObject({ agentId: expect.stringMatching(/^agt_[a-f0-9]+$/), name: 'Billing', defaultBranch: 'main' });
    const agentId = String(field(answer.body, 'agentId'));
    expect(field(answer.body, 'branch', 'id')).toBe('main');
    expect((await call('GET', `/v1/agents/${agentId}`)).body).toMatchObject({ agentId, name: 'Billing', description: 'Answers invoices' });
    const list = await call('GET', '/v1/agents');
    expect(field(list.body, 'data')).toEqual(
      expect.arrayContaining([expect.objectContaining({ agentId: 'demo-agent' }), expect.objectContaining({ agentId })]),
    );
  });

  it('validates name (1–128 characters) and description, naming every bad field', async () => {
    expect((await call('POST', '/v1/agents', { name: 'x'.repeat(128) })).status).toBe(201);
    const tooLong = await call('POST', '/v1/agents', { name: 'x'.repeat(129) });
    expect(tooLong).toEqual({
      status: 400,
      body: {
        message: 'Validation failed: name must be at most 128 characters',
        errors: [{ field: 'name', message: 'must be at most 128 characters' }],
      },
    });
    const both = await call('POST', '/v1/agents', { description: 5 });
    expect(both.status).toBe(400);
    expect(field(both.body, 'errors')).toEqual([
      { field: 'name', message: 'is required' },
      { field: 'description', message: 'must be a string' },
    ]);
    expect(field((await call('POST', '/v1/agents', { name: '' })).body, 'errors')).toEqual([
      { field: 'name', message: 'must not be empty' },
    ]);
    expect(field((await call('POST', '/v1/agents', { name: 'a', colour: 'red' })).body, 'errors')).toEqual([
      { field: 'colour', message: 'is not a known field' },
    ]);
  });

  it('answers 422 for malformed ids and 404 for unknown ones', async () => {
    expect((await call('GET', '/v1/agents/bad%21id')).status).toBe(422);
    expect((await call('GET', `/v1/agents/${'a'.repeat(65)}`)).status).toBe(422);
    expect((await call('GET', '/v1/agents/no-such-agent')).status).toBe(404);
    expect((await call('GET', '/v1/agents/demo-agent/branches/feature')).status).toBe(422);
    expect((await call('GET', '/v1/agents/demo-agent/branches/br_0000')).status).toBe(404);
    expect((await call('POST', '/v1/agents/demo-agent/deployments/12/promote')).status).toBe(422);
    expect((await call('POST', '/v1/agents/demo-agent/deployments/dep_0000/promote')).status).toBe(404);
    expect((await call('PATCH', '/v1/agents/demo-agent/branches/main/variants/default', { name: 'x' })).status).toBe(422);
    expect((await call('PATCH', '/v1/agents/demo-agent/branches/main/variants/var_0000', { name: 'x' })).status).toBe(404);
    expect((await call('GET', '/v1/agents/demo-agent/unknown-collection')).status).toBe(404);
  });

  it('answers 400 to a body that is not JSON and 405 to an unknown method', async () => {
    const broken = await call('POST', '/v1/agents', '{"name":');
    expect(broken).toEqual({
      status: 400,
      body: { message: 'Request body is not valid JSON', errors: [{ field: 'body', message: 'must be valid JSON' }] },
    });
    expect((await call('POST', '/v1/agents', '[1]')).status).toBe(400);
    expect((await call('DELETE', '/v1/agents')).status).toBe(405);
  });
});

describe('branches, behavior, topics and merge', () => {
  it('creates a branch from main, edits its behavior and topics, and merges it into main', async () => {
    const agentId = await newAgent();
    const branch = await call('POST', `/v1/agents/${agentId}/branches`, { name: 'tone' });
    expect(branch.status).toBe(201);
    const branchId = String(field(branch.body, 'id'));
    expect(branchId).toMatch(/^br_[a-f0-9]+$/);
    expect((await call('POST', `/v1/agents/${agentId}/branches`, { name: 'tone' })).status).toBe(409);

    const behavior = await call('PATCH', `/v1/agents/${agentId}/branches/${branchId}/behavior`, {
      behavior: 'Be warm.\nGreeting: Hello there',
    });
    expect(behavior).toMatchObject({ status: 200, body: { behavior: 'Be warm.\nGreeting: Hello there' } });
    const topic = await call('POST', `/v1/agents/${agentId}/branches/${branchId}/knowledge-base/topics`, {
      name: 'Refunds',
      content: '30 days.',
    });
    expect(topic).toMatchObject({ status: 201, body: { id: expect.stringMatching(/^topic_/), name: 'Refunds', content: '30 days.' } });
    expect(field((await call('GET', `/v1/agents/${agentId}/branches/main/behavior`)).body, 'behavior')).toBe('');

    const merge = await call('POST', `/v1/agents/${agentId}/branches/${branchId}/merge`);
    expect(merge).toMatchObject({ status: 200, body: { merged: true, branchId } });
    expect((await call('GET', `/v1/agents/${agentId}/branches/main/behavior`)).body).toEqual({
      behavior: 'Be warm.\nGreeting: Hello there',
    });
    expect(field((await call('GET', `/v1/agents/${agentId}/branches/main/knowledge-base/topics`)).body, 'data')).toEqual([
      expect.objectContaining({ name: 'Refunds' }),
    ]);
    const branches = await call('GET', `/v1/agents/${agentId}/branches`);
    expect(field(branches.body, 'data')).toEqual([expect.objectContaining({ id: 'main' }), expect.objectContaining({ id: branchId })]);
  });

  it('answers 409 when main changed what the branch changed since it was made, naming the part', async () => {
    const agentId = await newAgent();
    const branchId = String(field((await call('POST', `/v1/agents/${agentId}/branches`, { name: 'b' })).body, 'id'));
    await call('PATCH', `/v1/agents/${agentId}/branches/${branchId}/behavior`, { behavior: 'branch text' });
    await call('PATCH', `/v1/agents/${agentId}/branches/main/behavior`, { behavior: 'main text' });
    const merge = await call('POST', `/v1/agents/${agentId}/branches/${branchId}/merge`);
    expect(merge.status).toBe(409);
    expect(field(merge.body, 'errors')).toEqual([{ field: 'behavior', message: 'changed on both main and the branch' }]);
    expect(field((await call('GET', `/v1/agents/${agentId}/branches/main/behavior`)).body, 'behavior')).toBe('main text');
  });

  it('merges a branch whose base moved when main changed other parts only', async () => {
    const agentId = await newAgent();
    const branchId = String(field((await call('POST', `/v1/agents/${agentId}/branches`, { name: 'b' })).body, 'id'));
    await call('PATCH', `/v1/agents/${agentId}/branches/${branchId}/behavior`, { behavior: 'from the branch' });
    await call('POST', `/v1/agents/${agentId}/branches/main/knowledge-base/topics`, { name: 'Hours', content: '9–5' });
    expect((await call('POST', `/v1/agents/${agentId}/branches/${branchId}/merge`)).status).toBe(200);
    expect(field((await call('GET', `/v1/agents/${agentId}/branches/main/behavior`)).body, 'behavior')).toBe('from the branch');
    expect((await call('POST', `/v1/agents/${agentId}/branches/main/merge`)).status).toBe(400);
  });

  it('validates behavior and topics', async () => {
    expect((await call('PATCH', '/v1/agents/demo-agent/branches/main/behavior', {})).status).toBe(400);
    expect((await call('PATCH', '/v1/agents/demo-agent/branches/main/behavior', { behavior: 3 })).status).toBe(400);
    const topic = await call('POST', '/v1/agents/demo-agent/branches/main/knowledge-base/topics', { name: '' });
    expect(field(topic.body, 'errors')).toEqual([
      { field: 'name', message: 'must not be empty' },
      { field: 'content', message: 'is required' },
    ]);
  });
});

describe('attributes and variants', () => {
  it('keeps exactly one default variant', async () => {
    const agentId = await newAgent();
    const base = `/v1/agents/${agentId}/branches/main`;
    expect(field((await call('GET', `${base}/variants`)).body, 'data')).toEqual([
      { id: 'var_default', name: 'Default', isDefault: true, attributeValues: { values: {} } },
    ]);
    expect((await call('POST', `${base}/attributes`, { name: 'region' })).status).toBe(201);
    expect((await call('POST', `${base}/attributes`, { name: 'region' })).status).toBe(409);
    expect(field((await call('GET', `${base}/attributes`)).body, 'data')).toEqual([expect.objectContaining({ name: 'region' })]);
    const uk = await call('POST', `${base}/variants`, { name: 'UK', attributeValues: { values: { region: 'uk' } } });
    expect(uk).toMatchObject({ status: 201, body: { name: 'UK', isDefault: false, attributeValues: { values: { region: 'uk' } } } });
    const ukId = String(field(uk.body, 'id'));

    const patched = await call('PATCH', `${base}/variants/${ukId}`, { isDefault: true, name: 'United Kingdom' });
    expect(patched).toEqual({
      status: 200,
      body: { id: ukId, name: 'United Kingdom', isDefault: true, attributeValues: { values: { region: 'uk' } } },
    });
    const variants = field((await call('GET', `${base}/variants`)).body, 'data');
    expect(Array.isArray(variants) && variants.filter((variant) => field(variant, 'isDefault') === true).length).toBe(1);

    const undefault = await call('PATCH', `${base}/variants/${ukId}`, { isDefault: false });
    expect(undefault.status).toBe(400);
    expect(field(undefault.body, 'errors', 0, 'field')).toBe('isDefault');
  });

  it('validates variant fields', async () => {
    const base = '/v1/agents/demo-agent/branches/main/variants/var_default';
    expect(field((await call('PATCH', base, { name: '' })).body, 'errors')).toEqual([{ field: 'name', message: 'must not be empty' }]);
    expect(field((await call('PATCH', base, { attributeValues: { values: { planet: 'mars' } } })).body, 'errors')).toEqual([
      { field: 'attributeValues.values.planet', message: 'is not an attribute of this branch' },
    ]);
    expect((await call('PATCH', base, { attributeValues: [] })).status).toBe(400);
    expect((await call('PATCH', base, { isDefault: 'yes' })).status).toBe(400);
    expect((await call('PATCH', base, {})).status).toBe(200);
  });
});

describe('deployments', () => {
  it('publishes the draft to sandbox, promotes it to pre-release and live, and rolls back to what ran before', async () => {
    const agentId = await newAgent();
    await call('PATCH', `/v1/agents/${agentId}/branches/main/behavior`, { behavior: 'v1' });
    const first = await call('POST', `/v1/agents/${agentId}/deployments/publish`, { environment: 'sandbox' });
    expect(first).toMatchObject({ status: 201, body: { state: 'sandbox', environments: ['sandbox'], behavior: 'v1' } });
    const firstId = String(field(first.body, 'id'));
    expect(firstId).toMatch(/^dep_[a-f0-9]+$/);
    expect(field((await call('POST', `/v1/agents/${agentId}/deployments/${firstId}/promote`)).body, 'state')).toBe('pre-release');
    const live = await call('POST', `/v1/agents/${agentId}/deployments/${firstId}/promote`);
    expect(live.body).toMatchObject({ state: 'live', environments: ['sandbox', 'pre-release', 'live'] });
    expect((await call('POST', `/v1/agents/${agentId}/deployments/${firstId}/promote`)).status).toBe(409);

    await call('PATCH', `/v1/agents/${agentId}/branches/main/behavior`, { behavior: 'v2' });
    const secondId = String(
      field((await call('POST', `/v1/agents/${agentId}/deployments/publish`, { environment: 'sandbox' })).body, 'id'),
    );
    // The older deployment no longer runs in sandbox; only what runs there moves on.
    expect((await call('GET', `/v1/agents/${agentId}`)).body).toMatchObject({
      environments: { sandbox: secondId, 'pre-release': firstId, live: firstId },
    });
    await call('POST', `/v1/agents/${agentId}/deployments/${secondId}/promote`);
    await call('POST', `/v1/agents/${agentId}/deployments/${secondId}/promote`);

    const rollback = await call('POST', `/v1/agents/${agentId}/deployments/${secondId}/rollback`);
    expect(rollback).toMatchObject({
      status: 200,
      body: { state: 'rolled_back', environments: [], restored: { sandbox: firstId, 'pre-release': firstId, live: firstId } },
    });
    expect((await call('POST', `/v1/agents/${agentId}/deployments/${secondId}/promote`)).status).toBe(409);
    expect((await call('POST', `/v1/agents/${agentId}/deployments/${secondId}/rollback`)).status).toBe(409);
    const list = await call('GET', `/v1/agents/${agentId}/deployments`);
    expect(field(list.body, 'data')).toEqual([
      expect.objectContaining({ id: firstId, state: 'live' }),
      expect.objectContaining({ id: secondId, state: 'rolled_back' }),
    ]);
    expect((await call('GET', `/v1/agents/${agentId}/deployments/${firstId}`)).body).toMatchObject({ id: firstId, revision: 1 });
  });

  it('publishes to sandbox only', async () => {
    const live = await call('POST', '/v1/agents/demo-agent/deployments/publish', { environment: 'live' });
    expect(live.status).toBe(400);
    expect(field(live.body, 'errors', 0, 'field')).toBe('environment');
    expect((await call('POST', '/v1/agents/demo-agent/deployments/publish', {})).status).toBe(400);
  });
});

describe('real-time configs and telephony connectors', () => {
  it('sets, merges and removes (null) variables per environment', async () => {
    const agentId = await newAgent();
    const path = `/v1/agents/${agentId}/real-time-configs/sandbox/variables`;
    expect((await call('PATCH', path, { variables: { openingHours: '9-5', discount: 10 } })).body).toEqual({
      segment: 'sandbox',
      variables: { openingHours: '9-5', discount: 10 },
    });
    expect((await call('PATCH', path, { variables: { discount: null, greeting: 'Hi!' } })).body).toEqual({
      segment: 'sandbox',
      variables: { openingHours: '9-5', greeting: 'Hi!' },
    });
    expect((await call('GET', `/v1/agents/${agentId}/real-time-configs/live/variables`)).body).toEqual({ segment: 'live', variables: {} });
    expect((await call('PATCH', `/v1/agents/${agentId}/real-time-configs/staging/variables`, { variables: {} })).status).toBe(404);
    expect((await call('PATCH', path, { variables: 'x' })).status).toBe(400);
    expect(field((await call('PATCH', path, { variables: { greeting: 5 } })).body, 'errors', 0, 'field')).toBe('variables.greeting');
    expect(field((await call('GET', `/v1/agents/${agentId}/real-time-configs`)).body, 'data')).toHaveLength(3);
    // At most 100 per environment; removing some in the same PATCH makes room.
    const many = Object.fromEntries(Array.from({ length: 98 }, (_, index) => [`v${index}`, index]));
    expect((await call('PATCH', path, { variables: many })).status).toBe(200);
    expect(field((await call('PATCH', path, { variables: { one: 1 } })).body, 'errors')).toEqual([
      { field: 'variables', message: 'an environment holds at most 100 variables' },
    ]);
    expect((await call('PATCH', path, { variables: { one: 1, v0: null } })).status).toBe(200);
  });

  it('lists the demo agent’s connectors and looks them up in a batch', async () => {
    const list = await call('GET', '/v1/agents/demo-agent/telephony/connectors');
    expect(field(list.body, 'data')).toEqual([expect.objectContaining({ connectorId: 'demo-voice-connector', disableHandoff: false })]);
    const batch = await call('POST', '/v1/agents/demo-agent/telephony/connectors/batch', {
      connectorIds: ['demo-voice-connector', 'nope'],
    });
    expect(batch.status).toBe(200);
    expect(field(batch.body, 'notFound')).toEqual(['nope']);
    expect(field(batch.body, 'found')).toEqual([
      {
        connectorId: 'demo-voice-connector',
        name: 'Demo voice line',
        accountId: 'demo-account',
        projectId: 'demo-project',
        clientEnv: 'live',
        variantId: 'var_default',
        asrLangCode: 'en-US',
        ttsLangCode: 'en-US',
        voiceName: 'en-US-Neural-F',
        disableHandoff: false,
      },
    ]);
    expect((await call('POST', '/v1/agents/demo-agent/telephony/connectors/batch', { connectorIds: [] })).status).toBe(400);
    expect((await call('POST', '/v1/agents/demo-agent/telephony/connectors/batch', { connectorIds: [1] })).status).toBe(400);
  });
});

describe('the demo agent reads what is deployed', () => {
  it('greets with the deployed Greeting line per environment, and a real-time greeting overrides it until removed', async () => {
    const definitions = server.model.agentDefinitions;
    const liveBefore = definitions.definitionFor('live').greeting;
    await call('PATCH', '/v1/agents/demo-agent/branches/main/behavior', { behavior: 'Be brief.\nGreeting: Welcome to the sandbox build' });
    const published = await call('POST', '/v1/agents/demo-agent/deployments/publish', { environment: 'sandbox' });
    expect(definitions.definitionFor('sandbox').greeting).toBe('Welcome to the sandbox build');
    expect(definitions.definitionFor('live').greeting).toBe(liveBefore);

    await call('PATCH', '/v1/agents/demo-agent/real-time-configs/sandbox/variables', { variables: { greeting: 'Flash sale today!' } });
    expect(definitions.definitionFor('sandbox')).toMatchObject({
      greeting: 'Flash sale today!',
      variables: { greeting: 'Flash sale today!' },
    });
    await call('PATCH', '/v1/agents/demo-agent/real-time-configs/sandbox/variables', { variables: { greeting: null } });
    expect(definitions.definitionFor('sandbox').greeting).toBe('Welcome to the sandbox build');

    await call('POST', `/v1/agents/demo-agent/deployments/${String(field(published.body, 'id'))}/rollback`);
    expect(definitions.definitionFor('sandbox').greeting).toBe(liveBefore);
  });
});

describe('bad input', () => {
  it('never answers 500, whatever the body', async () => {
    const bodies: unknown[] = [
      null,
      [],
      'text',
      42,
      { name: { nested: true } },
      { behavior: null },
      { variables: [] },
      { connectorIds: 'x' },
      '{',
    ];
    const routes: Array<[string, string]> = [
      ['POST', '/v1/agents'],
      ['POST', '/v1/agents/demo-agent/branches'],
      ['PATCH', '/v1/agents/demo-agent/branches/main/behavior'],
      ['POST', '/v1/agents/demo-agent/branches/main/knowledge-base/topics'],
      ['POST', '/v1/agents/demo-agent/branches/main/attributes'],
      ['POST', '/v1/agents/demo-agent/branches/main/variants'],
      ['PATCH', '/v1/agents/demo-agent/branches/main/variants/var_default'],
      ['POST', '/v1/agents/demo-agent/deployments/publish'],
      ['PATCH', '/v1/agents/demo-agent/real-time-configs/live/variables'],
      ['POST', '/v1/agents/demo-agent/telephony/connectors/batch'],
      ['GET', '/v1/agents/%E0%A4%A'],
    ];
    for (const [method, path] of routes) {
      for (const body of bodies) {
        const answer = await call(method, path, method === 'GET' ? undefined : typeof body === 'string' ? body : JSON.stringify(body));
        expect(answer.status, `${method} ${path} ${JSON.stringify(body)}`).toBeLessThan(500);
      }
    }
  });
});
