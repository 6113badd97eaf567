import { describe, expect, it, vi } from 'vitest';
import { createEmitter } from './emitter';

describe('createEmitter', () => {
  it('delivers to listeners of the type until unsubscribed', () => {
    const e = createEmitter<{ a: number; b: string }>();
    const seen: unknown[] = [];
    const off = e.on('a', (n) => seen.push(n));
    e.on('b', (s) => seen.push(s));
    e.emit('a', 1);
    e.emit('b', 'x');
    off();
    e.emit('a', 2);
    expect(seen).toEqual([1, 'x']);
    e.clear();
    e.emit('b', 'y');
    expect(seen).toEqual([1, 'x']);
  });

  it('a throwing listener does not stop the others; its error is rethrown asynchronously', async () => {
    const e = createEmitter<{ a: number }>();
    const boom = new Error('host bug');
    const later = vi.fn();
    const rethrown = new Promise<unknown>((resolve) => {
      const original = globalThis.queueMicrotask;
      vi.spyOn(globalThis, 'queueMicrotask').mockImplementationOnce((fn) => {
        original(() => {
          try {
            fn();
          } catch (err) {
            resolve(err);
          }
        });
      });
    });
    e.on('a', () => {
      throw boom;
    });
    e.on('a', later);
    e.emit('a', 1);
    expect(later).toHaveBeenCalledWith(1);
    expect(await rethrown).toBe(boom);
    vi.restoreAllMocks();
  });
});
