import { describe, expect, it } from 'vitest';
import { isoTime } from './iso-time';

describe('isoTime', () => {
  it('matches Date#toISOString', () => {
    const samples = [
      0,
      1,
      999,
      86_399_999,
      86_400_000,
      Date.UTC(2026, 1, 28, 23, 59, 59, 7),
      Date.UTC(2028, 1, 29, 12),
      253_402_300_799_999,
    ];
    for (let index = 0; index < 2000; index += 1) samples.push(Math.floor(Math.random() * 4_000_000_000_000));
    for (const ms of samples) expect(isoTime(ms)).toBe(new Date(ms).toISOString());
    expect(isoTime(-1)).toBe(new Date(-1).toISOString());
    expect(isoTime(1.5)).toBe(new Date(1.5).toISOString());
  });
});
