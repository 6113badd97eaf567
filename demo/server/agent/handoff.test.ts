import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PlatformServer } from '../platform';
import { JOIN, newSession, startTestPlatform, TestSocket, userMessage } from '../test-kit';

let server: PlatformServer;
beforeAll(async () => {
  server = await startTestPlatform();
});
afterAll(() => server.close());

async function joined(): Promise<{ socket: TestSocket; session: Awaited<ReturnType<typeof newSession>> }> {
  const session = await newSession(server);
  const socket = await TestSocket.connect(server, session);
  socket.send(JOIN);
  await socket.nextOfType('EVENT_TYPE_SERVICE_AGENT_MESSAGE');
  return { socket, session };
}

/** Types of the live frames from `startIndex` up to and including the frame `last`. */
const typesBetween = (socket: TestSocket, startIndex: number, last: { id: string }): string[] => {
  const live = socket.live();
  const end = live.findIndex((event) => event.id === last.id);
  return live.slice(startIndex, end + 1).map((event) => event.type);
};

describe('server-managed handoff', () => {
  it('queue, live agent joins, typing (transient), messages, replies; bye → LIVE_AGENT_LEFT and natural end', async () => {
    const { socket, session } = await joined();
    const start = socket.live().length;
    socket.send(userMessage('I want to talk to a human'));
    const greeting = await socket.nextOfType('EVENT_TYPE_LIVE_AGENT_MESSAGE');
    expect(typesBetween(socket, start, greeting)).toEqual([
      'EVENT_TYPE_USER_MESSAGE',
      'EVENT_TYPE_SERVICE_AGENT_THINKING',
      'EVENT_TYPE_SERVICE_AGENT_MESSAGE',
      'EVENT_TYPE_SERVICE_AGENT_TRIGGERED_HANDOFF',
      'EVENT_TYPE_HANDOFF_ACCEPTED',
      'EVENT_TYPE_HANDOFF_QUEUE_STATUS',
      'EVENT_TYPE_HANDOFF_QUEUE_STATUS',
      'EVENT_TYPE_HANDOFF_QUEUE_STATUS',
      'EVENT_TYPE_SERVICE_AGENT_LEFT',
      'EVENT_TYPE_LIVE_AGENT_JOINED',
      'EVENT_TYPE_LIVE_AGENT_TYPING',
      'EVENT_TYPE_LIVE_AGENT_MESSAGE',
    ]);
    const live = socket.live().slice(start);
    const queue = live.filter((event) => event.type === 'EVENT_TYPE_HANDOFF_QUEUE_STATUS').map((event) => event.payload);
    expect(queue).toEqual([
      { queue_name: 'support', position_in_queue: 3, estimated_wait_seconds: 90 },
      { queue_name: 'support', position_in_queue: 2, estimated_wait_seconds: 60 },
      { queue_name: 'support', position_in_queue: 1, estimated_wait_seconds: 30 },
    ]);
    const joinedAgent = live.find((event) => event.type === 'EVENT_TYPE_LIVE_AGENT_JOINED');
    expect(joinedAgent?.payload).toEqual({
      agent: { id: 'live-agent-sam', name: 'Sam', avatar_url: expect.stringMatching(/\/demo\/live-agent\.svg$/) },
    });
    const typing = live.find((event) => event.type === 'EVENT_TYPE_LIVE_AGENT_TYPING');
    expect(typing).toMatchObject({ sequence: null, payload: { state: 'TYPING_STATE_STARTED', agent_id: 'live-agent-sam' } });
    expect(greeting.payload).toEqual({
      message_id: expect.any(String),
      agent_id: 'live-agent-sam',
      text: expect.any(String),
      attachments: [],
      response_suggestions: [],
    });
    const stopped = await socket.nextOfType('EVENT_TYPE_LIVE_AGENT_TYPING');
    expect(stopped).toMatchObject({ sequence: null, payload: { state: 'TYPING_STATE_STOPPED' } });

    // User messages now reach the live agent, not the service agent.
    socket.send(userMessage('my order is late'));
    await socket.nextOfType('EVENT_TYPE_USER_MESSAGE');
    expect((await socket.next((event) => event.type !== 'EVENT_TYPE_SERVICE_AGENT_THINKING')).payload).toMatchObject({
      state: 'TYPING_STATE_STARTED',
    });
    const reply = await socket.nextOfType('EVENT_TYPE_LIVE_AGENT_MESSAGE');
    expect(reply.payload['text']).toContain('my order is late');

    socket.send(userMessage('thanks, bye'));
    await socket.nextOfType('EVENT_TYPE_LIVE_AGENT_MESSAGE');
    await socket.nextOfType('EVENT_TYPE_LIVE_AGENT_LEFT');
    const end = await socket.nextOfType('EVENT_TYPE_SESSION_END');
    expect(end.payload).toEqual({ reason: 'REASON_NATURAL_END' });
    await socket.closed;

    // Typing indicators are transient: absent from the history.
    const replay = await TestSocket.connect(server, session);
    await replay.nextOfType('EVENT_TYPE_EVENT_BATCH');
    await replay.closed;
    const history = replay.replayed();
    expect(history.some((event) => event.type === 'EVENT_TYPE_LIVE_AGENT_TYPING')).toBe(false);
    expect(history.filter((event) => event.type === 'EVENT_TYPE_LIVE_AGENT_MESSAGE')).toHaveLength(3);
    const sequences = history.map((event) => event.sequence ?? 0);
    expect(sequences).toEqual(sequences.map((_, index) => index + 1));
  });

  it('messages sent while queued get no reply from either agent', async () => {
    const { socket } = await joined();
    socket.send(userMessage('human please'));
    await socket.nextOfType('EVENT_TYPE_SERVICE_AGENT_TRIGGERED_HANDOFF');
    socket.send(userMessage('are you there?'));
    await socket.nextOfType('EVENT_TYPE_LIVE_AGENT_MESSAGE');
    const afterTrigger = socket
      .live()
      .slice(socket.live().findIndex((event) => event.type === 'EVENT_TYPE_SERVICE_AGENT_TRIGGERED_HANDOFF'));
    expect(afterTrigger.filter((event) => event.type === 'EVENT_TYPE_SERVICE_AGENT_MESSAGE')).toEqual([]);
    expect(afterTrigger.filter((event) => event.type === 'EVENT_TYPE_LIVE_AGENT_MESSAGE')).toHaveLength(1);
    socket.close();
  });
});

describe('handoffs that do not reach a live agent', () => {
  it('handoff fail → TRIGGERED_HANDOFF, HANDOFF_FAILED, then the service agent carries on', async () => {
    const { socket } = await joined();
    socket.send(userMessage('handoff fail'));
    await socket.nextOfType('EVENT_TYPE_SERVICE_AGENT_TRIGGERED_HANDOFF');
    const failed = await socket.nextOfType('EVENT_TYPE_HANDOFF_FAILED');
    expect(failed.payload).toEqual({});
    await socket.nextOfType('EVENT_TYPE_SERVICE_AGENT_THINKING');
    await socket.nextOfType('EVENT_TYPE_SERVICE_AGENT_MESSAGE');
    // Back with the service agent: a plain message gets a service-agent reply.
    socket.send(userMessage('hello again'));
    await socket.nextOfType('EVENT_TYPE_SERVICE_AGENT_THINKING');
    expect((await socket.nextOfType('EVENT_TYPE_SERVICE_AGENT_MESSAGE')).payload['text']).toContain('hello again');
    socket.close();
  });

  it('handoff timeout → accepted, queued, HANDOFF_TIMEOUT, then the service agent carries on', async () => {
    const { socket } = await joined();
    socket.send(userMessage('handoff timeout'));
    await socket.nextOfType('EVENT_TYPE_SERVICE_AGENT_TRIGGERED_HANDOFF');
    await socket.nextOfType('EVENT_TYPE_HANDOFF_ACCEPTED');
    const queued = await socket.nextOfType('EVENT_TYPE_HANDOFF_QUEUE_STATUS');
    expect(queued.payload).toMatchObject({ position_in_queue: 1 });
    await socket.nextOfType('EVENT_TYPE_HANDOFF_TIMEOUT');
    await socket.nextOfType('EVENT_TYPE_SERVICE_AGENT_MESSAGE');
    expect(socket.frames.some((event) => event.type === 'EVENT_TYPE_LIVE_AGENT_JOINED')).toBe(false);
    socket.close();
  });
});
