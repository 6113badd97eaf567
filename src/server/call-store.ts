// The callback endpoint's memory of each visitor's latest call, keyed like the continuity binding
// (the hash of the visitor cookie). It is what ties a call_sid to one visitor: a status request
// for any other sid is answered 404, and a reload or another tab finds the call again by cookie.

import type { CallStatus } from './platform/outbound-calling-client';

export type { CallStatus };

export interface VisitorCall {
  callSid: string;
  status: CallStatus;
  reason: string;
  /** Epoch ms of the request. */
  requestedAt: number;
}

export interface CallStore {
  get(visitorKey: string): Promise<VisitorCall | undefined>;
  set(visitorKey: string, call: VisitorCall, ttlSeconds: number): Promise<void>;
  delete(visitorKey: string): Promise<void>;
}

/** One process only; a site behind a load balancer passes its own `calls` store (e.g. on Redis). */
export function createMemoryCallStore(now: () => number, maxEntries = 10_000): CallStore {
  const entries = new Map<string, { call: VisitorCall; until: number }>();
  return {
    async get(key) {
      const entry = entries.get(key);
      if (entry && entry.until > now()) return { ...entry.call };
      entries.delete(key);
      return undefined;
    },
    async set(key, call, ttlSeconds) {
      entries.delete(key);
      entries.set(key, { call: { ...call }, until: now() + ttlSeconds * 1000 });
      if (entries.size > maxEntries) entries.delete(entries.keys().next().value ?? key);
    },
    async delete(key) {
      entries.delete(key);
    },
  };
}

export function isCallStatus(value: unknown): value is CallStatus {
  return value === 'queued' || value === 'calling' || value === 'success' || value === 'failure';
}
