// The one limiter (rate-limiter-flexible in memory here; on Redis in instances.test.ts and rating-endpoint.test.ts).
import { describe, expect, it } from 'vitest';
import { createLimiter, takeAll } from './limiter';

describe('createLimiter', () => {
  it('allows max per window, then says how long until it reopens; a refused request is not counted', async () => {
    const limiter = createLimiter('test', { max: 2, windowSeconds: 120 }, undefined);
    expect(await limiter.take('a')).toBeUndefined();
    expect(await limiter.take('a')).toBeUndefined();
    const wait = await limiter.take('a');
    expect(wait).toBeGreaterThan(115);
    expect(wait).toBeLessThanOrEqual(120);
    expect(await limiter.take('b')).toBeUndefined();
    await limiter.give('a');
    expect(await limiter.take('a')).toBeUndefined();
    expect(await limiter.take('a')).toBeDefined();
  });

  it('counts several limits only when all allow: a refusal gives back those already counted', async () => {
    const perVisitor = createLimiter('visitor', { max: 5, windowSeconds: 60 }, undefined);
    const perNumber = createLimiter('number', { max: 1, windowSeconds: 60 }, undefined);
    expect(
      await takeAll([
        [perVisitor, 'ann'],
        [perNumber, '+12025550100'],
      ]),
    ).toBeUndefined();
    for (let attempt = 0; attempt < 10; attempt++) {
      expect(
        await takeAll([
          [perVisitor, 'ann'],
          [perNumber, '+12025550100'],
        ]),
      ).toBeGreaterThan(0);
    }
    // Ten refusals later Ann has still used one of her five.
    for (let call = 0; call < 4; call++)
      expect(
        await takeAll([
          [perVisitor, 'ann'],
          [perNumber, `+1202555020${call}`],
        ]),
      ).toBeUndefined();
    expect(await perVisitor.take('ann')).toBeDefined();
  });
});
