import { describe, expect, it } from 'vitest';
import { createInitialState } from '../state';
import { agentMessage, chunk, ev, userEcho } from '../testing/events';
import { appliedIdsOf, apply, events, keys, notices, run, send, users } from '../testing/reducer-helpers';
import { reduce } from '.';

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
    const { longHistory } = await import('../testing/events');
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
