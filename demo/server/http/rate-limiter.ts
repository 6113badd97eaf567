// Sliding-window limiter: remembers the time of each accepted hit per key, so `Retry-After`
// can say exactly when the oldest hit leaves the window.

import type { RateLimit } from '../options';

export type RateDecision = { ok: true } | { ok: false; retryAfterSeconds: number };

export class SlidingWindowLimiter {
  private readonly hits = new Map<string, number[]>();

  constructor(private readonly rule: RateLimit) {}

  take(key: string, now = Date.now()): RateDecision {
    const windowStart = now - this.rule.windowMs;
    const recent = (this.hits.get(key) ?? []).filter((at) => at > windowStart);
    if (recent.length >= this.rule.limit) {
      this.hits.set(key, recent);
      const oldest = recent[0] ?? now;
      const waitMs = oldest + this.rule.windowMs - now;
      return { ok: false, retryAfterSeconds: Math.max(1, Math.ceil(waitMs / 1000)) };
    }
    recent.push(now);
    this.hits.set(key, recent);
    return { ok: true };
  }
}
