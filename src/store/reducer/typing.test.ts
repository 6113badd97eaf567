import { describe, expect, it } from 'vitest';
import { createInitialState } from '../state';
import { agentMessage, ev } from '../testing/events';
import { apply } from '../testing/reducer-helpers';
import { reduce } from '.';

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
