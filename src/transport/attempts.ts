// The attempts of one transport: its timers, the generation that tells a current attempt from an
// abandoned one, the sleep between retries and the bounded retry loop (docs/protocol.md §6.4, §6.6).
// Every timer goes through `setTimer`, so `reset()` (the transport's teardown) clears them all.

import type { Clock, TimerId } from '../contract/clock';
import { backoffDelay } from './backoff';
import { isRetry, type Retry } from './http-call';

/** The current attempt: its requests' abort signal, and whether it is still the current one. */
export interface Attempt {
  signal: AbortSignal;
  isCurrent(): boolean;
}

export interface RetryPolicy {
  /** Gives up after this many failures (no answer, 5xx, 408). */
  maxFailures: number;
  /** Gives up after this many 429s. */
  maxRateLimits: number;
  /** Hears each retry before its wait. */
  onWait?(retry: Retry, failures: number): unknown;
}

export type Attempts = ReturnType<typeof createAttempts>;

export function createAttempts(clock: Clock) {
  const liveTimers = new Set<TimerId>();
  let generation = 0;
  let abortController = new AbortController();
  /** Ends the sleep in progress early (wake-up); undefined when nothing sleeps. */
  let endSleep: (() => void) | undefined;

  const setTimer = (callback: () => void, ms: number): TimerId => {
    const id = clock.setTimeout(() => {
      liveTimers.delete(id);
      callback();
    }, ms);
    liveTimers.add(id);
    return id;
  };
  const clearTimer = (id: TimerId | undefined) => {
    if (id === undefined) return;
    clock.clearTimeout(id);
    liveTimers.delete(id);
  };

  /** Abandons the current attempt: async steps see a new generation, requests abort, timers stop. */
  const reset = () => {
    generation++;
    abortController.abort();
    abortController = new AbortController();
    for (const id of liveTimers) clock.clearTimeout(id);
    liveTimers.clear();
    endSleep = undefined;
  };

  /**
   * A wait that `wakeSleeper()` cuts short; a `reset()` abandons it (it never resolves). A wait cut
   * short leaves its timer to run out: resolving again does nothing.
   */
  const sleep = (ms: number) =>
    new Promise<void>((resolve) => {
      endSleep = resolve;
      setTimer(resolve, ms);
    });
  const wakeSleeper = () => endSleep?.();

  const currentAttempt = (): Attempt => {
    const attemptGeneration = generation;
    return { signal: abortController.signal, isCurrent: () => attemptGeneration === generation };
  };

  /**
   * Runs `request` until it gives an answer that is not a Retry. Failures (429s apart) back off
   * 1 s → 30 s; 429 waits its Retry-After. Gives up, returning the last Retry, after
   * `maxFailures` failures or `maxRateLimits` 429s; undefined when reset() abandoned it meanwhile.
   */
  async function retryWithBackoff<T>(request: () => Promise<T | Retry>, policy: RetryPolicy): Promise<T | Retry | undefined> {
    const attempt = currentAttempt();
    let failures = 0;
    let rateLimits = 0;
    for (;;) {
      const answer = await request();
      if (!attempt.isCurrent()) return;
      if (!isRetry(answer)) return answer;
      const rateLimited = answer.code === 'rate-limited';
      if (rateLimited ? ++rateLimits > policy.maxRateLimits : ++failures >= policy.maxFailures) return answer;
      policy.onWait?.(answer, failures);
      await sleep(answer.wait ?? backoffDelay((rateLimited ? rateLimits : failures) - 1, () => clock.random()));
      if (!attempt.isCurrent()) return;
    }
  }

  return { setTimer, clearTimer, reset, sleep, wakeSleeper, currentAttempt, retryWithBackoff };
}
