import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PlatformServer } from '../platform';
import { batchEvents, newSession, startTestPlatform, type TestSession, TestSocket, userMessage, type WireEvent } from '../test-kit';

let server: PlatformServer;
beforeAll(async () => {
  server = await startTestPlatform({ replayBatchSize: 4 });
});
afterAll(() => server.close());

/** Before the join, each user message yields its echo and a "Conversation not found" error: two events, no timers. */
async function sessionWithEvents(messages: number): Promise<{ session: TestSession; last: number }> {
  const session = await newSession(server);
  const socket = await TestSocket.connect(server, session);
  let last = 1;
  for (let index = 0; index < messages; index += 1) {
    socket.send(userMessage(`m${index}`));
    const error = await socket.nextOfType('EVENT_TYPE_SYSTEM_MESSAGE');
    last = error.sequence ?? last;
  }
  socket.close();
  return { session, last };
}

async function replayWith(session: TestSession, cursor?: string): Promise<{ batches: WireEvent[][]; socket: TestSocket }> {
  const socket = await TestSocket.connect(server, session, cursor);
  await socket.barrier();
  const batches = socket.frames.filter((frame) => frame.type === 'EVENT_TYPE_EVENT_BATCH').map(batchEvents);
  return { batches, socket };
}

describe('replay on connect', () => {
  it('a new session replays SESSION_START as sequence 1, in one batch envelope with sequence null', async () => {
    const session = await newSession(server);
    const socket = await TestSocket.connect(server, session);
    const batch = await socket.nextOfType('EVENT_TYPE_EVENT_BATCH');
    expect(batch.sequence).toBeNull();
    const events = batchEvents(batch);
    expect(events.map((event) => [event.sequence, event.type])).toEqual([[1, 'EVENT_TYPE_SESSION_START']]);
    socket.close();
  });

  it('splits a long history into batches of replayBatchSize, in sequence order', async () => {
    const { session, last } = await sessionWithEvents(4); // 1 + 4 × 2 = 9 events
    expect(last).toBe(9);
    const { batches, socket } = await replayWith(session);
    expect(batches.map((batch) => batch.length)).toEqual([4, 4, 1]);
    expect(batches.flat().map((event) => event.sequence)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9]);
    socket.close();
  });

  it('replays only events after a seq:<n> cursor', async () => {
    const { session } = await sessionWithEvents(3); // 7 events
    const { batches, socket } = await replayWith(session, 'seq:5');
    expect(batches.flat().map((event) => event.sequence)).toEqual([6, 7]);
    socket.close();
  });

  it('accepts a bare integer cursor', async () => {
    const { session } = await sessionWithEvents(3);
    const { batches, socket } = await replayWith(session, '4');
    expect(batches.flat().map((event) => event.sequence)).toEqual([5, 6, 7]);
    socket.close();
  });

  it('replays everything for an unparseable cursor instead of rejecting', async () => {
    const { session } = await sessionWithEvents(1); // 3 events
    for (const cursor of ['garbage', 'seq:', 'seq:abc', '-1', 'seq:-2', '1.5', '']) {
      const { batches, socket } = await replayWith(session, cursor);
      expect(
        batches.flat().map((event) => event.sequence),
        cursor,
      ).toEqual([1, 2, 3]);
      socket.close();
    }
  });

  it('sends one empty batch when there is nothing to replay', async () => {
    const { session, last } = await sessionWithEvents(1);
    for (const cursor of [`seq:${last}`, `seq:${last + 50}`]) {
      const { batches, socket } = await replayWith(session, cursor);
      expect(batches).toEqual([[]]);
      socket.close();
    }
  });

  it('replayed events are exactly the journaled ones (ids stable across replays)', async () => {
    const { session } = await sessionWithEvents(2);
    const first = await replayWith(session);
    const second = await replayWith(session, 'seq:2');
    const firstById = first.batches.flat().slice(2);
    expect(second.batches.flat()).toEqual(firstById);
    first.socket.close();
    second.socket.close();
  });

  it('fans every live event out to all open sockets of the session', async () => {
    const session = await newSession(server);
    const a = await TestSocket.connect(server, session);
    const b = await TestSocket.connect(server, session);
    a.send(userMessage('hello from a', { client_event_id: 'fan-1' }));
    const [echoA, echoB] = await Promise.all([a.nextOfType('EVENT_TYPE_USER_MESSAGE'), b.nextOfType('EVENT_TYPE_USER_MESSAGE')]);
    expect(echoB).toEqual(echoA);
    a.close();
    b.close();
  });
});
