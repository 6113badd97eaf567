import { describe, expect, it } from 'vitest';
import { createInitialState, type WebchatState } from '../state';
import { agentMessage, chunk, ev } from '../testing/events';
import { apply } from '../testing/reducer-helpers';
import { reduce } from '.';

const live = (sequence: number, messageId: string) =>
  ev({ type: 'EVENT_TYPE_LIVE_AGENT_MESSAGE', messageId, agentId: 'l1', text: 'hello', attachments: [], suggestions: [] }, sequence);

describe('unread count', () => {
  it('counts complete agent and live-agent messages, once each', () => {
    const s = apply(createInitialState(), agentMessage(1, 'm1', 'hi'), live(2, 'l1'), agentMessage(1, 'm1', 'hi'));
    expect(s.unread).toBe(2);
  });

  it('counts a streamed reply once, on its last chunk, not per chunk', () => {
    let s = apply(createInitialState(), chunk(1, 'm1', 1, 'Hel'), chunk(2, 'm1', 2, 'lo'));
    expect(s.unread).toBeUndefined();
    s = apply(s, chunk(3, 'm1', 3, '!', true));
    expect(s.unread).toBe(1);
    s = apply(s, chunk(4, 'm1', 3, '!', true));
    expect(s.unread).toBe(1);
  });

  it('does not count user messages, nor a restored history', () => {
    let s = reduce(createInitialState(), { type: 'user-send', clientEventId: 'c1', text: 'mine', timestamp: 'now' });
    s = reduce(s, { type: 'server-events', events: [agentMessage(1, 'm1', 'old')], history: true });
    expect(s.unread).toBeUndefined();
    expect(s.items).toHaveLength(2);
  });

  it('is set by the unread action: 0 reads everything (the same state when nothing was unread)', () => {
    const one = apply(createInitialState(), agentMessage(1, 'm1', 'hi'));
    const read: WebchatState = reduce(one, { type: 'unread', count: 0 });
    expect(read.unread).toBeUndefined();
    expect('unread' in read).toBe(false);
    expect(reduce(read, { type: 'unread', count: 0 })).toBe(read);
    expect(reduce(read, { type: 'unread', count: 3 }).unread).toBe(3);
    expect(reduce(createInitialState(), { type: 'unread', count: -2 }).unread).toBeUndefined();
  });

  it('starts again at 0 with a new session', () => {
    const s = apply(createInitialState(), agentMessage(1, 'm1', 'hi'));
    expect(reduce(s, { type: 'reset' }).unread).toBeUndefined();
  });
});
