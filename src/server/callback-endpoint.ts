// Phone callback for a site's backend: the widget's `callbackUrl`. It rings the visitor through the
// platform's Outbound Calling API with the chat's context as metadata, holding X-Service-Auth-Token
// on the server. An endpoint that makes a site call numbers is a toll-fraud and harassment tool
// unless bounded, so every rule below is answered before the platform is asked:
// origin → live continuity binding → number (country, kind, prefix) → one call at a time → limits.
//
//   POST {base}          {"to_number", "country_code"?, "turns"?, "locale"?} → 202 {"call_sid", "status"}
//   GET  {base}/{sid}    the visitor's own call only → {"status", "reason"[, "turns"]}; 404 otherwise
//                        (`turns`: what was said on the phone, once the call ended, with `conversations`)
//   GET  {base}          {"countries", "call"?}: where calls may go, and the visitor's current call

import type { NumberType } from 'libphonenumber-js/max';
import type { BindingStore } from './binding-store';
import { type CallContext, type ChatTurn, callMetadata, parseTurns } from './call-metadata';
import { type CallStore, createSharedCallStore, isCallStatus, type VisitorCall } from './call-store';
import { type Identify, recordingKey, retentionSeconds } from './history-key';
import { findRecords, type HistoryTurn, historyTurns } from './history-records';
import { parseJsonText } from './json-text';
import { type ClientLimitOptions, createLimiter, takeAll } from './limiter';
import { originAllowed } from './origin-rule';
import { checkNumber, DEFAULT_ALLOWED_KINDS, requireCountries } from './phone-number';
import type { ClientEnvironment, ConversationsClient } from './platform/conversations-client';
import { DEFAULT_BODY_TIMEOUT_MS, DEFAULT_JSON_DEPTH, readJsonObject } from './request-body';
import type { RequestContext } from './request-context';
import { corsHeaders, errorResponse, jsonResponse } from './responses';
import { createSharedState, type SiteRedisClient, stateUnavailableResponse } from './shared-state';
import { requireText, withSlash } from './token-endpoint';
import { callUpstream, DEFAULT_UPSTREAM_TIMEOUT_MS, field, type UpstreamPolicy } from './upstream';
import { readVisitorId, type VisitorCookieOptions, visitorCookieName, visitorKey } from './visitor-cookie';
import type { HistoryEntry } from './visitor-history';

export interface CallbackLimits {
  /** Calls one visitor may request per window; default 3. */
  perVisitor?: number;
  /** Calls to one number per window, whoever asks; default 3. */
  perNumber?: number;
  /** Calls the whole site may place per window; default 100. */
  perSite?: number;
  /** Default 3600 (an hour). */
  windowSeconds?: number;
}

export interface CallbackHookContext {
  sessionId: string;
  locale: string | undefined;
  request: Request;
}

export interface CallbackEndpointOptions {
  /** The platform's runtime base: `POST {runtimeUrl}/v1/outbound-calling`. */
  runtimeUrl: string;
  serviceAuthToken: string;
  /** ISO 3166-1 alpha-2 codes of the countries whose numbers may be called. Required: there is no "everywhere". */
  allowedCountries: readonly string[];
  /** The token endpoint's binding store: only a visitor with a live conversation may ask for a call. */
  continuity: { store: BindingStore; cookie?: VisitorCookieOptions };
  /** Cross-origin pages allowed to ask; same-origin is always allowed. */
  allowedOrigins?: readonly string[];
  /** E.164 prefixes never called, e.g. ['+1900', '+44870']. */
  blockedPrefixes?: readonly string[];
  /** Kinds of number called (libphonenumber-js types); default landlines and mobiles only. */
  allowedKinds?: readonly NonNullable<NumberType>[];
  limits?: CallbackLimits;
  /** Status requests per visitor; default 60 per 60 s. */
  statusRateLimit?: ClientLimitOptions;
  /** More metadata for the voice agent (string values); cannot replace the helper's own keys. */
  metadata?: (context: CallbackHookContext) => Record<string, string> | Promise<Record<string, string>>;
  /** The chat's turns from the site's own source (e.g. the Conversations API); default: the turns the widget sends. */
  turns?: (sessionId: string) => Promise<readonly ChatTurn[]>;
  /** Latest turns carried over; default 20. */
  maxTurns?: number;
  /**
   * A connected node-redis (v5+) client: every limit, each visitor's current call and the lock of a
   * call being placed live in Redis (keys `agent-webchat:…`), so N instances enforce one limit.
   * Without it they live in this process's memory.
   */
  redis?: SiteRedisClient;
  /**
   * The path the endpoint is mounted at (the page's `callbackUrl` path), e.g. `/api/callback`. With
   * it, `{path}/{anything not a call id}` and every other path is 404. Without it the last path
   * segment decides: a call id, something shaped like a failed one (`OUT-…`, escapes, symbols) → 404,
   * anything else is taken for the endpoint itself.
   */
  path?: string;
  /**
   * `createConversationsClient(…)`: with it, the status of an ended call also answers what was said
   * on the phone (`turns`, read from the call's VOICE-SIP record, found by its `call_sid`).
   */
  conversations?: ConversationsClient;
  /** The environment of the calls' records; default the platform's (`live`). */
  clientEnv?: ClientEnvironment;
  /** How long a call stays in the visitor's history (`createHistoryEndpoint`); default 30, 0 records nothing. */
  retentionDays?: number;
  /** The site's signed-in user id: calls are then recorded under it (the same function as the history endpoint's). */
  identify?: Identify;
  /** Where each visitor's latest call is kept; default the `redis` client's keys, else memory. */
  calls?: CallStore;
  /** Attempts after a placement the platform could not make (its 500); default 2, backing off from 250 ms. */
  placeRetries?: number;
  /** Largest request body; default 32 KiB (the turns travel in it). */
  maxBodyBytes?: number;
  bodyTimeoutMs?: number;
  upstreamTimeoutMs?: number;
  fetch?: typeof fetch;
  now?: () => number;
}

const SID_PATTERN = /^OUT-[A-Za-z0-9_-]{1,128}$/;
/** A call still queued or calling after this long is no longer held against the visitor. */
const IN_PROGRESS_CAP_MS = 10 * 60 * 1000;
/** The platform keeps a status about 2 hours after the call. */
const CALL_TTL_SECONDS = 2 * 60 * 60;
/** The seed's polling advice, given to the widget when the platform could not read a status. */
const STATUS_RETRY_SECONDS = '3';
/** Records one lookup of a call's conversation reads at most (the calls of about ten minutes, site-wide). */
const CALL_PAGE_LIMIT = 1000;

export function createCallbackEndpoint(
  options: CallbackEndpointOptions,
): (request: Request, context?: RequestContext) => Promise<Response> {
  requireText(options.runtimeUrl, 'runtimeUrl');
  requireText(options.serviceAuthToken, 'serviceAuthToken');
  const allowedCountries = requireCountries(options.allowedCountries);
  const store = options.continuity?.store;
  if (!store) throw new TypeError('agent-webchat/server: option "continuity.store" is required (the token endpoint\'s binding store)');
  const cookieName = visitorCookieName(options.continuity.cookie);
  const now = options.now ?? Date.now;
  const triggerUrl = new URL('v1/outbound-calling', withSlash(options.runtimeUrl)).toString();
  const statusUrl = (sid: string) =>
    new URL(`v1/outbound-calling/${encodeURIComponent(sid)}/status`, withSlash(options.runtimeUrl)).toString();
  const state = createSharedState(options.redis, now);
  const calls = options.calls ?? createSharedCallStore(state);
  const retention = retentionSeconds(options.retentionDays);
  const basePath = options.path === undefined ? undefined : withoutTrailingSlash(options.path);
  const rules = {
    allowedCountries,
    blockedPrefixes: options.blockedPrefixes ?? [],
    allowedKinds: options.allowedKinds ?? DEFAULT_ALLOWED_KINDS,
  };
  const windowSeconds = options.limits?.windowSeconds ?? 3600;
  const perVisitor = createLimiter('callback-visitor', { max: options.limits?.perVisitor ?? 3, windowSeconds }, options.redis);
  const perNumber = createLimiter('callback-number', { max: options.limits?.perNumber ?? 3, windowSeconds }, options.redis);
  const perSite = createLimiter('callback-site', { max: options.limits?.perSite ?? 100, windowSeconds }, options.redis);
  const statusLimit = createLimiter('callback-status', { max: 60, windowSeconds: 60, ...options.statusRateLimit }, options.redis);
  const limits = {
    maxBytes: options.maxBodyBytes ?? 32 * 1024,
    timeoutMs: options.bodyTimeoutMs ?? DEFAULT_BODY_TIMEOUT_MS,
    maxDepth: DEFAULT_JSON_DEPTH,
  };
  const policy: UpstreamPolicy = {
    fetch: options.fetch ?? fetch,
    timeoutMs: options.upstreamTimeoutMs ?? DEFAULT_UPSTREAM_TIMEOUT_MS,
    secrets: [options.serviceAuthToken],
    service: 'Outbound calling service',
  };
  const authHeaders = { 'X-Service-Auth-Token': options.serviceAuthToken };
  // While a call is being placed the visitor's lock is held, on every instance at once: two tabs
  // (or two instances) pressing "Request call" together place one call. It outlives the slowest placement.
  const placeRetries = options.placeRetries ?? 2;
  const lockSeconds = Math.ceil((policy.timeoutMs * (placeRetries + 2) + 250 * 2 ** placeRetries) / 1000) + 5;

  return async (request) => {
    const cors = corsHeaders(request, options.allowedOrigins);
    if (request.method === 'OPTIONS') return new Response(null, { status: 204, headers: cors });
    const target = routeOf(new URL(request.url).pathname, basePath);
    // A malformed call id: 404 before anything is read, and never a request to the platform.
    if (target === 'none') return errorResponse(404, 'No such call', cors);
    const sid = target === 'base' ? undefined : target.sid;
    const allow = sid ? 'GET' : 'GET, POST';
    if (!allow.split(', ').includes(request.method)) return errorResponse(405, 'Method not allowed', { Allow: allow, ...cors });
    if (!originAllowed(request, options.allowedOrigins)) return errorResponse(403, 'Origin not allowed');
    const visitorId = readVisitorId(request, cookieName);
    const key = visitorId === undefined ? undefined : await visitorKey(visitorId);
    try {
      if (sid) return await status(key, sid, cors);
      if (request.method === 'GET') return await current(key, cors);
      return await place(request, key, cors);
    } catch {
      // The binding store or the shared state (Redis) cannot be reached: no call is placed.
      return stateUnavailableResponse(cors);
    }
  };

  async function current(key: string | undefined, cors: Record<string, string>): Promise<Response> {
    const call = key === undefined ? undefined : await calls.get(key);
    const body = call
      ? { countries: allowedCountries, call: { call_sid: call.callSid, status: call.status, reason: call.reason } }
      : { countries: allowedCountries };
    return jsonResponse(200, body, cors);
  }

  async function status(key: string | undefined, sid: string, cors: Record<string, string>): Promise<Response> {
    const call = key === undefined ? undefined : await calls.get(key);
    // Another visitor's sid, an older one, or none: the same 404 as an expired status.
    if (key === undefined || call?.callSid !== sid) return errorResponse(404, 'No such call', cors);
    const wait = await statusLimit.take(key);
    if (wait !== undefined) return errorResponse(429, 'Too many status requests', { ...cors, 'Retry-After': String(wait) });
    const fresh = await readStatus(key, call, cors);
    if (fresh instanceof Response) return fresh;
    const turns = fresh.status === 'success' ? await callTurns(fresh) : undefined;
    return jsonResponse(
      200,
      turns ? { status: fresh.status, reason: fresh.reason, turns } : { status: fresh.status, reason: fresh.reason },
      cors,
    );
  }

  /**
   * What was said on the phone: the call's VOICE-SIP record, found by its call_sid in one
   * Conversations request. Undefined while the record is not there yet (or cannot be read): the
   * status is answered all the same.
   */
  async function callTurns(call: VisitorCall): Promise<HistoryTurn[] | undefined> {
    if (!options.conversations) return undefined;
    const entry = { id: call.callSid, channel: 'phone' as const, at: call.requestedAt, until: call.requestedAt + IN_PROGRESS_CAP_MS };
    try {
      const query = { limit: CALL_PAGE_LIMIT, ...(options.clientEnv ? { clientEnv: options.clientEnv } : {}) };
      const record = (await findRecords(options.conversations, [entry], query)).get(call.callSid);
      return record ? historyTurns(record) : undefined;
    } catch {
      return undefined;
    }
  }

  /** The platform's status of the visitor's call, remembered; a Response when there is none to give. */
  async function readStatus(key: string, call: VisitorCall, cors: Record<string, string>): Promise<VisitorCall | Response> {
    const result = await callUpstream(statusUrl(call.callSid), { method: 'GET', headers: authHeaders }, policy, cors);
    if (!result.ok) {
      if (result.response.status === 404) {
        await calls.delete(key);
        return errorResponse(404, 'No such call', cors);
      }
      // The platform could not read it (its 500): the seed's advice is to poll again, backing off.
      return errorResponse(503, 'Call status unavailable for now', { ...cors, 'Retry-After': STATUS_RETRY_SECONDS });
    }
    const json = parseJsonText(result.text);
    const value = field(json, 'status');
    const reason = field(json, 'reason');
    if (!isCallStatus(value)) return errorResponse(502, 'Outbound calling service gave no status', cors);
    const fresh = { ...call, status: value, reason: typeof reason === 'string' ? reason : '' };
    await calls.set(key, fresh, CALL_TTL_SECONDS);
    return fresh;
  }

  async function place(request: Request, key: string | undefined, cors: Record<string, string>): Promise<Response> {
    const body = await readJsonObject(request, limits);
    if (!body.ok) return errorResponse(body.status, body.message, cors);
    const binding = key === undefined ? undefined : await store.get(key);
    if (key === undefined || !binding || binding.expiresAt <= now()) {
      return errorResponse(403, 'A call needs a live conversation with this visitor', cors);
    }
    const toNumber = body.value['to_number'];
    const countryCode = body.value['country_code'];
    if (typeof toNumber !== 'string' || (countryCode !== undefined && typeof countryCode !== 'string')) {
      return jsonResponse(400, problem('invalid_number', 'Expected {"to_number": string, "country_code"?: string}'), cors);
    }
    const number = checkNumber(toNumber.trim(), countryCode?.toUpperCase(), rules);
    if (!number.ok) return jsonResponse(400, problem(number.code, number.message), cors);

    const lockName = `call-lock:${key}`;
    const lock = await state.claim(lockName, lockSeconds);
    if (lock === undefined) return jsonResponse(409, problem('in_progress', 'A call to this visitor is already in progress'), cors);
    try {
      const previous = await calls.get(key);
      if (previous && (await inProgress(key, previous, cors))) {
        return jsonResponse(409, problem('in_progress', 'A call to this visitor is already in progress'), cors);
      }
      const numberKey = number.e164;
      const wait = await takeAll([
        [perVisitor, key],
        [perNumber, numberKey],
        [perSite, 'site'],
      ]);
      if (wait !== undefined) {
        return jsonResponse(429, problem('too_many_calls', 'Too many calls requested; try again later'), {
          ...cors,
          'Retry-After': String(wait),
        });
      }

      const locale = localeOf(body.value['locale'], request);
      const turns = options.turns ? await options.turns(binding.sessionId) : parseTurns(body.value['turns'], options.maxTurns ?? 20);
      const context: CallContext = {
        sessionId: binding.sessionId,
        turns: turns.slice(-(options.maxTurns ?? 20)),
        locale,
        turnsSource: options.turns ? 'site' : 'widget',
      };
      const extra = options.metadata ? await options.metadata({ sessionId: binding.sessionId, locale, request }) : {};
      const metadata = callMetadata(context, stringsOnly(extra));
      const result = await trigger(JSON.stringify({ to_number: number.e164, metadata }), cors);
      if (!result.ok) return result.response;
      const callSid = field(parseJsonText(result.text), 'call_sid');
      if (typeof callSid !== 'string' || !SID_PATTERN.test(callSid))
        return errorResponse(502, 'Outbound calling service gave no call_sid', cors);
      const requestedAt = now();
      await calls.set(key, { callSid, status: 'queued', reason: '', requestedAt }, CALL_TTL_SECONDS);
      await remember(request, key, { id: callSid, channel: 'phone', at: requestedAt, until: requestedAt + IN_PROGRESS_CAP_MS });
      return jsonResponse(202, { call_sid: callSid, status: 'queued' }, cors);
    } finally {
      // Best effort: a lock that cannot be released now expires with its TTL.
      await state.release(lockName, lock).catch(() => undefined);
    }
  }

  /** The call joins the visitor's history. Best effort: the call is placed whatever happens here. */
  async function remember(request: Request, cookieKey: string, entry: HistoryEntry): Promise<void> {
    if (!store.history || retention === 0) return;
    const key = await recordingKey(request, cookieKey, options.identify);
    try {
      await store.history.record(key, entry, retention);
    } catch {
      // The store cannot be reached: this call is left out of the history.
    }
  }

  async function inProgress(key: string, call: VisitorCall, cors: Record<string, string>): Promise<boolean> {
    if (call.status === 'success' || call.status === 'failure') return false;
    if (now() - call.requestedAt > IN_PROGRESS_CAP_MS) return false;
    const fresh = await readStatus(key, call, cors);
    if (fresh instanceof Response) return fresh.status !== 404;
    return fresh.status === 'queued' || fresh.status === 'calling';
  }

  /** The seed: a call that could not be placed (500) is retried with exponential backoff. */
  async function trigger(body: string, cors: Record<string, string>) {
    const retries = placeRetries;
    for (let attempt = 0; ; attempt++) {
      const result = await callUpstream(
        triggerUrl,
        { method: 'POST', headers: { ...authHeaders, 'Content-Type': 'application/json' }, body },
        policy,
        cors,
      );
      // 502 stands for the platform's 500 or an unreachable platform: no call was placed. A timeout (504) may have placed one.
      if (result.ok || result.response.status !== 502 || attempt >= retries) return result;
      await new Promise((wake) => setTimeout(wake, 250 * 2 ** attempt));
    }
  }
}

/** The endpoint itself, a call id under it, or a path it does not answer (404). */
function routeOf(pathname: string, basePath: string | undefined): 'base' | 'none' | { sid: string } {
  const path = withoutTrailingSlash(pathname);
  if (basePath !== undefined) {
    if (path === basePath) return 'base';
    if (!path.startsWith(`${basePath}/`)) return 'none';
    const rest = path.slice(basePath.length + 1);
    return SID_PATTERN.test(rest) ? { sid: rest } : 'none';
  }
  const last = path.slice(path.lastIndexOf('/') + 1);
  if (SID_PATTERN.test(last)) return { sid: last };
  return /^out-/i.test(last) || !/^[A-Za-z0-9._~-]*$/.test(last) ? 'none' : 'base';
}

function withoutTrailingSlash(path: string): string {
  return path.length > 1 ? path.replace(/\/+$/, '') : path;
}

function problem(code: string, message: string) {
  return { code, message, error_message: message };
}

function stringsOnly(values: Record<string, unknown>): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [key, value] of Object.entries(values)) if (typeof value === 'string') out[key] = value;
  return out;
}

function localeOf(value: unknown, request: Request): string | undefined {
  const candidate = typeof value === 'string' ? value : request.headers.get('Accept-Language')?.split(/[,;]/)[0]?.trim();
  if (!candidate || candidate.length > 35) return undefined;
  try {
    return Intl.getCanonicalLocales(candidate)[0];
  } catch {
    return undefined;
  }
}
