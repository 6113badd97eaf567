// A returning visitor's earlier conversations: the widget's `historyUrl`. The binding store says
// which conversations were the visitor's (ids and times only); what was said is read from the
// platform's Conversations API when asked, never copied. Every id is checked against the
// visitor's own list before the platform is asked, so another visitor's id is 404 and a
// malformed one never leaves the site.
//
//   GET    {path}        {"conversations": [{id, started_at, ended_at, channel, preview}]} newest first
//   GET    {path}/{id}   {"id", "started_at", "channel", "turns": [{author, text, at}]}; 404 otherwise
//   DELETE {path}        204: the visitor's list is forgotten ("forget me")

import type { BindingStore } from './binding-store';
import { historyKey, type Identify, retentionSeconds } from './history-key';
import { findRecords, type HistorySummary, historySummary, historyTurns } from './history-records';
import { type ClientLimitOptions, createLimiter } from './limiter';
import { originAllowed } from './origin-rule';
import type { ClientEnvironment, ConversationsClient } from './platform/conversations-client';
import { PlatformApiError } from './platform/platform-request';
import { defaultClientKey, type RequestContext } from './request-context';
import { corsHeaders, errorResponse, jsonResponse } from './responses';
import { type SiteRedisClient, stateUnavailableResponse } from './shared-state';
import { readVisitorId, type VisitorCookieOptions, visitorCookieName, visitorKey } from './visitor-cookie';
import type { HistoryEntry, VisitorHistory } from './visitor-history';

export interface HistoryEndpointOptions {
  /** The token endpoint's binding store (it records the sessions; the callback endpoint the calls). */
  continuity: { store: BindingStore; cookie?: VisitorCookieOptions };
  /** `createConversationsClient({ baseUrl, apiKey, accountId, projectId })`: where the turns are read. */
  conversations: ConversationsClient;
  /** Cross-origin pages allowed to ask; same-origin is always allowed. */
  allowedOrigins?: readonly string[];
  /** How long a conversation stays in the visitor's list; default 30. Give the token and callback endpoints the same. */
  retentionDays?: number;
  /** The site's signed-in user id: the list is then theirs on any browser. Give the token and callback endpoints the same. */
  identify?: Identify;
  /** A connected node-redis (v5+) client: the per-visitor limit is counted there, one for every instance. */
  redis?: SiteRedisClient;
  /** Where the endpoint is mounted (the page's `historyUrl` path); default `/api/history`. */
  path?: string;
  /** Requests per visitor; default 60 per 60 s. */
  rateLimit?: ClientLimitOptions;
  /** The environment whose records are read; default the platform's (`live`). */
  clientEnv?: ClientEnvironment;
  /** Records one platform request reads at most (its `limit`, 1–5000); default 1000. */
  pageLimit?: number;
  /** The newest entries of the visitor's list that are looked up; default 50. */
  maxListed?: number;
  /** Key of the limit for a request without a visitor (no cookie): default the socket address. */
  clientKey?: (request: Request, context?: RequestContext) => string;
}

/** Ids as the platform writes them (session ids, call sids): anything else is 404 at once. */
const ID_PATTERN = /^[A-Za-z0-9][A-Za-z0-9_.:-]{0,127}$/;

export function createHistoryEndpoint(options: HistoryEndpointOptions): (request: Request, context?: RequestContext) => Promise<Response> {
  const kept = options.continuity?.store?.history;
  if (!kept) {
    throw new TypeError(
      'agent-webchat/server: option "continuity.store" must be the token endpoint\'s binding store (createMemoryBindingStore or createRedisBindingStore)',
    );
  }
  if (typeof options.conversations?.page !== 'function') {
    throw new TypeError('agent-webchat/server: option "conversations" must be createConversationsClient(…)');
  }
  const history: VisitorHistory = kept;
  const retention = retentionSeconds(options.retentionDays);
  const cookieName = visitorCookieName(options.continuity.cookie);
  const basePath = withoutTrailingSlash(options.path ?? '/api/history');
  const perVisitor = createLimiter('history-visitor', { max: 60, windowSeconds: 60, ...options.rateLimit }, options.redis);
  const clientKey = options.clientKey ?? defaultClientKey;
  const pageLimit = Math.min(5000, Math.max(1, Math.floor(options.pageLimit ?? 1000)));
  const maxListed = Math.max(1, Math.floor(options.maxListed ?? 50));
  const client = options.conversations;

  return async (request, context) => {
    const cors = withMethods(corsHeaders(request, options.allowedOrigins));
    if (request.method === 'OPTIONS') return new Response(null, { status: 204, headers: cors });
    const target = routeOf(new URL(request.url).pathname, basePath);
    // A malformed id or a foreign path: 404 before anything is read, and never a platform request.
    if (target === 'none') return errorResponse(404, 'No such conversation', cors);
    const allow = target === 'base' ? 'GET, DELETE' : 'GET';
    if (!allow.split(', ').includes(request.method)) return errorResponse(405, 'Method not allowed', { Allow: allow, ...cors });
    if (!originAllowed(request, options.allowedOrigins)) return errorResponse(403, 'Origin not allowed');
    try {
      const key = await historyKey(request, cookieName, options.identify);
      const wait = await perVisitor.take(key ?? `client:${clientKey(request, context)}`);
      if (wait !== undefined) return errorResponse(429, 'Too many history requests', { ...cors, 'Retry-After': String(wait) });
      if (request.method === 'DELETE') return await forget(request, key, cors);
      if (target === 'base') return await list(key, request.signal, cors);
      return await open(key, target.id, request.signal, cors);
    } catch (error) {
      if (error instanceof PlatformApiError) return platformError(error, cors);
      // The store (Redis) cannot be reached, or the site's `identify` failed: nobody is known, nothing is shown.
      return stateUnavailableResponse(cors);
    }
  };

  async function entriesOf(key: string | undefined): Promise<HistoryEntry[]> {
    return key === undefined ? [] : history.list(key, retention);
  }

  async function list(key: string | undefined, signal: AbortSignal, cors: Record<string, string>): Promise<Response> {
    const entries = (await entriesOf(key)).slice(-maxListed);
    const records = await findRecords(client, entries, recordQuery(signal));
    const conversations: HistorySummary[] = [];
    for (const entry of entries) {
      const record = records.get(entry.id);
      const summary = record ? historySummary(entry, record) : undefined;
      if (summary) conversations.push(summary);
    }
    conversations.sort((a, b) => Date.parse(b.started_at) - Date.parse(a.started_at));
    return jsonResponse(200, { conversations }, cors);
  }

  async function open(key: string | undefined, id: string, signal: AbortSignal, cors: Record<string, string>): Promise<Response> {
    const entry = (await entriesOf(key)).find((candidate) => candidate.id === id);
    // Not this visitor's (or no visitor): the same 404 as an unknown id, and no platform request.
    if (!entry) return errorResponse(404, 'No such conversation', cors);
    const record = (await findRecords(client, [entry], recordQuery(signal))).get(entry.id);
    if (!record) return errorResponse(404, 'No such conversation', cors);
    return jsonResponse(200, { id: entry.id, started_at: record.started_at, channel: entry.channel, turns: historyTurns(record) }, cors);
  }

  /** "Forget me": the signed-in person's list and this browser's cookie list, wherever they are kept. */
  async function forget(request: Request, key: string | undefined, cors: Record<string, string>): Promise<Response> {
    const visitorId = readVisitorId(request, cookieName);
    const cookieKey = visitorId === undefined ? undefined : await visitorKey(visitorId);
    const keys = new Set([key, cookieKey].filter((item): item is string => item !== undefined));
    await Promise.all([...keys].map((each) => history.forget(each)));
    return new Response(null, { status: 204, headers: { ...cors, 'Cache-Control': 'no-store' } });
  }

  function recordQuery(signal: AbortSignal) {
    return { limit: pageLimit, signal, ...(options.clientEnv ? { clientEnv: options.clientEnv } : {}) };
  }
}

function platformError(error: PlatformApiError, cors: Record<string, string>): Response {
  // The platform's words stay in the site's logs: the visitor learns only that it did not answer.
  const timedOut = error.status === 0 && /in time/.test(error.message);
  return errorResponse(timedOut ? 504 : 502, 'Conversations API unavailable', cors);
}

function withMethods(cors: Record<string, string>): Record<string, string> {
  return Object.keys(cors).length === 0 ? cors : { ...cors, 'Access-Control-Allow-Methods': 'GET, DELETE, OPTIONS' };
}

function routeOf(pathname: string, basePath: string): 'base' | 'none' | { id: string } {
  const path = withoutTrailingSlash(pathname);
  if (path === basePath) return 'base';
  if (!path.startsWith(`${basePath}/`)) return 'none';
  const rest = path.slice(basePath.length + 1);
  return ID_PATTERN.test(rest) ? { id: rest } : 'none';
}

function withoutTrailingSlash(path: string): string {
  return path.length > 1 ? path.replace(/\/+$/, '') : path;
}
