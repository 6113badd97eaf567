import { describe, expect, it } from 'vitest';
import { createInitialState } from '../state';
import { agentMessage, at, suggestion, userEcho } from '../testing/events';
import { apply, events, keys, run, send, users } from '../testing/reducer-helpers';
import { reduce } from '.';

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
