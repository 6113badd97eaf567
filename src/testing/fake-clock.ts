// A Clock for tests: time stands still until advance() moves it, firing due timers in order.

import type { Clock, TimerId } from '../contract/clock';

/** Lets promise chains (fetch, the handshake) and 0-ms real timers run. */
export async function flush(turns = 3): Promise<void> {
  for (let i = 0; i < turns; i++) await new Promise<void>((resolve) => setTimeout(resolve, 0));
}

export class FakeClock implements Clock {
  private t: number;
  private seq = 0;
  private readonly timers = new Map<number, { at: number; fn: () => void }>();
  /** Jitter source; 0 makes backoff steps exact (1 s, 2 s, 4 s …). */
  rand = 0;

  constructor(start = 1_700_000_000_000) {
    this.t = start;
  }

  now = (): number => this.t;
  random = (): number => this.rand;
  setTimeout = (fn: () => void, ms: number): TimerId => {
    const id = ++this.seq;
    this.timers.set(id, { at: this.t + Math.max(0, ms), fn });
    return id;
  };
  clearTimeout = (id: TimerId): void => {
    if (typeof id === 'number') this.timers.delete(id);
  };

  pending(): number {
    return this.timers.size;
  }

  /** Delays of pending timers from now, sorted. */
  delays(): number[] {
    return [...this.timers.values()].map((timer) => timer.at - this.t).sort((shorter, longer) => shorter - longer);
  }

  async advance(ms: number): Promise<void> {
    const end = this.t + ms;
    await flush();
    for (;;) {
      let next: [number, { at: number; fn: () => void }] | undefined;
      for (const entry of this.timers) if (entry[1].at <= end && (!next || entry[1].at < next[1].at)) next = entry;
      if (!next) break;
      this.timers.delete(next[0]);
      this.t = next[1].at;
      next[1].fn();
      await flush();
    }
    this.t = end;
    await flush();
  }
}
