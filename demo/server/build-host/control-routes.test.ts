// The build host's test controls over HTTP: mounted only with `control: true`, loopback only,
// validated bodies; the reply delay really lengthens the agent's turns.

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PlatformServer } from '../platform';
import { JOIN, newSession, startTestPlatform, TestSocket, userMessage } from '../test-kit';

let server: PlatformServer;

beforeAll(async () => {
  server = await startTestPlatform({ control: true });
});
afterAll(() => server.close());

const post = (path: string, body: unknown, headers: Record<string, string> = {}) =>
  fetch(`${server.url}/__control/build/${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...headers },
    body: JSON.stringify(body),
  });

describe('build host controls', () => {
  it('sets the agent reply delay and refuses bad values', async () => {
    const response = await post('agentReplyDelay', { ms: 250 });
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ ms: 250 });
    expect(server.buildHost.agentReplyDelay.extraMs).toBe(250);
    for (const ms of [-1, 'slow', 60_001, null]) expect((await post('agentReplyDelay', { ms })).status).toBe(400);
    expect((await post('agentReplyDelay', { ms: 0 })).status).toBe(200);
    expect(server.buildHost.agentReplyDelay.extraMs).toBe(0);
  });

  it("lengthens every agent turn by the delay: the turn records' latencies grow by it", async () => {
    await post('agentReplyDelay', { ms: 300 });
    const session = await newSession(server);
    const socket = await TestSocket.connect(server, session);
    try {
      socket.send(JOIN);
      await socket.nextOfType('EVENT_TYPE_SERVICE_AGENT_MESSAGE');
      socket.send(userMessage('how slow are you?'));
      await socket.nextOfType('EVENT_TYPE_SERVICE_AGENT_MESSAGE');
      await post('agentReplyDelay', { ms: 0 });
      socket.send(userMessage('and now?'));
      await socket.nextOfType('EVENT_TYPE_SERVICE_AGENT_MESSAGE');
      // The record is written once the reply is out; wait for all three turns.
      await expect.poll(() => server.model.conversations.get(session.sessionId)?.turns.length).toBe(3);
      const latencies = server.model.conversations.get(session.sessionId)?.turns.map((turn) => turn.latencyMs) ?? [];
      expect(latencies[0]).toBeGreaterThanOrEqual(300);
      expect(latencies[1]).toBeGreaterThanOrEqual(300);
      expect(latencies[2]).toBeLessThan(300);
    } finally {
      socket.close();
    }
  });

  it('evaluates on demand and serves the delivery log; unknown names 404, wrong methods 405, pages 403', async () => {
    expect((await post('evaluateAlerts', {})).status).toBe(200);
    const log = await fetch(`${server.url}/__control/build/deliveries`);
    expect(await log.json()).toEqual({ attempts: [] });
    expect((await post('nothing', {})).status).toBe(404);
    expect((await post('deliveries', {})).status).toBe(405);
    expect((await post('agentReplyDelay', { ms: 1 }, { origin: 'https://evil.example' })).status).toBe(403);
  });

  it('are not mounted without the control flag', async () => {
    const plain = await startTestPlatform();
    try {
      expect((await fetch(`${plain.url}/__control/build/deliveries`)).status).toBe(404);
    } finally {
      await plain.close();
    }
  });
});
