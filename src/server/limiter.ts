// The one limiter of the server helpers (token, callback and rating endpoints): fixed windows from
// rate-limiter-flexible, counted atomically in Redis when the site gives a client (every instance
// counts against one limit) and in this process's memory otherwise. Keys are SHA-256 hashes of the
// text they come from, so no phone number or address is written to Redis.

import { type RateLimiterAbstract, RateLimiterMemory, RateLimiterRedis, RateLimiterRes } from 'rate-limiter-flexible';
import { REDIS_PREFIX, redisCall, type SiteRedisClient, StateUnavailableError } from './shared-state';
import { sha256Hex } from './visitor-cookie';

export interface ClientLimitOptions {
  /** Requests allowed per key and window; default 20 (token endpoint). */
  max?: number;
  /** Window length; default 60 s. */
  windowSeconds?: number;
  /**
   * @deprecated No effect: each key is forgotten when its window ends (memory) or by its TTL (Redis).
   */
  maxClients?: number;
}

export interface Limiter {
  /**
   * Counts one request (or `points` of it, e.g. bytes): undefined when allowed, else seconds until
   * the window reopens. Throws StateUnavailableError.
   */
  take(key: string, points?: number): Promise<number | undefined>;
  /** Gives one request (or `points`) back: a refused attempt, or one whose other limits refused it. */
  give(key: string, points?: number): Promise<void>;
}

/** `name` is the limit's part of the Redis key: `agent-webchat:limit:<name>:<sha256(key)>`. */
export function createLimiter(name: string, options: ClientLimitOptions, redis: SiteRedisClient | undefined): Limiter {
  const points = options.max ?? 20;
  const duration = Math.max(1, Math.ceil(options.windowSeconds ?? 60));
  const limiter: RateLimiterAbstract = redis
    ? new RateLimiterRedis({
        storeClient: redis,
        useRedisPackage: true,
        rejectIfRedisNotReady: true,
        keyPrefix: `${REDIS_PREFIX}limit:${name}`,
        points,
        duration,
      })
    : new RateLimiterMemory({ keyPrefix: name, points, duration });
  // Memory cannot be unreachable; a Redis command is bounded in time like every other one.
  const guarded = <T>(command: () => Promise<T>) => (redis ? redisCall(redis, command) : command());

  async function give(hashed: string, count: number): Promise<void> {
    await guarded(() => limiter.reward(hashed, count));
  }

  return {
    async take(key, count = 1) {
      const hashed = await sha256Hex(key);
      let refused: RateLimiterRes | undefined;
      await guarded(() =>
        limiter.consume(hashed, count).then(
          () => undefined,
          (reason: unknown) => {
            if (!(reason instanceof RateLimiterRes)) throw new StateUnavailableError();
            refused = reason;
          },
        ),
      );
      if (!refused) return undefined;
      // A refused attempt is not counted: the window reopens when the counted ones expire.
      await give(hashed, count);
      return Math.max(1, Math.ceil(refused.msBeforeNext / 1000));
    },
    give: async (key, count = 1) => give(await sha256Hex(key), count),
  };
}

/**
 * Counts one request against every limit at once (on Redis the commands are in flight together: one
 * round trip of waiting, not one per limit). When any refuses, those counted are given back, so a refused request
 * counts nowhere; the answer is that of the first limit, in order, that refused or failed. Each
 * count is atomic, so N instances in a burst let through at most the limit (a few fewer while
 * refused ones are being given back).
 */
export async function takeAll(limits: ReadonlyArray<readonly [Limiter, string]>): Promise<number | undefined> {
  const outcomes = await Promise.allSettled(limits.map(([limiter, key]) => limiter.take(key)));
  const allowed = (index: number) => {
    const outcome = outcomes[index];
    return outcome?.status === 'fulfilled' && outcome.value === undefined;
  };
  if (outcomes.every((_outcome, index) => allowed(index))) return undefined;
  await Promise.all(limits.filter((_limit, index) => allowed(index)).map(([limiter, key]) => limiter.give(key)));
  for (const outcome of outcomes) {
    if (outcome.status === 'rejected') throw outcome.reason;
    if (outcome.value !== undefined) return outcome.value;
  }
  return undefined;
}
