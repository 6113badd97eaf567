// The callback endpoint's memory of each visitor's latest call, keyed like the continuity binding
// (the hash of the visitor cookie). It is what ties a call_sid to one visitor: a status request
// for any other sid is answered 404, and a reload or another tab finds the call again by cookie.

import { parseJsonText } from './json-text';
import type { CallStatus } from './platform/outbound-calling-client';
import { createMemoryState, type SharedState } from './shared-state';
import { field } from './upstream';

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

/** One process only; with the endpoint's `redis` option the calls live in Redis instead. */
export function createMemoryCallStore(now: () => number, maxEntries = 10_000): CallStore {
  return createSharedCallStore(createMemoryState(now, maxEntries));
}

/** Calls kept as JSON under `call:<visitor key>` of the shared state (Redis: `agent-webchat:call:…`). */
export function createSharedCallStore(state: SharedState): CallStore {
  const name = (key: string) => `call:${key}`;
  return {
    async get(key) {
      const text = await state.get(name(key));
      return text === undefined ? undefined : parseCall(text);
    },
    set: (key, call, ttlSeconds) => state.set(name(key), JSON.stringify(call), ttlSeconds),
    delete: (key) => state.delete(name(key)),
  };
}

function parseCall(text: string): VisitorCall | undefined {
  const value = parseJsonText(text);
  const callSid = field(value, 'callSid');
  const status = field(value, 'status');
  const reason = field(value, 'reason');
  const requestedAt = field(value, 'requestedAt');
  if (typeof callSid !== 'string' || !isCallStatus(status) || typeof reason !== 'string' || typeof requestedAt !== 'number')
    return undefined;
  return { callSid, status, reason, requestedAt };
}

export function isCallStatus(value: unknown): value is CallStatus {
  return value === 'queued' || value === 'calling' || value === 'success' || value === 'failure';
}
