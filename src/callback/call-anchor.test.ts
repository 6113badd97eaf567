import { describe, expect, it } from 'vitest';
import { agent, user } from '../ui/test-helpers';
import { callAnchor } from './call-anchor';

const turn = (at: string) => ({ author: 'agent' as const, text: 'Hello', at });

describe('where a finished call’s turns go', () => {
  const items = [
    user('u1', 'call me'),
    agent('a1', 'Calling you', { timestamp: '2026-11-28T07:00:00.000Z' }),
    agent('a2', 'Welcome back to the chat', { timestamp: '2026-11-28T07:10:00.000Z' }),
  ];

  it('after the last item said before the call ended', () => {
    expect(callAnchor(items, [turn('2026-11-28T07:01:00Z'), turn('2026-11-28T07:05:00Z')])).toBe('a1');
  });

  it('at the end of the log when the turns carry no time, before everything when all is newer', () => {
    expect(callAnchor(items, [turn('')])).toBe('a2');
    expect(callAnchor(items.slice(1), [turn('2020-01-01T00:00:00Z')])).toBeUndefined();
  });
});
