// Where the token endpoint remembers which token and session belong to a visitor. Keys are
// SHA-256 hashes of the visitor cookie, never the cookie itself.

import { parseJsonText } from './json-text';
import { createMemoryHistory, type VisitorHistory } from './visitor-history';

export interface VisitorBinding {
  accessToken: string;
  sessionId: string;
  /** Epoch milliseconds when the access token expires. */
  expiresAt: number;
  streaming: boolean;
}

export interface BindingStore {
  get(key: string): Promise<VisitorBinding | undefined>;
  /** Keeps the binding for at most `ttlSeconds`. */
  set(key: string, value: VisitorBinding, ttlSeconds: number): Promise<void>;
  delete(key: string): Promise<void>;
  /**
   * The conversations that were each visitor's (sessions bound, calls placed), for the history
   * endpoint. The built-in stores have it; without it nothing is recorded and
   * `createHistoryEndpoint` refuses the store.
   */
  readonly history?: VisitorHistory;
}

export interface MemoryBindingStoreOptions {
  /** Bindings held at once; the oldest is dropped first. Default 10,000. */
  maxEntries?: number;
  /** Clock in epoch ms (tests). */
  now?: () => number;
}

/** One process only: for several instances behind a load balancer use `createRedisBindingStore`. */
export function createMemoryBindingStore(options: MemoryBindingStoreOptions = {}): BindingStore {
  const maxEntries = options.maxEntries ?? 10_000;
  const now = options.now ?? Date.now;
  const entries = new Map<string, { value: VisitorBinding; until: number }>();
  return {
    history: createMemoryHistory(now, maxEntries),
    async get(key) {
      const entry = entries.get(key);
      if (!entry) return undefined;
      if (entry.until <= now()) {
        entries.delete(key);
        return undefined;
      }
      return { ...entry.value };
    },
    async set(key, value, ttlSeconds) {
      entries.delete(key);
      entries.set(key, { value: { ...value }, until: now() + ttlSeconds * 1000 });
      while (entries.size > maxEntries) {
        const oldest = entries.keys().next().value;
        if (oldest === undefined) break;
        entries.delete(oldest);
      }
    },
    async delete(key) {
      entries.delete(key);
    },
  };
}

/** A stored binding read back from text (Redis): checked field by field. */
export function parseBinding(text: string): VisitorBinding | undefined {
  const value = parseJsonText(text);
  if (typeof value !== 'object' || value === null) return undefined;
  const accessToken = Reflect.get(value, 'accessToken');
  const sessionId = Reflect.get(value, 'sessionId');
  const expiresAt = Reflect.get(value, 'expiresAt');
  const streaming = Reflect.get(value, 'streaming');
  if (typeof accessToken !== 'string' || typeof sessionId !== 'string') return undefined;
  if (typeof expiresAt !== 'number' || typeof streaming !== 'boolean') return undefined;
  return { accessToken, sessionId, expiresAt, streaming };
}
