// Property tests: however events are reordered, duplicated and split into actions, the store
// converges to what in-order delivery gives; and no event or action ever makes the reducer throw.

import { describe, expect, it } from 'vitest';
import type { Attachment, ServerEvent, ServerEventBody, Suggestion } from '../../protocol/types';
import { compareItems } from '../order';
import { createInitialState, type StoreAction, type WebchatState } from '../state';
import { greetingAndStreamFlow, handoffFlow, STREAMED_TEXT } from '../testing/events';
import { type Rng, rng } from '../testing/prng';
import { reduce } from '.';

const RUNS = 200;

/**
 * Everything a person or the client can observe: the state minus the reducer's bookkeeping (and
 * the applied ids as a set: their tiers and order depend on how the events were cut into actions).
 */
function observable(state: WebchatState) {
  const { marks: _marks, appliedIds, ...rest } = state;
  return { ...rest, appliedIds: [...appliedIds.base, ...appliedIds.recent].sort() };
}

const reduceAll = (actions: StoreAction[], from = createInitialState()) => actions.reduce(reduce, from);

/** Random permutation with random duplicates, cut into 1..8 `server-events` actions. */
function randomDelivery(r: Rng, events: readonly ServerEvent[]): ServerEvent[][] {
  const copies = events.slice();
  const duplicates = r.int(events.length + 1);
  for (let i = 0; i < duplicates; i++) copies.push(r.pick(events));
  const shuffled = r.shuffle(copies);
  const actions: ServerEvent[][] = [];
  const parts = 1 + r.int(8);
  for (let i = 0; i < shuffled.length; ) {
    const size = 1 + r.int(Math.ceil((shuffled.length * 2) / parts));
    actions.push(shuffled.slice(i, i + size));
    i += size;
  }
  return actions;
}

const asActions = (batches: ServerEvent[][]): StoreAction[] => batches.map((events) => ({ type: 'server-events', events }));

describe.each([
  ['greeting + streamed reply + echoes', () => greetingAndStreamFlow().events],
  ['full handoff flow', handoffFlow],
])('convergence: %s', (_name, flow) => {
  const events = flow();
  const reference = reduce(createInitialState(), { type: 'server-events', events });

  it('in-order delivery, one event per action, gives the same state as one batch', () => {
    const oneByOne = reduceAll(events.map((e) => ({ type: 'server-events', events: [e] })));
    expect(observable(oneByOne)).toEqual(observable(reference));
  });

  it(`${RUNS} random permutations with duplicates and splits converge`, () => {
    for (let seed = 1; seed <= RUNS; seed++) {
      const state = reduceAll(asActions(randomDelivery(rng(seed), events)));
      // Item by item first: a failure then names the seed and the first differing item.
      expect({ seed, items: state.items }).toEqual({ seed, items: reference.items });
      expect({ seed, state: observable(state) }).toEqual({ seed, state: observable(reference) });
    }
  });
});

describe('reference transcripts', () => {
  it('greeting flow: the streamed reply is whole and every item in sequence order', () => {
    const s = reduce(createInitialState(), { type: 'server-events', events: greetingAndStreamFlow().events });
    expect(s.items.map((i) => (i.kind === 'system' ? i.notice.code : `${i.kind}:${i.text}`))).toEqual([
      'agent:Hi! How can I help?',
      'user:Where is my order?',
      `agent:${STREAMED_TEXT.join('')}`,
      'user:Thanks!',
      'agent:You are welcome.',
    ]);
    expect(s).toMatchObject({ typing: null, language: 'en-GB', agentMessageCount: 3, suggestions: [{ text: 'Start over' }], chunks: {} });
  });

  it('handoff flow: notices, names and the end', () => {
    const s = reduce(createInitialState(), { type: 'server-events', events: handoffFlow() });
    expect(s.items.map((i) => (i.kind === 'system' ? i.notice : [i.kind, i.kind === 'user' ? i.status : i.authorName, i.text]))).toEqual([
      ['agent', 'Ava', 'Hello!'],
      ['user', 'sent', 'Human please'],
      { code: 'handoff-started' },
      { code: 'handoff-accepted' },
      { code: 'live-agent-joined', name: 'Sam' },
      ['live-agent', 'Sam', 'Hi, Sam here.'],
      ['user', 'sent', 'My invoice is wrong'],
      ['live-agent', 'Sam', 'Fixed it.'],
      { code: 'live-agent-left', name: 'Sam' },
      { code: 'system', level: 'info', message: 'Conversation closed by agent' },
      { code: 'session-ended', reason: 'REASON_NATURAL_END' },
    ]);
    expect(s).toMatchObject({
      status: 'ended',
      typing: null,
      handoff: { stage: 'live-agent-left' },
      liveAgent: { id: 'la-7', name: 'Sam' },
    });
  });
});

describe('a local message and its echo', () => {
  const { events, localClientEventId, localText } = greetingAndStreamFlow();
  const echo = events.find((e) => e.type === 'EVENT_TYPE_USER_MESSAGE' && e.clientEventId === localClientEventId);
  const echoSequence = echo?.sequence ?? 0;
  const send: StoreAction = { type: 'user-send', clientEventId: localClientEventId, text: localText, timestamp: 'local' };
  const reference = reduceAll([send, { type: 'server-events', events }]);

  it(`converge to one sent item in ${RUNS} random deliveries`, () => {
    for (let seed = 1; seed <= RUNS; seed++) {
      const r = rng(seed * 7919);
      const actions = asActions(randomDelivery(r, events));
      // The send happens before anything the server wrote after receiving it can arrive.
      const firstLater = actions.findIndex((a) => a.type === 'server-events' && a.events.some((e) => (e.sequence ?? 0) >= echoSequence));
      const at = r.int((firstLater === -1 ? actions.length : firstLater) + 1);
      actions.splice(at, 0, send);
      // Sometimes the outbox gives up before the echo makes it (then the echo arrives late).
      if (r.next() < 0.5)
        actions.splice(at + 1 + r.int(actions.length - at), 0, { type: 'user-failed', clientEventId: localClientEventId });
      const state = reduceAll(actions);
      const mine = state.items.filter((i) => i.kind === 'user' && i.clientEventId === localClientEventId);
      expect({ seed, mine: mine.map((m) => m.kind === 'user' && m.status) }).toEqual({ seed, mine: ['sent'] });
      expect({ seed, state: observable(state) }).toEqual({ seed, state: observable(reference) });
    }
  });
});

describe('totality', () => {
  const IDS = ['a', 'b', 'c', 'd', '__proto__', 'constructor', 'toString', 'hasOwnProperty', ''];
  const SEQUENCES = [null, 0, 1, 2, 3, 5, 8, -1, -0, 2.5, NaN, Infinity, -Infinity, 1e15, Number.MAX_SAFE_INTEGER];
  const TEXTS = ['', 'x', 'hello', '\u0000', '🙂'.repeat(3), '<script>', 'a'.repeat(2000)];
  const NUMBERS = [0, 1, 2, 3, -1, 1.5, NaN, Infinity, 1e9, Number.MAX_SAFE_INTEGER];

  function body(r: Rng): ServerEventBody {
    const text = r.pick(TEXTS);
    const messageId = r.pick(IDS);
    const attachments: Attachment[] = r.next() < 0.3 ? [{ kind: r.pick(['url', 'image'] as const), title: text }] : [];
    const suggestions: Suggestion[] = r.next() < 0.3 ? [{ text }] : [];
    const state = r.pick(['TYPING_STATE_STARTED', 'TYPING_STATE_STOPPED'] as const);
    const bodies: ServerEventBody[] = [
      {
        type: 'EVENT_TYPE_SESSION_START',
        capabilities: {
          streaming: r.next() < 0.5,
          maxMessageSizeBytes: r.pick(NUMBERS),
          maxReconnectAttempts: r.pick(NUMBERS),
          heartbeatIntervalSeconds: r.pick(NUMBERS),
        },
      },
      { type: 'EVENT_TYPE_SERVICE_AGENT_JOINED', agentName: text },
      { type: 'EVENT_TYPE_SERVICE_AGENT_THINKING' },
      { type: 'EVENT_TYPE_SERVICE_AGENT_MESSAGE', messageId, text, attachments, suggestions },
      {
        type: 'EVENT_TYPE_SERVICE_AGENT_MESSAGE_CHUNK',
        messageId,
        text,
        attachments,
        suggestions,
        chunkIndex: r.pick(NUMBERS),
        isComplete: r.next() < 0.3,
      },
      {
        type: 'EVENT_TYPE_SERVICE_AGENT_MESSAGE_CHUNK',
        messageId,
        text,
        attachments,
        suggestions,
        chunkIndex: 1 + r.int(4),
        isComplete: r.next() < 0.3,
      },
      { type: 'EVENT_TYPE_SERVICE_AGENT_LEFT' },
      { type: 'EVENT_TYPE_SERVICE_AGENT_TRIGGERED_HANDOFF' },
      { type: 'EVENT_TYPE_HANDOFF_ACCEPTED' },
      { type: 'EVENT_TYPE_HANDOFF_QUEUE_STATUS', queueName: text, positionInQueue: r.pick(NUMBERS) },
      { type: 'EVENT_TYPE_HANDOFF_FAILED' },
      { type: 'EVENT_TYPE_HANDOFF_TIMEOUT' },
      { type: 'EVENT_TYPE_CLIENT_HANDOFF_REQUIRED', reason: text },
      { type: 'EVENT_TYPE_LIVE_AGENT_JOINED', agent: { id: r.pick(IDS), name: text } },
      { type: 'EVENT_TYPE_LIVE_AGENT_TYPING', state, agentId: r.pick(IDS) },
      { type: 'EVENT_TYPE_LIVE_AGENT_MESSAGE', messageId, agentId: r.pick(IDS), text, attachments, suggestions },
      { type: 'EVENT_TYPE_LIVE_AGENT_LEFT' },
      { type: 'EVENT_TYPE_SESSION_END', reason: text },
      { type: 'EVENT_TYPE_SYSTEM_MESSAGE', level: r.pick(['info', 'warning', 'error'] as const), message: text },
      { type: 'EVENT_TYPE_LANGUAGE_CHANGED', languageCode: text },
      { type: 'EVENT_TYPE_USER_MESSAGE', text, messageId },
      { type: 'EVENT_TYPE_USER_MESSAGE', text },
      { type: 'EVENT_TYPE_REQUEST_SERVICE_AGENT_JOIN' },
      { type: 'EVENT_TYPE_USER_END_SESSION' },
      { type: 'EVENT_TYPE_HEARTBEAT' },
      { type: 'EVENT_TYPE_USER_TYPING', state },
    ];
    return r.pick(bodies);
  }

  function event(r: Rng): ServerEvent {
    const clientEventId = r.next() < 0.4 ? { clientEventId: r.pick(IDS) } : {};
    return {
      id: `${r.pick(IDS)}${r.int(30)}`,
      sequence: r.pick(SEQUENCES),
      timestamp: r.pick(['', 'garbage', '2025-01-01T00:00:00Z']),
      ...clientEventId,
      ...body(r),
    };
  }

  function localAction(r: Rng): StoreAction {
    const clientEventId = r.pick(IDS);
    const actions: StoreAction[] = [
      { type: 'user-send', clientEventId, text: r.pick(TEXTS), timestamp: '' },
      { type: 'user-failed', clientEventId },
      { type: 'user-retry', clientEventId },
      { type: 'user-sent', clientEventId },
      // A REST reply: an unsequenced agent message, its message_id possibly a user message's key.
      {
        type: 'server-events',
        events: [
          {
            id: `rest-${r.int(30)}`,
            sequence: null,
            timestamp: '',
            type: 'EVENT_TYPE_SERVICE_AGENT_MESSAGE',
            messageId: clientEventId,
            text: r.pick(TEXTS),
            attachments: [],
            suggestions: [],
          },
        ],
      },
      { type: 'status', status: r.pick(['connecting', 'online', 'reconnecting', 'offline', 'ended', 'error'] as const) },
      { type: 'status', status: 'error', error: { code: 'protocol', message: 'x' } },
      { type: 'typing', typing: r.pick([null, { who: 'agent' as const }, { who: 'live-agent' as const, name: 'n' }]) },
      { type: 'notice', notice: { code: 'session-lost' }, timestamp: '' },
      {
        type: 'server-events',
        events: [{ id: 'local:end', sequence: null, timestamp: '', type: 'EVENT_TYPE_SESSION_END', reason: r.pick(TEXTS) }],
      },
      { type: 'reset' },
    ];
    return r.pick(actions);
  }

  function checkInvariants(state: WebchatState): void {
    const keys = state.items.map((i) => i.key);
    expect(new Set(keys).size).toBe(keys.length);
    for (let i = 1; i < state.items.length; i++) {
      const prev = state.items[i - 1];
      const item = state.items[i];
      if (prev && item) expect(compareItems(prev, item)).toBeLessThanOrEqual(0);
    }
    const streaming = state.items
      .filter((i) => i.kind !== 'user' && i.kind !== 'system' && i.streaming)
      .map((i) => i.key)
      .sort();
    expect(Object.keys(state.chunks).sort()).toEqual(streaming);
    expect(Number.isSafeInteger(state.lastSequence) && state.lastSequence >= 0).toBe(true);
    if (state.ended) expect(state.status).toBe('ended');
    expect(Number.isSafeInteger(state.agentMessageCount)).toBe(true);
  }

  it('random garbage events and actions never throw, never mutate, keep the invariants', () => {
    for (let seed = 1; seed <= 300; seed++) {
      const r = rng(seed);
      let state = createInitialState();
      const steps = 5 + r.int(25);
      for (let step = 0; step < steps; step++) {
        const action: StoreAction =
          r.next() < 0.7 ? { type: 'server-events', events: Array.from({ length: 1 + r.int(6) }, () => event(r)) } : localAction(r);
        const before = JSON.stringify(state);
        const next = reduce(state, action);
        expect(JSON.stringify(state)).toBe(before);
        checkInvariants(next);
        state = next;
      }
    }
  });
});
