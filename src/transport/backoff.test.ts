import { describe, expect, it } from 'vitest';
import { backoffDelay } from './backoff';

describe('backoffDelay', () => {
  it('doubles from 1 s and caps at 30 s', () => {
    expect([0, 1, 2, 3, 4, 5, 6, 50].map((n) => backoffDelay(n, () => 0))).toEqual([
      1000, 2000, 4000, 8000, 16_000, 30_000, 30_000, 30_000,
    ]);
  });

  it('jitter only shortens a step, by at most a quarter', () => {
    for (const r of [0.1, 0.5, 0.99]) {
      for (const n of [0, 3, 9]) {
        const full = backoffDelay(n, () => 0);
        const d = backoffDelay(n, () => r);
        expect(d).toBeLessThanOrEqual(full);
        expect(d).toBeGreaterThanOrEqual(full * 0.75);
      }
    }
  });
});
