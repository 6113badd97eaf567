// What the endpoints remember between requests (a visitor's current call, the lock of a call being
// placed, a rated session): in this process's memory, or on Redis so that every instance of a site
// behind a load balancer sees one state. Keys live under one prefix, each with a TTL.

import { errorResponse } from './responses';

/**
 * A connected node-redis (v5 or later) client, typed structurally so a site needs no types from us.
 * `isReady` (node-redis has it) lets a request fail at once while the client reconnects.
 */
export interface SiteRedisClient {
  readonly isReady?: boolean;
  get(key: string): Promise<unknown>;
  set(key: string, value: string, options: { EX?: number; NX?: boolean }): Promise<unknown>;
  del(key: string): Promise<unknown>;
  eval(script: string, options: { keys: string[]; arguments: string[] }): Promise<unknown>;
}

/** Every key the endpoints write to Redis starts with this. */
export const REDIS_PREFIX = 'agent-webchat:';
/** A Redis command that takes longer is treated as Redis unreachable. */
export const REDIS_TIMEOUT_MS = 1000;
/** Retry-After of a 503 answered while the shared state cannot be reached. */
const UNAVAILABLE_RETRY_SECONDS = '5';

/** The endpoints' answer while the binding store or the shared state cannot be reached. */
export function stateUnavailableResponse(cors: Record<string, string>): Response {
  return errorResponse(503, 'Visitor store unavailable', { ...cors, 'Retry-After': UNAVAILABLE_RETRY_SECONDS });
}

/** Thrown when the shared state cannot be read or written; the endpoints answer 503. */
export class StateUnavailableError extends Error {
  constructor() {
    super('Shared state unavailable');
    this.name = 'StateUnavailableError';
  }
}

export interface SharedState {
  get(key: string): Promise<string | undefined>;
  set(key: string, value: string, ttlSeconds: number): Promise<void>;
  delete(key: string): Promise<void>;
  /** Sets the key only if absent (atomic across instances); the claim's token, or undefined when taken. */
  claim(key: string, ttlSeconds: number): Promise<string | undefined>;
  /** Deletes the key if it still holds this claim's token (an expired claim taken since is left alone). */
  release(key: string, token: string): Promise<void>;
}

export function createSharedState(redis: SiteRedisClient | undefined, now: () => number = Date.now): SharedState {
  return redis ? createRedisState(redis) : createMemoryState(now);
}

export function createMemoryState(now: () => number, maxEntries = 10_000): SharedState {
  const entries = new Map<string, { value: string; until: number }>();
  const read = (key: string) => {
    const entry = entries.get(key);
    if (entry && entry.until > now()) return entry.value;
    entries.delete(key);
    return undefined;
  };
  const write = (key: string, value: string, ttlSeconds: number) => {
    entries.delete(key);
    entries.set(key, { value, until: now() + ttlSeconds * 1000 });
    if (entries.size > maxEntries) entries.delete(entries.keys().next().value ?? key);
  };
  return {
    get: async (key) => read(key),
    set: async (key, value, ttlSeconds) => write(key, value, ttlSeconds),
    delete: async (key) => void entries.delete(key),
    async claim(key, ttlSeconds) {
      if (read(key) !== undefined) return undefined;
      const token = claimToken();
      write(key, token, ttlSeconds);
      return token;
    },
    async release(key, token) {
      if (read(key) === token) entries.delete(key);
    },
  };
}

const RELEASE_SCRIPT = "if redis.call('get', KEYS[1]) == ARGV[1] then return redis.call('del', KEYS[1]) else return 0 end";

function createRedisState(redis: SiteRedisClient): SharedState {
  const key = (name: string) => REDIS_PREFIX + name;
  const ttl = (seconds: number) => Math.max(1, Math.ceil(seconds));
  return {
    async get(name) {
      const value = await redisCall(redis, () => redis.get(key(name)));
      return typeof value === 'string' ? value : undefined;
    },
    async set(name, value, ttlSeconds) {
      await redisCall(redis, () => redis.set(key(name), value, { EX: ttl(ttlSeconds) }));
    },
    async delete(name) {
      await redisCall(redis, () => redis.del(key(name)));
    },
    async claim(name, ttlSeconds) {
      const token = claimToken();
      const answer = await redisCall(redis, () => redis.set(key(name), token, { EX: ttl(ttlSeconds), NX: true }));
      return answer === 'OK' ? token : undefined;
    },
    async release(name, token) {
      await redisCall(redis, () => redis.eval(RELEASE_SCRIPT, { keys: [key(name)], arguments: [token] }));
    },
  };
}

/**
 * One Redis command, failing fast: at once while the client is not ready (node-redis would queue
 * the command until it reconnects), and after REDIS_TIMEOUT_MS otherwise.
 */
export async function redisCall<T>(redis: { readonly isReady?: boolean }, command: () => Promise<T>): Promise<T> {
  if (redis.isReady === false) throw new StateUnavailableError();
  let timer: ReturnType<typeof setTimeout> | undefined;
  const timeout = new Promise<never>((_resolve, reject) => {
    timer = setTimeout(() => reject(new StateUnavailableError()), REDIS_TIMEOUT_MS);
  });
  try {
    return await Promise.race([command(), timeout]);
  } catch {
    throw new StateUnavailableError();
  } finally {
    clearTimeout(timer);
  }
}

function claimToken(): string {
  return crypto.randomUUID();
}
