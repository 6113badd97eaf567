import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { PlatformServer } from '../platform';
import { JOIN, newSession, rec, request, startTestPlatform, str, TestSocket, userMessage } from '../test-kit';
import { GREETING } from './demo-content';

let server: PlatformServer;
beforeAll(async () => {
  server = await startTestPlatform();
});
afterAll(() => server.close());

const CHAT_HEADERS = { 'X-API-KEY': 'demo-api-key', 'X-TOKEN': 'demo-connector-token', 'Content-Type': 'application/json' };
const chat = (operation: string, body: unknown, method = 'POST') =>
  request(`${server.url}/v1/demo-account/demo-project/chat/${operation}`, { method, headers: CHAT_HEADERS, body: JSON.stringify(body) });

describe('one turn record per user turn', () => {
  it('Messaging: the join leaves a greeting turn, each message one turn with intents and latency', async () => {
    const session = await newSession(server);
    const socket = await TestSocket.connect(server, session);
    socket.send(JOIN);
    await socket.nextOfType('EVENT_TYPE_SERVICE_AGENT_MESSAGE');
    socket.send(userMessage('show me a link'));
    await socket.nextOfType('EVENT_TYPE_SERVICE_AGENT_MESSAGE');
    socket.send(userMessage('what is the weather'));
    await socket.nextOfType('EVENT_TYPE_SERVICE_AGENT_MESSAGE');

    const record = server.model.conversations.get(session.sessionId);
    await vi.waitFor(() => expect(record?.turns).toHaveLength(3));
    expect(record?.channel).toBe('WEBCHAT');
    expect(record?.environment).toBe('live');
    const [greeting, link, plain] = record?.turns ?? [];
    expect(greeting).toMatchObject({ userInput: '', agentResponse: GREETING, intents: ['greeting'] });
    expect(link).toMatchObject({ userInput: 'show me a link', intents: ['show_link'], isOod: false });
    expect(link?.agentResponse).toContain('article');
    expect(link?.latencyMs).toBe((link?.agentResponseAt ?? 0) - (link?.userInputAt ?? 0));
    expect(link?.latencyMs).toBeGreaterThan(0);
    expect(plain).toMatchObject({ userInput: 'what is the weather', intents: [], isOod: true });
    socket.close();
  });

  it('Messaging: the live agent answers are turns too, and the handoff is on the record', async () => {
    const session = await newSession(server);
    const socket = await TestSocket.connect(server, session);
    socket.send(JOIN);
    await socket.nextOfType('EVENT_TYPE_SERVICE_AGENT_MESSAGE');
    socket.send(userMessage('talk to a human'));
    await socket.nextOfType('EVENT_TYPE_LIVE_AGENT_MESSAGE');
    socket.send(userMessage('bye'));
    await socket.nextOfType('EVENT_TYPE_SESSION_END');
    const record = server.model.conversations.get(session.sessionId);
    await vi.waitFor(() => expect(record?.turns).toHaveLength(3));
    expect(record?.handoff).toMatchObject({ reason: 'USER_REQUESTED', destination: 'support' });
    expect(record?.turns[1]?.intents).toEqual(['handoff']);
    expect(record?.turns[2]).toMatchObject({ userInput: 'bye', intents: ['goodbye'] });
    expect(record?.endedAt).toBeDefined();
  });

  it('Chat REST: create and each respond leave one turn; close ends the record', async () => {
    const created = await chat('create', { integration_attributes: { plan: 'gold' } });
    const id = str(rec(created.body)['conversation_id']);
    await chat('respond', { conversation_id: id, message: 'language fr' });
    await chat('respond', { conversation_id: id });
    const record = server.model.conversations.get(id);
    expect(record?.channel).toBe('CHAT');
    expect(record?.state['integration_attributes']).toEqual({ plan: 'gold' });
    expect(record?.turns.map((turn) => turn.intents)).toEqual([['greeting'], ['change_language'], []]);
    expect(record?.turns[1]?.entities).toEqual({ language: 'fr' });
    expect(record?.turns[2]?.isSilence).toBe(true);
    expect(record?.endedAt).toBeUndefined();
    await chat('close', { conversation_id: id }, 'PUT');
    expect(record?.endedAt).toBeDefined();
  });
});
