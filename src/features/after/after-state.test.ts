import { describe, expect, it } from 'vitest';
import type { WebchatState } from '../../store/state';
import { createInitialState } from '../../store/state';
import { readAfterState } from './after-state';
import { endKeyOf } from './index';

describe('readAfterState', () => {
  it('keeps what another tab sent when it has the right shape', () => {
    expect(readAfterState({ ratedEnd: 'sys:e1', feedback: { m1: 'helpful', m2: 'not-helpful' } })).toEqual({
      ratedEnd: 'sys:e1',
      feedback: { m1: 'helpful', m2: 'not-helpful' },
    });
  });

  it('drops what it does not know: nothing rated, no bad marks', () => {
    expect(readAfterState(null)).toEqual({ feedback: {} });
    expect(readAfterState('rated')).toEqual({ feedback: {} });
    expect(readAfterState({ ratedEnd: 7, feedback: { m1: 'great', m2: 'helpful' } })).toEqual({
      ratedEnd: undefined,
      feedback: { m2: 'helpful' },
    });
  });
});

describe('endKeyOf', () => {
  const state = (patch: Partial<WebchatState>): WebchatState => ({ ...createInitialState(), ...patch });
  it('is undefined while the session goes on, the end notice’s key once it ended', () => {
    expect(endKeyOf(state({}))).toBeUndefined();
    expect(
      endKeyOf(
        state({
          ended: { reason: 'REASON_NATURAL_END' },
          items: [{ kind: 'system', key: 'sys:evt-9', notice: { code: 'session-ended', reason: 'REASON_NATURAL_END' }, timestamp: 't' }],
        }),
      ),
    ).toBe('sys:evt-9');
    expect(endKeyOf(state({ ended: { reason: 'REASON_USER_END' } }))).toBe('ended');
  });
});
