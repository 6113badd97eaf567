import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PlatformServer } from '../platform';
import { startTestPlatform } from '../test-kit';
import { PlatformModel } from './platform-model';
import { answeredTurn } from './test-turns';

describe('PlatformModel.metricsInWindow', () => {
  it('counts turns answered, conversations started and incidents inside [from, to) per project', () => {
    const model = new PlatformModel();
    const base = Date.UTC(2026, 0, 1);
    const first = model.startConversation({ id: 'a', projectId: 'demo-project', environment: 'live', channel: 'CHAT', startedAt: base });
    model.addTurn(first.id, answeredTurn(base + 1_000, 120));
    model.addTurn(first.id, answeredTurn(base + 70_000, 300));
    model.startConversation({ id: 'b', projectId: 'private-project', environment: 'live', channel: 'WEBCHAT', startedAt: base + 5_000 });
    model.recordIncident('api_error', 'PROJECT-demo0001', base + 2_000);
    model.recordIncident('api_error', undefined, base + 3_000);
    model.recordIncident('function_error', 'demo-project', base + 61_000);
    model.recordIncident('call_crash', 'demo-project', base + 4_000);

    expect(model.metricsInWindow({ accountId: 'demo-account', from: base, to: base + 60_000, projectId: 'demo-project' })).toEqual({
      turnLatenciesMs: [120],
      apiErrors: 1,
      functionErrors: 0,
      callCrashes: 1,
      callVolume: 1,
    });
    expect(model.metricsInWindow({ accountId: 'demo-account', from: base, to: base + 120_000 })).toEqual({
      turnLatenciesMs: [120, 300],
      apiErrors: 2,
      functionErrors: 1,
      callCrashes: 1,
      callVolume: 2,
    });
    // Another account sees its own incidents, and none of the demo account's figures.
    model.recordIncident('api_error', undefined, base + 3_000, 'other-account');
    expect(model.metricsInWindow({ accountId: 'other-account', from: base, to: base + 120_000 })).toEqual({
      turnLatenciesMs: [],
      apiErrors: 1,
      functionErrors: 0,
      callCrashes: 0,
      callVolume: 0,
    });
    expect(model.metricsInWindow({ accountId: 'demo-account', from: base, to: base + 120_000 }).apiErrors).toBe(2);
  });

  it('keeps records in start order when an older one arrives late', () => {
    const model = new PlatformModel();
    model.startConversation({ id: 'late', projectId: 'demo-project', environment: 'live', channel: 'CHAT', startedAt: 2_000 });
    model.startConversation({ id: 'early', projectId: 'demo-project', environment: 'live', channel: 'CHAT', startedAt: 1_000 });
    expect(model.conversations.ordered().map((record) => record.id)).toEqual(['early', 'late']);
  });
});

describe('api errors on the real server', () => {
  let server: PlatformServer;
  beforeAll(async () => {
    server = await startTestPlatform();
  });
  afterAll(() => server.close());

  it('counts every 4xx/5xx of a public route, not static files', async () => {
    const from = Date.now();
    await fetch(`${server.url}/v1/demo-account/demo-project/chat/create`, { method: 'POST' });
    await fetch(`${server.url}/api/v1/access-token`, { method: 'POST' });
    await fetch(`${server.url}/no-such-file.png`);
    const metrics = server.model.metricsInWindow({ accountId: 'demo-account', from, to: Date.now() + 1, projectId: 'demo-project' });
    expect(metrics.apiErrors).toBe(2);
  });

  it("counts a build-host error for the account of the key that caused it, not the demo account's", async () => {
    const from = Date.now();
    await fetch(`${server.url}/v1/alert-rules/ar_0000`, { headers: { 'x-api-key': 'other-workspace-key' } });
    const to = Date.now() + 1;
    expect(server.model.metricsInWindow({ accountId: 'other-account', from, to }).apiErrors).toBe(1);
    expect(server.model.metricsInWindow({ accountId: 'demo-account', from, to }).apiErrors).toBe(0);
  });
});
