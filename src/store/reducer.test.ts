import { describe, expect, it } from 'vitest';
import type { ServerEvent } from '../protocol/types';
import { reduce } from './reducer';
import { isApplied } from './selectors';
import { type AgentMessage, createInitialState, type NoticeItem, type StoreAction, type UserMessage, type WebchatState } from './state';
import { agentMessage, at, chunk, ev, link, suggestion, userEcho } from './testing/events';

const apply = (state: WebchatState, ...events: ServerEvent[]) => reduce(state, { type: 'server-events', events });
const run = (...actions: StoreAction[]) => actions.reduce(reduce, createInitialState());
const events = (...list: ServerEvent[]): StoreAction => ({ type: 'server-events', events: list });
const send = (clientEventId: string, text = 'hi'): StoreAction => ({ type: 'user-send', clientEventId, text, timestamp: 'local' });

const users = (s: WebchatState) => s.items.filter((i): i is UserMessage => i.kind === 'user');
const agents = (s: WebchatState) => s.items.filter((i): i is AgentMessage => i.kind === 'agent' || i.kind === 'live-agent');
const notices = (s: WebchatState) => s.items.filter((i): i is NoticeItem => i.kind === 'system').map((i) => i.notice);
const keys = (s: WebchatState) => s.items.map((i) => i.key);
const appliedIdsOf = (s: WebchatState) => [...s.appliedIds.base, ...s.appliedIds.recent];

describe('dedupe and order', () => {
  it('applies an event once however often it arrives', () => {
    const m = agentMessage(3, 'm1', 'hello');
    const s = apply(apply(createInitialState(), m, m), m);
    expect(agents(s)).toHaveLength(1);
    expect(s.agentMessageCount).toBe(1);
    expect(appliedIdsOf(s)).toEqual(['e3']);
  });

  it('returns the same state when every event was already applied', () => {
    const m = agentMessage(3, 'm1', 'hello');
    const s = apply(createInitialState(), m);
    expect(apply(s, m)).toBe(s);
    expect(reduce(s, { type: 'server-events', events: [] })).toBe(s);
  });

  it('keeps lastSequence at the maximum and ignores unsequenced events for it', () => {
    const s = apply(
      createInitialState(),
      agentMessage(7, 'a', 'x'),
      agentMessage(4, 'b', 'y'),
      ev({ type: 'EVENT_TYPE_LIVE_AGENT_TYPING', state: 'TYPING_STATE_STARTED' }, null),
    );
    expect(s.lastSequence).toBe(7);
  });

  it('inserts a late event with a lower sequence in its place', () => {
    let s = apply(createInitialState(), agentMessage(2, 'a', 'A'), agentMessage(5, 'c', 'C'));
    s = apply(s, agentMessage(3, 'b', 'B'));
    expect(agents(s).map((m) => m.text)).toEqual(['A', 'B', 'C']);
  });

  it('dedupes agent messages by message_id too', () => {
    const s = apply(
      createInitialState(),
      agentMessage(2, 'same', 'one'),
      ev({ type: 'EVENT_TYPE_SERVICE_AGENT_MESSAGE', messageId: 'same', text: 'two', attachments: [], suggestions: [] }, 9),
    );
    expect(agents(s).map((m) => m.text)).toEqual(['one']);
    expect(s.agentMessageCount).toBe(1);
  });

  it('keeps unsequenced pending user messages last, in send order', () => {
    let s = run(send('c1', 'first'), send('c2', 'second'));
    s = apply(s, agentMessage(10, 'm', 'reply to earlier'));
    expect(s.items.map((i) => i.key)).toEqual(['m', 'c1', 'c2']);
  });

  it('ignores records ids like "constructor" and "__proto__" correctly', () => {
    const a = ev({ type: 'EVENT_TYPE_SERVICE_AGENT_MESSAGE', messageId: 'constructor', text: 'x', attachments: [], suggestions: [] }, 1, {
      id: 'constructor',
    });
    const b = ev(
      {
        type: 'EVENT_TYPE_SERVICE_AGENT_MESSAGE_CHUNK',
        messageId: '__proto__',
        text: 'y',
        attachments: [],
        suggestions: [],
        chunkIndex: 1,
        isComplete: false,
      },
      2,
      { id: '__proto__' },
    );
    let s = apply(createInitialState(), a, b);
    expect(keys(s)).toEqual(['constructor', '__proto__']);
    expect(isApplied(s, '__proto__')).toBe(true);
    expect(Object.hasOwn(s.chunks, '__proto__')).toBe(true);
    expect(apply(s, a, b)).toBe(s);
    s = apply(s, chunk(3, '__proto__', 2, 'z', true));
    expect(agents(s)[1]).toMatchObject({ text: 'yz', streaming: false });
  });
});

describe('user messages and echoes', () => {
  it('user-send appends a sending item and clears suggestions', () => {
    let s = apply(createInitialState(), agentMessage(1, 'm', 'hi', [suggestion('a')]));
    expect(s.suggestions).toEqual([{ text: 'a' }]);
    s = reduce(s, send('c1', 'hello'));
    expect(users(s)).toEqual([{ kind: 'user', key: 'c1', clientEventId: 'c1', text: 'hello', status: 'sending', timestamp: 'local' }]);
    expect(s.suggestions).toEqual([]);
    expect(reduce(s, send('c1', 'hello'))).toBe(s);
  });

  it('the echo turns the local item into sent at its sequence, never a second item', () => {
    let s = run(events(agentMessage(1, 'm1', 'hello')), send('c1', 'question'), events(agentMessage(3, 'm3', 'later')));
    expect(keys(s)).toEqual(['m1', 'm3', 'c1']);
    s = apply(s, userEcho(2, 'c1', 'question', 'srv-1'));
    expect(keys(s)).toEqual(['m1', 'c1', 'm3']);
    expect(users(s)).toEqual([
      {
        kind: 'user',
        key: 'c1',
        clientEventId: 'c1',
        text: 'question',
        status: 'sent',
        messageId: 'srv-1',
        eventId: 'e2',
        sequence: 2,
        timestamp: at(2),
      },
    ]);
    // The same echo again, or a copy with another id, changes nothing visible.
    s = apply(s, userEcho(2, 'c1', 'question', 'srv-1'), { ...userEcho(2, 'c1', 'question', 'srv-1'), id: 'dup' });
    expect(users(s)).toHaveLength(1);
  });

  it('an echo without a local item becomes a sent user item keyed by client_event_id or event id', () => {
    const s = apply(createInitialState(), userEcho(4, 'other-tab', 'from another tab'), userEcho(5, undefined, 'no metadata'));
    expect(users(s).map((u) => [u.key, u.status, u.text])).toEqual([
      ['other-tab', 'sent', 'from another tab'],
      ['e5', 'sent', 'no metadata'],
    ]);
  });

  it('an echo without client_event_id matches by message_id', () => {
    let s = apply(createInitialState(), userEcho(4, 'c1', 'x', 'srv-9'));
    s = apply(s, { ...userEcho(4, undefined, 'x', 'srv-9'), id: 'again' });
    expect(users(s)).toHaveLength(1);
  });

  it('a late echo flips a failed message to sent', () => {
    let s = run(send('c1'), { type: 'user-failed', clientEventId: 'c1' });
    expect(users(s)[0]?.status).toBe('failed');
    s = apply(s, userEcho(3, 'c1', 'hi'));
    expect(users(s)[0]?.status).toBe('sent');
  });

  it('an echo that arrives before the local send leaves one sent item', () => {
    const s = run(events(userEcho(3, 'c1', 'hi')), send('c1', 'hi'));
    expect(users(s)).toHaveLength(1);
    expect(users(s)[0]?.status).toBe('sent');
  });

  it('user-failed, user-retry and user-sent move only from the right status', () => {
    let s = run(send('c1'));
    expect(reduce(s, { type: 'user-retry', clientEventId: 'c1' })).toBe(s);
    s = reduce(s, { type: 'user-failed', clientEventId: 'c1' });
    expect(users(s)[0]?.status).toBe('failed');
    expect(reduce(s, { type: 'user-failed', clientEventId: 'c1' })).toBe(s);
    s = reduce(s, { type: 'user-retry', clientEventId: 'c1' });
    expect(users(s)[0]?.status).toBe('sending');
    s = reduce(s, { type: 'user-sent', clientEventId: 'c1' });
    expect(users(s)[0]?.status).toBe('sent');
    expect(reduce(s, { type: 'user-failed', clientEventId: 'c1' })).toBe(s);
    expect(reduce(s, { type: 'user-sent', clientEventId: 'unknown' })).toBe(s);
  });

  it('the echo clears suggestions', () => {
    const s = apply(createInitialState(), agentMessage(1, 'm', 'hi', [suggestion('a')]), userEcho(2, 'c', 'a'));
    expect(s.suggestions).toEqual([]);
  });
});

describe('agent messages', () => {
  it('creates agent and live-agent items named after their joins, clears typing, counts', () => {
    const s = apply(
      createInitialState(),
      ev({ type: 'EVENT_TYPE_SERVICE_AGENT_JOINED', agentName: 'Ava', agentAvatarUrl: 'https://x/a.png' }, 1),
      ev({ type: 'EVENT_TYPE_SERVICE_AGENT_THINKING' }, 2),
      agentMessage(3, 'm1', 'hi', [suggestion('yes')]),
      ev({ type: 'EVENT_TYPE_LIVE_AGENT_JOINED', agent: { id: 'l1', name: 'Sam' } }, 4),
      ev(
        {
          type: 'EVENT_TYPE_LIVE_AGENT_MESSAGE',
          messageId: 'lm',
          agentId: 'l1',
          text: 'Sam here',
          attachments: [link('doc')],
          suggestions: [],
        },
        5,
      ),
    );
    expect(agents(s)).toEqual([
      {
        kind: 'agent',
        key: 'm1',
        messageId: 'm1',
        text: 'hi',
        attachments: [],
        suggestions: [{ text: 'yes' }],
        streaming: false,
        authorName: 'Ava',
        avatarUrl: 'https://x/a.png',
        sequence: 3,
        timestamp: at(3),
      },
      {
        kind: 'live-agent',
        key: 'lm',
        messageId: 'lm',
        agentId: 'l1',
        text: 'Sam here',
        attachments: [link('doc')],
        suggestions: [],
        streaming: false,
        authorName: 'Sam',
        sequence: 5,
        timestamp: at(5),
      },
    ]);
    expect(s.typing).toBeNull();
    expect(s.suggestions).toEqual([]);
    expect(s.agentMessageCount).toBe(2);
    expect(s.agent).toEqual({ name: 'Ava', avatarUrl: 'https://x/a.png' });
    expect(s.agentJoined).toBe(true);
  });

  it('names a message whose join arrives later', () => {
    let s = apply(createInitialState(), agentMessage(3, 'm1', 'hi'));
    expect(agents(s)[0]?.authorName).toBeUndefined();
    s = apply(s, ev({ type: 'EVENT_TYPE_SERVICE_AGENT_JOINED', agentName: 'Ava' }, 2));
    expect(agents(s)[0]?.authorName).toBe('Ava');
  });

  it('sets suggestions from the newest message only', () => {
    let s = apply(createInitialState(), agentMessage(5, 'new', 'n', [suggestion('new')]));
    s = apply(s, agentMessage(3, 'old', 'o', [suggestion('old')]));
    expect(s.suggestions).toEqual([{ text: 'new' }]);
  });
});

describe('streamed messages', () => {
  const parts = ['Hel', 'lo ', 'wor', 'ld'];
  const chunks = parts.map((t, i) => chunk(10 + 2 * i, 'm', i + 1, t, i === parts.length - 1));

  it('the first chunk creates a streaming item and clears typing; one count per message', () => {
    let s = apply(createInitialState(), ev({ type: 'EVENT_TYPE_SERVICE_AGENT_THINKING' }, 9), chunks[0]!);
    expect(agents(s)[0]).toMatchObject({ text: 'Hel', streaming: true, sequence: 10 });
    expect(s.typing).toBeNull();
    s = apply(s, chunks[1]!, chunks[2]!);
    expect(s.agentMessageCount).toBe(1);
    expect(agents(s)[0]?.text).toBe('Hello wor');
  });

  it('shows only the contiguous prefix and completes when every index up to the last is present', () => {
    let s = apply(createInitialState(), chunks[0]!, chunks[2]!, chunks[3]!);
    expect(agents(s)[0]).toMatchObject({ text: 'Hel', streaming: true });
    expect(s.chunks.m?.lastIndex).toBe(4);
    s = apply(s, chunks[1]!);
    expect(agents(s)[0]).toMatchObject({ text: 'Hello world', streaming: false });
    expect(s.chunks).toEqual({});
  });

  it('assembles in any order, ignores duplicate indexes and places the item at its first chunk', () => {
    const dupe = { ...chunk(12, 'm', 2, 'XX'), id: 'other-id' };
    let s = apply(createInitialState(), chunks[3]!, agentMessage(13, 'between', 'between'));
    s = apply(s, chunks[2]!, dupe, chunks[1]!);
    s = apply(s, chunks[0]!);
    expect(agents(s).map((m) => [m.key, m.text, m.sequence])).toEqual([
      ['m', 'HelXXworld', 10],
      ['between', 'between', 13],
    ]);
    expect(agents(s)[0]?.timestamp).toBe(at(10));
  });

  it('appends attachments and suggestions in chunk order and shows the suggestions', () => {
    const s = apply(
      createInitialState(),
      chunk(3, 'm', 2, 'b', true, { attachments: [link('two')], suggestions: [suggestion('s2')] }),
      chunk(2, 'm', 1, 'a', false, { attachments: [link('one')], suggestions: [suggestion('s1')] }),
    );
    expect(agents(s)[0]).toMatchObject({
      text: 'ab',
      attachments: [link('one'), link('two')],
      suggestions: [{ text: 's1' }, { text: 's2' }],
    });
    expect(s.suggestions).toEqual([{ text: 's1' }, { text: 's2' }]);
  });

  it('ignores chunks of a message that is already complete', () => {
    const s = apply(createInitialState(), ...chunks);
    const late = { ...chunk(20, 'm', 5, '!!'), id: 'late' };
    const again = apply(s, late);
    expect(agents(again)[0]?.text).toBe('Hello world');
    expect(again.chunks).toEqual({});
  });

  it('an empty final chunk completes the message', () => {
    const s = apply(createInitialState(), chunk(1, 'm', 1, 'Hi'), chunk(2, 'm', 2, '', true));
    expect(agents(s)[0]).toMatchObject({ text: 'Hi', streaming: false });
  });
});

describe('typing', () => {
  it('THINKING shows the agent typing; an older THINKING never overrides a newer message', () => {
    let s = apply(
      createInitialState(),
      ev({ type: 'EVENT_TYPE_SERVICE_AGENT_JOINED', agentName: 'Ava' }, 1),
      ev({ type: 'EVENT_TYPE_SERVICE_AGENT_THINKING' }, 2),
    );
    expect(s.typing).toEqual({ who: 'agent', name: 'Ava' });
    s = apply(createInitialState(), agentMessage(5, 'm', 'x'));
    s = apply(s, ev({ type: 'EVENT_TYPE_SERVICE_AGENT_THINKING' }, 4));
    expect(s.typing).toBeNull();
  });

  it('LIVE_AGENT_TYPING started/stopped', () => {
    let s = apply(createInitialState(), ev({ type: 'EVENT_TYPE_LIVE_AGENT_JOINED', agent: { id: 'l1', name: 'Sam' } }, 1));
    s = apply(s, ev({ type: 'EVENT_TYPE_LIVE_AGENT_TYPING', state: 'TYPING_STATE_STARTED', agentId: 'l1' }, null));
    expect(s.typing).toEqual({ who: 'live-agent', name: 'Sam' });
    s = apply(s, ev({ type: 'EVENT_TYPE_LIVE_AGENT_TYPING', state: 'TYPING_STATE_STOPPED', agentId: 'l1' }, null));
    expect(s.typing).toBeNull();
  });

  it('the typing action sets and clears; the same value returns the same state', () => {
    let s = reduce(createInitialState(), { type: 'typing', typing: { who: 'agent' } });
    expect(s.typing).toEqual({ who: 'agent' });
    expect(reduce(s, { type: 'typing', typing: { who: 'agent' } })).toBe(s);
    s = reduce(s, { type: 'typing', typing: null });
    expect(s.typing).toBeNull();
  });
});

describe('session and agent state', () => {
  it('SESSION_START sets capabilities; SERVICE_AGENT_JOINED sets the agent without a notice', () => {
    const caps = { streaming: true, maxMessageSizeBytes: 1000, maxReconnectAttempts: 2, heartbeatIntervalSeconds: 10 };
    const s = apply(
      createInitialState(),
      ev({ type: 'EVENT_TYPE_SESSION_START', capabilities: caps }, 1),
      ev({ type: 'EVENT_TYPE_SERVICE_AGENT_JOINED', agentName: 'Ava' }, 2),
    );
    expect(s.capabilities).toEqual(caps);
    expect(s.agent).toEqual({ name: 'Ava' });
    expect(s.agentJoined).toBe(true);
    expect(s.items).toEqual([]);
  });

  it('echoes of join, end, heartbeat and typing are recorded but show nothing; a join REQUEST is not a join', () => {
    const s = apply(
      createInitialState(),
      ev({ type: 'EVENT_TYPE_REQUEST_SERVICE_AGENT_JOIN' }, 1),
      ev({ type: 'EVENT_TYPE_HEARTBEAT' }, 2),
      ev({ type: 'EVENT_TYPE_USER_TYPING', state: 'TYPING_STATE_STARTED' }, null, { id: 'ut' }),
      ev({ type: 'EVENT_TYPE_USER_END_SESSION' }, 3),
    );
    expect(s.items).toEqual([]);
    expect(s.agentJoined).toBe(false);
    expect(appliedIdsOf(s).sort()).toEqual(['e1', 'e2', 'e3', 'ut']);
    expect(s.lastSequence).toBe(3);
  });

  it('SESSION_END ends, fails sending messages, clears typing and adds a notice', () => {
    let s = run(events(ev({ type: 'EVENT_TYPE_SERVICE_AGENT_THINKING' }, 1)), send('c1'));
    s = apply(s, ev({ type: 'EVENT_TYPE_SESSION_END', reason: 'REASON_USER_END' }, 2));
    expect(s.ended).toEqual({ reason: 'REASON_USER_END' });
    expect(s.status).toBe('ended');
    expect(s.typing).toBeNull();
    expect(users(s)[0]?.status).toBe('failed');
    expect(notices(s)).toEqual([{ code: 'session-ended', reason: 'REASON_USER_END' }]);
    // After the end: no typing, status sticks until reset, a send is failed at once.
    s = apply(s, ev({ type: 'EVENT_TYPE_SERVICE_AGENT_THINKING' }, null, { id: 't' }));
    expect(s.typing).toBeNull();
    expect(reduce(s, { type: 'status', status: 'offline' })).toBe(s);
    expect(users(reduce(s, send('c2')))[1]?.status).toBe('failed');
  });

  it('SYSTEM_MESSAGE adds a notice for every level', () => {
    const s = apply(
      createInitialState(),
      ev({ type: 'EVENT_TYPE_SYSTEM_MESSAGE', level: 'error', message: 'Error: Session not found' }, 1),
      ev({ type: 'EVENT_TYPE_SYSTEM_MESSAGE', level: 'info', message: 'fyi' }, null, { id: 'sys-null' }),
    );
    expect(notices(s)).toEqual([
      { code: 'system', level: 'error', message: 'Error: Session not found' },
      { code: 'system', level: 'info', message: 'fyi' },
    ]);
  });

  it('LANGUAGE_CHANGED: the latest by sequence wins', () => {
    const s = apply(
      createInitialState(),
      ev({ type: 'EVENT_TYPE_LANGUAGE_CHANGED', languageCode: 'de' }, 5),
      ev({ type: 'EVENT_TYPE_LANGUAGE_CHANGED', languageCode: 'fr' }, 4),
    );
    expect(s.language).toBe('de');
  });
});

describe('handoff', () => {
  it('walks the stages with notices; queue status updates in place', () => {
    let s = apply(createInitialState(), ev({ type: 'EVENT_TYPE_SERVICE_AGENT_TRIGGERED_HANDOFF' }, 1));
    expect(s.handoff).toEqual({ stage: 'started' });
    s = apply(s, ev({ type: 'EVENT_TYPE_HANDOFF_ACCEPTED' }, 2));
    expect(s.handoff).toEqual({ stage: 'started' });
    s = apply(s, ev({ type: 'EVENT_TYPE_HANDOFF_QUEUE_STATUS', queueName: 'q', positionInQueue: 2 }, 3));
    s = apply(s, ev({ type: 'EVENT_TYPE_HANDOFF_QUEUE_STATUS', positionInQueue: 1, estimatedWaitSeconds: 30 }, 4));
    expect(s.handoff).toEqual({ stage: 'queued', queue: { positionInQueue: 1, estimatedWaitSeconds: 30 } });
    s = apply(s, ev({ type: 'EVENT_TYPE_LIVE_AGENT_JOINED', agent: { id: 'l', name: 'Sam' } }, 5));
    expect(s.handoff.stage).toBe('live-agent-joined');
    expect(s.liveAgent).toEqual({ id: 'l', name: 'Sam' });
    s = apply(s, ev({ type: 'EVENT_TYPE_LIVE_AGENT_TYPING', state: 'TYPING_STATE_STARTED' }, null, { id: 'lt' }));
    s = apply(s, ev({ type: 'EVENT_TYPE_LIVE_AGENT_LEFT' }, 6));
    expect(s.handoff.stage).toBe('live-agent-left');
    expect(s.typing).toBeNull();
    expect(notices(s)).toEqual([
      { code: 'handoff-started' },
      { code: 'handoff-accepted' },
      { code: 'live-agent-joined', name: 'Sam' },
      { code: 'live-agent-left', name: 'Sam' },
    ]);
  });

  it('names the leaver when the join arrives after the left event', () => {
    let s = apply(createInitialState(), ev({ type: 'EVENT_TYPE_LIVE_AGENT_LEFT' }, 6));
    expect(notices(s)).toEqual([{ code: 'live-agent-left' }]);
    s = apply(s, ev({ type: 'EVENT_TYPE_LIVE_AGENT_JOINED', agent: { id: 'l', name: 'Sam' } }, 5));
    expect(notices(s)).toEqual([
      { code: 'live-agent-joined', name: 'Sam' },
      { code: 'live-agent-left', name: 'Sam' },
    ]);
    expect(s.handoff.stage).toBe('live-agent-left');
  });

  it('failed, timeout and client-required', () => {
    expect(apply(createInitialState(), ev({ type: 'EVENT_TYPE_HANDOFF_FAILED' }, 1)).handoff).toEqual({ stage: 'failed' });
    expect(apply(createInitialState(), ev({ type: 'EVENT_TYPE_HANDOFF_TIMEOUT' }, 1)).handoff).toEqual({ stage: 'timeout' });
    const s = apply(createInitialState(), ev({ type: 'EVENT_TYPE_CLIENT_HANDOFF_REQUIRED', reason: 'POLICY', queueName: 'vip' }, 1));
    expect(s.handoff).toEqual({ stage: 'client-required', reason: 'POLICY', queue: { queueName: 'vip' } });
    expect(notices(s)).toEqual([{ code: 'client-handoff', reason: 'POLICY', queueName: 'vip' }]);
  });

  it('a late older handoff event does not move the stage back', () => {
    let s = apply(createInitialState(), ev({ type: 'EVENT_TYPE_LIVE_AGENT_JOINED', agent: { id: 'l', name: 'Sam' } }, 5));
    s = apply(s, ev({ type: 'EVENT_TYPE_HANDOFF_QUEUE_STATUS', positionInQueue: 4 }, 3));
    expect(s.handoff).toEqual({ stage: 'live-agent-joined' });
  });
});

describe('local actions', () => {
  it('a REST reply (an unsequenced agent message) goes after the user message, clears typing', () => {
    const reply = events(
      ev({ type: 'EVENT_TYPE_SERVICE_AGENT_MESSAGE', messageId: 'r1', text: 'answer', attachments: [], suggestions: [] }, null, {
        id: 'r1',
        timestamp: 't',
      }),
    );
    const s = run(
      send('c1', 'q'),
      { type: 'user-sent', clientEventId: 'c1' },
      { type: 'typing', typing: { who: 'agent' } },
      reply,
      send('c2', 'q2'),
    );
    expect(s.items.map((i) => [i.kind, i.key])).toEqual([
      ['user', 'c1'],
      ['agent', 'r1'],
      ['user', 'c2'],
    ]);
    expect(s.typing).toBeNull();
    expect(s.agentMessageCount).toBe(1);
    expect(reduce(s, reply)).toBe(s);
  });

  it('status sets the status, keeps or clears the error', () => {
    const error = { code: 'network' as const, message: 'offline' };
    let s = reduce(createInitialState(), { type: 'status', status: 'offline', error });
    expect(s).toMatchObject({ status: 'offline', error });
    s = reduce(s, { type: 'status', status: 'reconnecting' });
    expect(s.error).toEqual(error);
    s = reduce(s, { type: 'status', status: 'online' });
    expect(s.status).toBe('online');
    expect('error' in s).toBe(false);
    expect(reduce(s, { type: 'status', status: 'online' })).toBe(s);
  });

  it('notice appends a system item with a unique key', () => {
    const s = run(
      { type: 'notice', notice: { code: 'session-lost' }, timestamp: 't' },
      { type: 'notice', notice: { code: 'session-lost' }, timestamp: 't' },
    );
    expect(new Set(keys(s)).size).toBe(2);
    expect(notices(s)).toEqual([{ code: 'session-lost' }, { code: 'session-lost' }]);
  });

  it('a local end (REST, an unconnected session) is an unsequenced SESSION_END, applied once', () => {
    const end = events(ev({ type: 'EVENT_TYPE_SESSION_END', reason: 'REASON_NATURAL_END' }, null, { id: 'local:end', timestamp: 't' }));
    const s = run(send('c1'), end);
    expect(s).toMatchObject({ status: 'ended', ended: { reason: 'REASON_NATURAL_END' }, typing: null });
    expect(users(s)[0]?.status).toBe('failed');
    expect(notices(s)).toEqual([{ code: 'session-ended', reason: 'REASON_NATURAL_END' }]);
    expect(reduce(s, end)).toBe(s);
  });

  it('reset starts over but keeps the connection status', () => {
    let s = run({ type: 'status', status: 'online' }, events(agentMessage(4, 'm', 'x')), send('c'));
    s = reduce(s, { type: 'reset' });
    expect(s).toEqual({ ...createInitialState(), status: 'online' });
    expect(reduce(s, { type: 'reset' })).toBe(s);
  });

  it('reset forgets applied events that left no item', () => {
    // Heartbeat echoes without a sequence: only their ids are recorded (enough to fold into base).
    const echoes = Array.from({ length: 300 }, () => ev({ type: 'EVENT_TYPE_HEARTBEAT' }, null));
    const s = reduce(apply(createInitialState(), ...echoes), { type: 'reset' });
    expect(appliedIdsOf(s)).toEqual([]);
  });

  it('never mutates the state it is given', () => {
    const s = run(events(agentMessage(1, 'm', 'x'), chunk(2, 'k', 1, 'a')), send('c'));
    const frozen = JSON.stringify(s);
    reduce(
      s,
      events(chunk(3, 'k', 2, 'b', true), userEcho(4, 'c', 'hi'), ev({ type: 'EVENT_TYPE_SESSION_END', reason: 'REASON_USER_END' }, 5)),
    );
    reduce(s, { type: 'reset' });
    expect(JSON.stringify(s)).toBe(frozen);
  });
});

describe('performance shape', () => {
  it('reduces a 5,000-event replay in one action', async () => {
    const { longHistory } = await import('./testing/events');
    const history = longHistory(5000);
    const s = reduce(createInitialState(), { type: 'server-events', events: history });
    expect(appliedIdsOf(s)).toHaveLength(5000);
    expect(s.appliedIds.recent).toHaveLength(0); // folded once, at the end of the action
    expect(s.lastSequence).toBe(5000);
    // The history may stop in the middle of a streamed reply.
    expect(Object.keys(s.chunks).length).toBeLessThanOrEqual(1);
    expect(s.items.every((i, n) => n === 0 || (s.items[n - 1]?.sequence ?? 0) < (i.sequence ?? 0))).toBe(true);
  });
});
