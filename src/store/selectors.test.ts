import { describe, expect, it } from 'vitest';
import { reduce } from './reducer';
import {
  selectCursor,
  selectFailedUserMessages,
  selectIsEnded,
  selectNeedsJoin,
  selectPendingUserMessages,
  selectUserMessage,
  takeNewCompleteMessages,
} from './selectors';
import { createInitialState, type StoreAction, type TranscriptItem } from './state';
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

  it("a reply echoing its question's client_event_id (server metadata) leaves the question waiting for its own echo", () => {
    const reply = { ...agentMessage(1, 'm1', 'answer'), clientEventId: 'q' };
    const s = run(send('q'), { type: 'server-events', events: [reply] });
    expect(selectUserMessage(s, 'q')?.status).toBe('sending');
    expect(s.items.filter((item) => item.kind === 'user')).toHaveLength(1);
    const echoed = run(send('q'), { type: 'server-events', events: [reply, userEcho(2, 'q', 'q')] });
    expect(selectUserMessage(echoed, 'q')?.status).toBe('sent');
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

describe('takeNewCompleteMessages', () => {
  const user = (key: string): TranscriptItem => ({ kind: 'user', key, clientEventId: key, text: key, status: 'sending', timestamp: '' });
  const agent = (key: string, streaming = false): TranscriptItem => ({
    kind: 'agent',
    key,
    messageId: key,
    text: key,
    attachments: [],
    suggestions: [],
    streaming,
    timestamp: '',
  });

  it('takes each complete message once: a user message at once, an agent message when its last chunk is in', () => {
    const seen = new Set<string>();
    const first = [user('u1'), agent('a1', true)];
    expect(takeNewCompleteMessages(first, undefined, seen).map((item) => item.key)).toEqual(['u1']);
    const second = [first[0]!, agent('a1'), { kind: 'system', key: 'n1', notice: { code: 'session-lost' }, timestamp: '' } as const];
    expect(takeNewCompleteMessages(second, first, seen).map((item) => item.key)).toEqual(['a1']);
    expect(takeNewCompleteMessages([...second], undefined, seen)).toEqual([]);
  });
});
