// Binding store on Redis for sites with several instances. Takes a connected node-redis client
// (`redis` v5+); the type is structural so the site need not install our types for it.

import { type BindingStore, parseBinding } from './binding-store';
import { redisCall } from './shared-state';
import { createRedisHistory } from './visitor-history';

export interface RedisClientLike {
  /** node-redis has it: while false (reconnecting) a request fails at once instead of waiting in the client's queue. */
  readonly isReady?: boolean;
  get(key: string): Promise<unknown>;
  set(key: string, value: string, options: { EX: number }): Promise<unknown>;
  del(key: string): Promise<unknown>;
  /** For the visitor history: each change is one script, atomic across instances. */
  eval(script: string, options: { keys: string[]; arguments: string[] }): Promise<unknown>;
}

export interface RedisBindingStoreOptions {
  /** Key prefix; default `agent-webchat:binding:`. */
  prefix?: string;
  /** Key prefix of the visitors' histories (sorted sets); default `agent-webchat:history:`. */
  historyPrefix?: string;
}

export function createRedisBindingStore(client: RedisClientLike, options: RedisBindingStoreOptions = {}): BindingStore {
  const prefix = options.prefix ?? 'agent-webchat:binding:';
  return {
    history: createRedisHistory(client, options.historyPrefix ?? 'agent-webchat:history:'),
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
