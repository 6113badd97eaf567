// A "Call me" call from a chat, on the double: its VOICE-SIP record holds what was said, and when
// it ends the demo agent tells the chat (metadata `chat_session_id`) about it.
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { PlatformServer } from '../platform';
import { JOIN, newSession, rec, request, startTestPlatform, str, TestSocket } from '../test-kit';

let server: PlatformServer;
beforeAll(async () => {
  server = await startTestPlatform({ telephony: { stepMs: 20, callMs: 60 } });
});
afterAll(() => server.close());

const AUTH = { 'X-Service-Auth-Token': 'demo-outbound-token', 'Content-Type': 'application/json' };

describe('the call back in the chat', () => {
  it('records the call’s turns and the agent refers to the call in the chat once it ends', async () => {
    const session = await newSession(server);
    const socket = await TestSocket.connect(server, session);
    socket.send(JOIN);
    await socket.nextOfType('EVENT_TYPE_SERVICE_AGENT_MESSAGE');
    const chatTurns = JSON.stringify([{ author: 'user', text: 'Can I change my delivery address?' }]);
    const answer = await request(`${server.url}/v1/outbound-calling`, {
      headers: AUTH,
      body: JSON.stringify({ to_number: '+12025550100', metadata: { chat_session_id: session.sessionId, chat_turns: chatTurns } }),
    });
    const sid = str(rec(answer.body)['call_sid']);

    const note = await socket.next(
      (event) => event.type === 'EVENT_TYPE_SERVICE_AGENT_MESSAGE' && String(event.payload['text']).startsWith('Thanks for the call'),
      5000,
    );
    expect(note.payload['text']).toContain('Can I change my delivery address?');

    const call = server.model.conversations.ordered().find((record) => record.state['call_sid'] === sid);
    expect(call?.channel).toBe('VOICE-SIP');
    expect(call?.endedAt).toBeDefined();
    expect(call?.turns.map((turn) => turn.userInput)).toEqual([
      '',
      'Hello, I am calling about my question in the chat: Can I change my delivery address?',
    ]);
    expect(call?.turns[1]?.agentResponse).not.toBe('');
    // The note is a turn of the chat's record too.
    await vi.waitFor(() => {
      const chat = server.model.conversations.get(session.sessionId);
      expect(chat?.turns.at(-1)?.agentResponse).toContain('Thanks for the call');
    });
    socket.close();
  });

  it('a call without a chat session ends without telling anyone', async () => {
    const answer = await request(`${server.url}/v1/outbound-calling`, {
      headers: AUTH,
      body: JSON.stringify({ to_number: '+12025550100' }),
    });
    const sid = str(rec(answer.body)['call_sid']);
    await vi.waitFor(() => {
      const call = server.model.conversations.ordered().find((record) => record.state['call_sid'] === sid);
      expect(call?.endedAt).toBeDefined();
      expect(call?.turns[1]?.userInput).toBe('Hello, I asked for a call from the chat on your website.');
    });
  });
});
