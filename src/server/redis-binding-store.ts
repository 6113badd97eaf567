// Binding store on Redis for sites with several instances. Takes a connected node-redis client
// (`redis` v5+); the type is structural so the site need not install our types for it.

import { type BindingStore, parseBinding } from './binding-store';
import { redisCall } from './shared-state';

export interface RedisClientLike {
  /** node-redis has it: while false (reconnecting) a request fails at once instead of waiting in the client's queue. */
  readonly isReady?: boolean;
  get(key: string): Promise<unknown>;
  set(key: string, value: string, options: { EX: number }): Promise<unknown>;
  del(key: string): Promise<unknown>;
}

export interface RedisBindingStoreOptions {
  /** Key prefix; default `agent-webchat:binding:`. */
  prefix?: string;
}

export function createRedisBindingStore(client: RedisClientLike, options: RedisBindingStoreOptions = {}): BindingStore {
  const prefix = options.prefix ?? 'agent-webchat:binding:';
  return {
    async get(key) {
      const text = await redisCall(client, () => client.get(prefix + key));
      return typeof text === 'string' ? parseBinding(text) : undefined;
    },
    async set(key, value, ttlSeconds) {
      await redisCall(client, () => client.set(prefix + key, JSON.stringify(value), { EX: Math.max(1, Math.ceil(ttlSeconds)) }));
    },
    async delete(key) {
      await redisCall(client, () => client.del(prefix + key));
    },
  };
}
