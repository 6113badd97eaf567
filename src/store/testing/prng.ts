// Seeded PRNG (mulberry32) so every property-test failure can be replayed from its seed.

export interface Rng {
  next(): number;
  int(maxExclusive: number): number;
  pick<T>(list: readonly T[]): T;
  shuffle<T>(list: readonly T[]): T[];
}

export function rng(seed: number): Rng {
  let a = seed >>> 0;
  const next = () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  const int = (max: number) => Math.floor(next() * max);
  return {
    next,
    int,
    pick: <T>(list: readonly T[]): T => {
      const item = list[int(list.length)];
      if (item === undefined) throw new Error('pick from an empty list');
      return item;
    },
    shuffle: <T>(list: readonly T[]): T[] => {
      const out = list.slice();
      for (let i = out.length - 1; i > 0; i--) {
        const j = int(i + 1);
        const tmp = out[i];
        const other = out[j];
        if (tmp === undefined || other === undefined) continue;
        out[i] = other;
        out[j] = tmp;
      }
      return out;
    },
  };
}
