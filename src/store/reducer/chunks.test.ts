import { describe, expect, it } from 'vitest';
import { createInitialState } from '../state';
import { agentMessage, at, chunk, ev, link, suggestion } from '../testing/events';
import { agents, apply } from '../testing/reducer-helpers';

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
