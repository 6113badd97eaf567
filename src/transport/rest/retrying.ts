// PROTOCOL §6.6 for one Chat REST request: 429 waits Retry-After (capped by the parser), 5xx and
// network failures back off 1 s → 30 s with jitter. Both are bounded, so a broken server ends in a
// clear failure the user can retry instead of a message that spins forever.

import { backoffDelay } from '../backoff';
import type { Timers } from '../timers';
import type { ChatAnswer } from './chat-api';

/** A server that keeps saying "later" is given this many waits before the request fails. */
export const RATE_LIMIT_WAITS = 5;

export interface RetryPolicy {
  /** Attempts in all for network/5xx failures. */
  attempts: number;
  timers: Timers;
  random(): number;
  /** false once the caller was abandoned (stop, new conversation): nothing more is attempted. */
  alive(): boolean;
  /** Told before each wait. */
  onWait?(answer: Extract<ChatAnswer<unknown>, { kind: 'retry' }>): void;
}

/** The final answer; undefined when the caller was abandoned meanwhile. */
export async function retrying<T>(attempt: () => Promise<ChatAnswer<T>>, p: RetryPolicy): Promise<ChatAnswer<T> | undefined> {
  let failures = 0;
  let limited = 0;
  for (;;) {
    const answer = await attempt();
    if (!p.alive()) return undefined;
    if (answer.kind !== 'retry') return answer;
    const rateLimited = answer.code === 'rate-limited';
    if (rateLimited ? ++limited > RATE_LIMIT_WAITS : ++failures >= p.attempts) return answer;
    p.onWait?.(answer);
    await p.timers.sleep(rateLimited ? answer.retryAfterMs ?? backoffDelay(limited - 1, p.random) : backoffDelay(failures - 1, p.random));
    if (!p.alive()) return undefined;
  }
}
