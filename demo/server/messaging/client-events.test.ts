import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { PlatformServer } from '../platform';
import { JOIN, newSession, startTestPlatform, str, type TestSession, TestSocket, userMessage } from '../test-kit';

let server: PlatformServer;
let session: TestSession;
let socket: TestSocket;
beforeAll(async () => {
  server = await startTestPlatform();
});
afterAll(() => server.close());
beforeEach(async () => {
  session = await newSession(server);
  socket = await TestSocket.connect(server, session);
  await socket.nextOfType('EVENT_TYPE_EVENT_BATCH');
  return () => socket.close();
});

const INVALID = 'Unknown event type or invalid message format';

async function expectSystemError(message: string, custom?: Record<string, unknown>): Promise<void> {
  const error = await socket.nextOfType('EVENT_TYPE_SYSTEM_MESSAGE');
  expect(error.payload).toEqual({ level: 'SYSTEM_MESSAGE_LEVEL_ERROR', message });
  // Every server event carries metadata; a frame whose custom could not be read echoes an empty one.
  expect(error.metadata).toEqual({ custom: custom ?? {} });
  // The socket stays open and keeps working.
  await socket.barrier();
}

describe('metadata on every server event', () => {
  it('events a client event caused echo its custom (a reply, the custom of the message it answers); the others carry an empty one', async () => {
    socket.send({ ...JOIN, metadata: { custom: { site: 'demo' } } });
    expect((await socket.nextOfType('EVENT_TYPE_SERVICE_AGENT_JOINED')).metadata).toEqual({ custom: { site: 'demo' } });
    expect((await socket.nextOfType('EVENT_TYPE_SERVICE_AGENT_MESSAGE')).metadata).toEqual({ custom: { site: 'demo' } });
    const custom = { client_event_id: 'q-1', page: 'pricing' };
    socket.send(userMessage('help', custom));
    expect((await socket.nextOfType('EVENT_TYPE_SERVICE_AGENT_THINKING')).metadata).toEqual({ custom });
    expect((await socket.nextOfType('EVENT_TYPE_SERVICE_AGENT_MESSAGE')).metadata).toEqual({ custom });

    const again = await TestSocket.connect(server, session);
    await again.barrier();
    const replayed = again.replayed();
    expect(replayed[0]).toMatchObject({ type: 'EVENT_TYPE_SESSION_START', metadata: { custom: {} } });
    expect(replayed.filter((event) => event.metadata === undefined)).toEqual([]);
    again.close();
  });
});

describe('echoes', () => {
  it('USER_MESSAGE is echoed into the journal with message_id and the client metadata.custom', async () => {
    socket.send(JOIN);
    await socket.nextOfType('EVENT_TYPE_SERVICE_AGENT_MESSAGE');
    const custom = { client_event_id: 'c-1', page: 'pricing', nested: { a: [1, 2] } };
    socket.send(userMessage('hello there', custom));
    const echo = await socket.nextOfType('EVENT_TYPE_USER_MESSAGE');
    expect(echo.payload['text']).toBe('hello there');
    expect(str(echo.payload['message_id'])).not.toBe('');
    expect(echo.metadata).toEqual({ custom });
    expect(echo.sequence).toEqual(expect.any(Number));
  });

  it('REQUEST_SERVICE_AGENT_JOIN is echoed with its metadata', async () => {
    socket.send({ ...JOIN, metadata: { custom: { site: 'demo' } } });
    const echo = await socket.nextOfType('EVENT_TYPE_REQUEST_SERVICE_AGENT_JOIN');
    expect(echo.metadata).toEqual({ custom: { site: 'demo' } });
    expect(echo.sequence).toEqual(expect.any(Number));
    expect(server.control.record().joins.some((join) => join.sessionId === session.sessionId)).toBe(true);
  });

  it('HEARTBEAT is echoed with an id and sequence null, and is not journaled', async () => {
    socket.send({ type: 'EVENT_TYPE_HEARTBEAT', payload: {}, metadata: { custom: { n: 1 } } });
    const echo = await socket.nextOfType('EVENT_TYPE_HEARTBEAT');
    expect(echo.sequence).toBeNull();
    expect(echo.id).not.toBe('');
    expect(echo.metadata).toEqual({ custom: { n: 1 } });
    const again = await TestSocket.connect(server, session);
    await again.barrier();
    expect(again.replayed().map((event) => event.type)).toEqual(['EVENT_TYPE_SESSION_START']);
    again.close();
  });

  it('USER_TYPING produces nothing visible but is recorded', async () => {
    socket.send({ type: 'EVENT_TYPE_USER_TYPING', payload: { state: 'TYPING_STATE_STARTED' } });
    await socket.barrier();
    expect(socket.live().map((event) => event.type)).toEqual(['EVENT_TYPE_HEARTBEAT']);
    const typing = server.control
      .record()
      .clientEvents.filter((event) => event.sessionId === session.sessionId && event.type === 'EVENT_TYPE_USER_TYPING');
    expect(typing).toEqual([expect.objectContaining({ payload: { state: 'TYPING_STATE_STARTED' } })]);
  });

  it('a user message before the join is echoed and answered with Error: Conversation not found', async () => {
    socket.send(userMessage('too early', { client_event_id: 'early' }));
    await socket.nextOfType('EVENT_TYPE_USER_MESSAGE');
    const error = await socket.nextOfType('EVENT_TYPE_SYSTEM_MESSAGE');
    expect(error.payload).toEqual({ level: 'SYSTEM_MESSAGE_LEVEL_ERROR', message: 'Error: Conversation not found' });
    expect(error.metadata).toEqual({ custom: { client_event_id: 'early' } });
  });
});

describe('invalid client frames earn an error system message; the socket stays open', () => {
  it('unparseable JSON', async () => {
    socket.sendRaw('{not json');
    await expectSystemError(INVALID);
  });

  it('frames that are not objects', async () => {
    for (const frame of ['[]', '"text"', '42', 'null']) {
      socket.sendRaw(frame);
      await expectSystemError(INVALID);
    }
  });

  it('an unknown type, with the metadata.custom echoed', async () => {
    socket.send({ type: 'EVENT_TYPE_WHATEVER', payload: {}, metadata: { custom: { id: 'x' } } });
    await expectSystemError(INVALID, { id: 'x' });
  });

  it('missing or wrongly typed fields', async () => {
    const frames: unknown[] = [
      { payload: {} },
      { type: 42, payload: {} },
      { type: 'EVENT_TYPE_HEARTBEAT' },
      { type: 'EVENT_TYPE_HEARTBEAT', payload: [] },
      { type: 'EVENT_TYPE_USER_MESSAGE', payload: {} },
      { type: 'EVENT_TYPE_USER_MESSAGE', payload: { text: 7 } },
      { type: 'EVENT_TYPE_USER_TYPING', payload: { state: 'TYPING' } },
      { type: 'EVENT_TYPE_HEARTBEAT', payload: {}, metadata: 'x' },
      { type: 'EVENT_TYPE_HEARTBEAT', payload: {}, metadata: { custom: [] } },
    ];
    for (const frame of frames) {
      socket.send(frame);
      await expectSystemError(INVALID);
    }
  });

  it('a server-only type: Event type not allowed', async () => {
    for (const type of ['EVENT_TYPE_SESSION_END', 'EVENT_TYPE_SERVICE_AGENT_MESSAGE', 'EVENT_TYPE_EVENT_BATCH']) {
      socket.send({ type, payload: {}, metadata: { custom: { why: type } } });
      await expectSystemError(`Event type not allowed: ${type}`, { why: type });
    }
  });

  it('a binary frame', async () => {
    socket.sendRaw(Buffer.from(JSON.stringify({ type: 'EVENT_TYPE_HEARTBEAT', payload: {} })), true);
    await expectSystemError(INVALID);
  });

  it('frame errors are not journaled', async () => {
    socket.sendRaw('nope');
    await expectSystemError(INVALID);
    const again = await TestSocket.connect(server, session);
    await again.barrier();
    expect(again.replayed().map((event) => event.type)).toEqual(['EVENT_TYPE_SESSION_START']);
    again.close();
  });
});

describe('128 KB message limit', () => {
  const frameOf = (size: number): string => {
    const empty = JSON.stringify(userMessage('', { client_event_id: 'big' }));
    return JSON.stringify(userMessage('x'.repeat(size - empty.length), { client_event_id: 'big' }));
  };

  it('a frame over 131072 bytes is answered with an error and not processed', async () => {
    const frame = frameOf(131073);
    expect(Buffer.byteLength(frame)).toBe(131073);
    socket.sendRaw(frame);
    await expectSystemError('Message exceeds maximum size of 131072 bytes');
    expect(socket.live().some((event) => event.type === 'EVENT_TYPE_USER_MESSAGE')).toBe(false);
  });

  it('a frame of exactly 131072 bytes is accepted', async () => {
    socket.send(JOIN);
    await socket.nextOfType('EVENT_TYPE_SERVICE_AGENT_MESSAGE');
    socket.sendRaw(frameOf(131072));
    const echo = await socket.nextOfType('EVENT_TYPE_USER_MESSAGE');
    expect(echo.metadata).toEqual({ custom: { client_event_id: 'big' } });
  });
});

describe('END_SESSION', () => {
  it('echo, SESSION_END REASON_USER_END, then the server closes the socket', async () => {
    socket.send({ type: 'EVENT_TYPE_USER_END_SESSION', payload: {}, metadata: { custom: { k: 1 } } });
    const echo = await socket.nextOfType('EVENT_TYPE_USER_END_SESSION');
    expect(echo.metadata).toEqual({ custom: { k: 1 } });
    const end = await socket.nextOfType('EVENT_TYPE_SESSION_END');
    expect(end.payload).toEqual({ reason: 'REASON_USER_END' });
    expect(end.sequence).toBe((echo.sequence ?? 0) + 1);
    expect((await socket.closed).code).toBe(1000);
  });

  it('a reconnect after the end replays the end and is closed; nothing more is accepted', async () => {
    socket.send({ type: 'EVENT_TYPE_USER_END_SESSION', payload: {} });
    await socket.closed;
    const again = await TestSocket.connect(server, session);
    await again.nextOfType('EVENT_TYPE_EVENT_BATCH');
    expect(again.replayed().at(-1)?.type).toBe('EVENT_TYPE_SESSION_END');
    expect((await again.closed).code).toBe(1000);
    expect(again.live()).toEqual([]);
  });
});
