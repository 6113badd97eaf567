// The real clock: Date and the global timers.

import type { Clock } from '../contract/clock';

export const systemClock: Clock = {
  now: () => Date.now(),
  setTimeout: (fn, ms) => setTimeout(fn, ms),
  clearTimeout: (id) => clearTimeout(id),
  random: () => Math.random(),
};
