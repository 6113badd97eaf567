// Awaits a condition instead of sleeping: re-checked on every store change and on a short poll
// (for conditions on the server side). Optionally jumps a WarpClock forward while waiting.

import type { WarpClock } from './warp-clock';

export interface WaitOptions {
  timeoutMs?: number;
  store?: { subscribe(listener: () => void): () => void };
  /** Jump the client's clock this far on every poll (skips backoff waits). */
  warp?: { clock: WarpClock; stepMs: number };
  what?: string;
}

export function waitFor(predicate: () => boolean, o: WaitOptions = {}): Promise<void> {
  const timeoutMs = o.timeoutMs ?? 5000;
  return new Promise((resolve, reject) => {
    let unsubscribe = () => {};
    const finish = (err?: Error) => {
      clearInterval(poll);
      clearTimeout(timer);
      unsubscribe();
      if (err) reject(err);
      else resolve();
    };
    const check = () => {
      try {
        if (predicate()) finish();
      } catch (e) {
        finish(e instanceof Error ? e : new Error(String(e)));
      }
    };
    const poll = setInterval(() => {
      o.warp?.clock.warp(o.warp.stepMs);
      check();
    }, 20);
    const timer = setTimeout(() => finish(new Error(`timed out after ${timeoutMs} ms waiting for ${o.what ?? 'a condition'}`)), timeoutMs);
    if (o.store) unsubscribe = o.store.subscribe(check);
    check();
  });
}
