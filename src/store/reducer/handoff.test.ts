import { describe, expect, it } from 'vitest';
import { createInitialState } from '../state';
import { ev } from '../testing/events';
import { apply, notices } from '../testing/reducer-helpers';

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
