// Time is injected so backoff, resend and expiry logic can be tested without waiting. The real
// clock is client/clock.ts; tests hand in fakes (src/testing).

// `| number`: browsers return numbers, and fake clocks in tests can too.
export type TimerId = ReturnType<typeof setTimeout> | number;

export interface Clock {
  now(): number;
  setTimeout(fn: () => void, ms: number): TimerId;
  clearTimeout(id: TimerId): void;
  /** [0, 1): jitter source, injectable for deterministic tests. */
  random(): number;
}
