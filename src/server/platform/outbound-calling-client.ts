// Outbound Calling from a site's backend: trigger a call, read its status, and poll until it
// ends (every 2–5 s while queued or calling, backing off while the status lookup fails with 500).

import type { components } from './platform-api';
import { type ClientOptions, callPlatform, isObject, malformed, PlatformApiError, sleep } from './platform-request';

/** The OpenAPI document's CallStatus.status. */
export type CallStatus = components['schemas']['CallStatus']['status'];
/** The OpenAPI document's CallRequest.encryption. */
export type CallEncryption = NonNullable<components['schemas']['CallRequest']['encryption']>;

export interface OutboundCallingClientOptions extends ClientOptions {
  /** `X-Service-Auth-Token`. Keep it on the server. */
  authToken: string;
}

export interface TriggerCallRequest {
  /** E.164, or national together with `countryCode`. */
  toNumber: string;
  /** ISO 3166-1 alpha-2, for a national `toNumber`. */
  countryCode?: string;
  /** Delivered to the agent as SIP headers; string values only, under 26 KB in base64. */
  metadata?: Record<string, string>;
  encryption?: CallEncryption;
}

export interface CallState {
  callSid: string;
  status: CallStatus;
  /** Filled for a failure, else ''. */
  reason: string;
}

export interface PollOptions {
  /** Between two status reads while the call is queued or calling; clamped to 2–5 s. Default 3000. */
  intervalMs?: number;
  signal?: AbortSignal;
  /** Called with every status read, the first one included. */
  onStatus?: (state: CallState) => void;
  /** Consecutive failed reads (500 or network) tolerated before giving up. Default 5. */
  maxFailures?: number;
}

export interface OutboundCallingClient {
  triggerCall(request: TriggerCallRequest, signal?: AbortSignal): Promise<{ callSid: string }>;
  callStatus(callSid: string, signal?: AbortSignal): Promise<CallState>;
  /** Reads the status until it is `success` or `failure` and returns that state. */
  pollCallStatus(callSid: string, options?: PollOptions): Promise<CallState>;
}

const SERVICE = 'Outbound Calling';
const STATUSES: readonly CallStatus[] = ['queued', 'calling', 'success', 'failure'];
const MIN_INTERVAL_MS = 2_000;
const MAX_INTERVAL_MS = 5_000;

export function createOutboundCallingClient(options: OutboundCallingClientOptions): OutboundCallingClient {
  const headers = { 'X-Service-Auth-Token': options.authToken };
  const base = { headers, secret: options.authToken, service: SERVICE };

  const callStatus = async (callSid: string, signal?: AbortSignal): Promise<CallState> => {
    const answer = await callPlatform(
      options,
      // A 500 here is "failed to retrieve": the platform advises a retry with backoff.
      { ...base, method: 'GET', path: `/v1/outbound-calling/${encodeURIComponent(callSid)}/status`, transient: [0, 500] },
      signal,
    );
    return parseState(callSid, answer.body);
  };

  return {
    async triggerCall(request, signal) {
      const body: Record<string, unknown> = { to_number: request.toNumber };
      if (request.countryCode !== undefined) body['country_code'] = request.countryCode;
      if (request.metadata !== undefined) body['metadata'] = request.metadata;
      if (request.encryption !== undefined) body['encryption'] = request.encryption;
      const answer = await callPlatform(
        options,
        {
          ...base,
          headers: { ...headers, 'Content-Type': 'application/json' },
          method: 'POST',
          path: '/v1/outbound-calling',
          body: JSON.stringify(body),
          // "Call could not be placed; retry with exponential backoff."
          transient: [500],
        },
        signal,
      );
      const callSid = isObject(answer.body) ? answer.body['call_sid'] : undefined;
      if (typeof callSid !== 'string' || !callSid.startsWith('OUT-')) throw malformed(SERVICE, 'call_sid');
      return { callSid };
    },

    callStatus,

    async pollCallStatus(callSid, poll = {}) {
      const interval = Math.min(MAX_INTERVAL_MS, Math.max(MIN_INTERVAL_MS, poll.intervalMs ?? 3_000));
      const maxFailures = poll.maxFailures ?? 5;
      let failures = 0;
      for (;;) {
        let state: CallState | undefined;
        try {
          state = await callStatus(callSid, poll.signal);
          failures = 0;
        } catch (error) {
          // Only a failing lookup is waited out; 400/401/404 are answers, not hiccups.
          if (!(error instanceof PlatformApiError) || (error.status !== 500 && error.status !== 0)) throw error;
          failures += 1;
          if (failures > maxFailures) throw error;
        }
        if (state) {
          poll.onStatus?.(state);
          if (state.status === 'success' || state.status === 'failure') return state;
        }
        await sleep(failures === 0 ? interval : Math.min(MAX_INTERVAL_MS * 4, interval * 2 ** failures), poll.signal);
      }
    },
  };
}

function parseState(callSid: string, body: unknown): CallState {
  if (!isObject(body)) throw malformed(SERVICE, 'status body');
  const status = STATUSES.find((candidate) => candidate === body['status']);
  if (!status) throw malformed(SERVICE, 'status');
  const reason = body['reason'];
  return { callSid, status, reason: typeof reason === 'string' ? reason : '' };
}
