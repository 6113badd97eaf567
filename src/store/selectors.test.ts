import { describe, expect, it } from 'vitest';
import { reduce } from './reducer';
import {
  selectCursor,
  selectFailedUserMessages,
  selectIsEnded,
  selectNeedsJoin,
  selectPendingUserMessages,
  selectUserMessage,
} from './selectors';
import { createInitialState, type StoreAction } from './state';
import { agentMessage, chunk, ev, userEcho } from './testing/events';

const run = (...actions: StoreAction[]) => actions.reduce(reduce, createInitialState());
const send = (clientEventId: string): StoreAction => ({ type: 'user-send', clientEventId, text: clientEventId, timestamp: 't' });

describe('selectors', () => {
  it('pending user messages in send order, cached per items array', () => {
    const s = run(
      send('a'),
      send('b'),
      send('c'),
      { type: 'server-events', events: [userEcho(1, 'b', 'b')] },
      { type: 'user-failed', clientEventId: 'c' },
    );
    expect(selectPendingUserMessages(s).map((m) => m.key)).toEqual(['a']);
    expect(selectPendingUserMessages(s)).toBe(selectPendingUserMessages(s));
    expect(selectFailedUserMessages(s).map((m) => m.key)).toEqual(['c']);
    expect(selectUserMessage(s, 'b')?.status).toBe('sent');
  });

  it('cursor: the last applied sequence', () => {
    const s = run({ type: 'server-events', events: [agentMessage(1, 'm1', 'one'), chunk(2, 'm2', 1, 'two'), userEcho(3, 'c', 'q')] });
    expect(selectCursor(s)).toBe('seq:3');
    expect(selectCursor(createInitialState())).toBe('seq:0');
  });

  it('needs join until SERVICE_AGENT_JOINED; ended', () => {
    let s = run({ type: 'server-events', events: [ev({ type: 'EVENT_TYPE_REQUEST_SERVICE_AGENT_JOIN' }, 1)] });
    expect(selectNeedsJoin(s)).toBe(true);
    s = reduce(s, { type: 'server-events', events: [ev({ type: 'EVENT_TYPE_SERVICE_AGENT_JOINED', agentName: 'A' }, 2)] });
    expect(selectNeedsJoin(s)).toBe(false);
    expect(selectIsEnded(s)).toBe(false);
    s = reduce(s, { type: 'server-events', events: [ev({ type: 'EVENT_TYPE_SESSION_END', reason: 'REASON_USER_ABANDONED' }, 3)] });
    expect(selectIsEnded(s)).toBe(true);
  });
});
