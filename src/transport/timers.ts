// Every timer a transport starts goes through one group, so stop() can clear them all at once.

import type { Clock, TimerId } from '../client/clock';

export interface Timers {
  set(fn: () => void, ms: number): TimerId;
  clear(id: TimerId | undefined): void;
  clearAll(): void;
  /** A wait that `wake()` can cut short; cleared waits never resolve (callers are abandoned). */
  sleep(ms: number): Promise<void>;
  wake(): void;
}

export function createTimers(clock: Clock): Timers {
  const live = new Set<TimerId>();
  let wakeSleeper: (() => void) | undefined;
  const timers: Timers = {
    set(fn, ms) {
      const id = clock.setTimeout(() => {
        live.delete(id);
        fn();
      }, ms);
      live.add(id);
      return id;
    },
    clear(id) {
      if (id === undefined) return;
      clock.clearTimeout(id);
      live.delete(id);
    },
    clearAll() {
      for (const id of live) clock.clearTimeout(id);
      live.clear();
      wakeSleeper = undefined;
    },
    sleep(ms) {
      return new Promise((resolve) => {
        const id = timers.set(() => done(), ms);
        const done = () => {
          timers.clear(id);
          if (wakeSleeper === done) wakeSleeper = undefined;
          resolve();
        };
        wakeSleeper = done;
      });
    },
    wake() {
      wakeSleeper?.();
    },
  };
  return timers;
}
