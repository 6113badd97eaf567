import { describe, expect, it } from 'vitest';
import { type AgentJoin, type AgentMessage, createInitialState } from '../state';
import { addJoin, joinBefore, withAuthor } from './agents';
import { createDraft } from './draft';

const serviceJoin = (sequence: number, name: string): AgentJoin => ({ sequence, live: false, agent: { name } });
const liveJoin = (sequence: number, id: string, name: string): AgentJoin => ({ sequence, live: true, agent: { id, name } });
const message = (sequence: number, kind: AgentMessage['kind'] = 'agent', agentId?: string): AgentMessage => ({
  kind,
  key: `m${sequence}`,
  messageId: `m${sequence}`,
  agentId,
  text: 'hi',
  attachments: [],
  suggestions: [],
  streaming: false,
  timestamp: '',
  sequence,
});

describe('agents', () => {
  const joins = [serviceJoin(1, 'Bot'), liveJoin(3, 'a', 'Ann'), liveJoin(5, 'b', 'Ben'), serviceJoin(7, 'Bot 2')];

  it('finds the latest join of the kind before a position, preferring the live agent with the id', () => {
    expect(joinBefore(joins, 6, false)?.agent.name).toBe('Bot');
    expect(joinBefore(joins, 8, false)?.agent.name).toBe('Bot 2');
    expect(joinBefore(joins, 6, true)?.agent.name).toBe('Ben');
    expect(joinBefore(joins, 6, true, 'a')?.agent.name).toBe('Ann');
    expect(joinBefore(joins, 6, true, 'nobody')?.agent.name).toBe('Ben');
    expect(joinBefore(joins, 1, false)).toBeUndefined();
  });

  it('names a message after the join before it, and keeps the same object when the name holds', () => {
    const named = withAuthor(message(6, 'live-agent', 'a'), joins);
    expect(named.authorName).toBe('Ann');
    expect(withAuthor(named, joins)).toBe(named);
    expect(withAuthor(message(8), joins).authorName).toBe('Bot 2');
    expect(withAuthor(message(0), joins).authorName).toBeUndefined();
  });

  it('keeps joins sorted by sequence and makes the latest the current agent', () => {
    const draft = createDraft(createInitialState());
    addJoin(draft, liveJoin(5, 'b', 'Ben'));
    addJoin(draft, liveJoin(3, 'a', 'Ann'));
    expect(draft.state.marks.joins.map((join) => join.sequence)).toEqual([3, 5]);
    expect(draft.state.liveAgent?.name).toBe('Ben');
    expect(draft.renameAuthors).toBe(true);
  });
});
