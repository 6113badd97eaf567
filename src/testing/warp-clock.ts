// A real-time Clock whose time can also jump forward (integration tests): timers run on real
// time as usual, and warp(ms) fires at once every timer that the jump makes due.

import type { Clock, TimerId } from '../contract/clock';

export class WarpClock implements Clock {
  private offset = 0;
  private seq = 0;
  private readonly timers = new Map<number, { at: number; fn: () => void; real: ReturnType<typeof setTimeout> }>();

  now = (): number => Date.now() + this.offset;
  random = (): number => Math.random();
  setTimeout = (fn: () => void, ms: number): TimerId => {
    const id = ++this.seq;
    const real = setTimeout(() => this.fire(id), ms);
    this.timers.set(id, { at: this.now() + ms, fn, real });
    return id;
  };
  clearTimeout = (id: TimerId): void => {
    if (typeof id !== 'number') return;
    const t = this.timers.get(id);
    if (t) clearTimeout(t.real);
    this.timers.delete(id);
  };

  pending(): number {
    return this.timers.size;
  }

  warp(ms: number): void {
    this.offset += ms;
    for (;;) {
      const due = [...this.timers].filter(([, timer]) => timer.at <= this.now()).sort((earlier, later) => earlier[1].at - later[1].at)[0];
      if (!due) return;
      this.fire(due[0]);
    }
  }

  private fire(id: number): void {
    const t = this.timers.get(id);
    if (!t) return;
    clearTimeout(t.real);
    this.timers.delete(id);
    t.fn();
  }
}
