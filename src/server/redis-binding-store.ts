// Binding store on Redis for sites with several instances. Takes a connected node-redis client
// (`redis` v5+); the type is structural so the site need not install our types for it.

import { type BindingStore, parseBinding } from './binding-store';

export interface RedisClientLike {
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
      const text = await client.get(prefix + key);
      return typeof text === 'string' ? parseBinding(text) : undefined;
    },
    async set(key, value, ttlSeconds) {
      await client.set(prefix + key, JSON.stringify(value), { EX: Math.max(1, Math.ceil(ttlSeconds)) });
    },
    async delete(key) {
      await client.del(prefix + key);
    },
  };
}
