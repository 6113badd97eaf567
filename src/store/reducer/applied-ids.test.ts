import { describe, expect, it } from 'vitest';
import { isApplied } from '../selectors';
import { createInitialState } from '../state';
import { agentMessage, chunk, ev } from '../testing/events';
import { agents, appliedIdsOf, apply, keys, run, send } from '../testing/reducer-helpers';
import { reduce } from '.';

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
