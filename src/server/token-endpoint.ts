// Access-token endpoint for a site's backend: the connector token and X-Host stay on the server.
// The widget's `tokenUrl` POSTs `{"streaming": bool[, "fresh": true]}` here. With `continuity` the
// endpoint also creates the session and binds it to the visitor's cookie until the token expires.

import { type BindingStore, createMemoryBindingStore, type VisitorBinding } from './binding-store';
import { type Identify, recordingKey, retentionSeconds } from './history-key';
import { parseJsonText } from './json-text';
import { type ClientLimitOptions, createLimiter } from './limiter';
import { originAllowed } from './origin-rule';
import { DEFAULT_BODY_TIMEOUT_MS, DEFAULT_JSON_DEPTH, readJsonObject } from './request-body';
import { defaultClientKey, type RequestContext } from './request-context';
import { corsHeaders, errorResponse, jsonResponse } from './responses';
import { type SiteRedisClient, stateUnavailableResponse } from './shared-state';
import { callUpstream, DEFAULT_UPSTREAM_TIMEOUT_MS, field, type UpstreamPolicy } from './upstream';
import { newVisitorId, readVisitorId, type VisitorCookieOptions, visitorCookie, visitorCookieName, visitorKey } from './visitor-cookie';

export interface ContinuityOptions {
  /** Default: an in-memory store (one process). */
  store?: BindingStore;
  cookie?: VisitorCookieOptions;
}

export interface TokenEndpointOptions {
  /** https base of the messaging cluster. */
  messagingUrl: string;
  connectorToken: string;
  /** The registered host sent as X-Host. */
  host: string;
  /** Cross-origin pages allowed to ask (e.g. ['https://www.example.com']); same-origin is always allowed. */
  allowedOrigins?: readonly string[];
  /** Bind each visitor to one token + session (cookie); off by default. */
  continuity?: boolean | ContinuityOptions;
  /**
   * With continuity: how long each bound session is remembered as the visitor's (their history,
   * `createHistoryEndpoint`) and how long the visitor cookie lives. Default 30; 0 records nothing
   * and the cookie lives as long as the token.
   */
  retentionDays?: number;
  /** The site's signed-in user id: sessions are then recorded under it (give the history endpoint the same function). */
  identify?: Identify;
  /** Per-client limit on requests that reach the platform; default 20 per 60 s; `false` turns it off. */
  rateLimit?: ClientLimitOptions | false;
  /**
   * A connected node-redis (v5+) client: the per-client limit is counted in Redis
   * (`agent-webchat:limit:token-client:…`), one limit for every instance. While Redis cannot be
   * reached no token is minted (503 with Retry-After): the limit protects the connector's quota.
   * Bindings go to Redis through `continuity.store` (`createRedisBindingStore`).
   */
  redis?: SiteRedisClient;
  /** Key of the per-client limit; default the caller's socket address. */
  clientKey?: (request: Request, context?: RequestContext) => string;
  /** Largest request body; default 4 KiB. */
  maxBodyBytes?: number;
  /** Time allowed for the request body to arrive; default 10 s (then 408). */
  bodyTimeoutMs?: number;
  /** Time allowed for each platform call; default 10 s (then 504). */
  upstreamTimeoutMs?: number;
  fetch?: typeof fetch;
  /** Clock in epoch ms (tests). */
  now?: () => number;
}

interface Grant {
  accessToken: string;
  expiresInSeconds: number;
}

export function createTokenEndpoint(options: TokenEndpointOptions): (request: Request, context?: RequestContext) => Promise<Response> {
  requireText(options.messagingUrl, 'messagingUrl');
  requireText(options.connectorToken, 'connectorToken');
  requireText(options.host, 'host');
  const base = withSlash(options.messagingUrl);
  const tokenUrl = new URL('api/v1/access-token', base).toString();
  const sessionsUrl = new URL('api/v1/sessions', base).toString();
  const now = options.now ?? Date.now;
  const limiter = options.rateLimit === false ? undefined : createLimiter('token-client', options.rateLimit ?? {}, options.redis);
  const clientKey = options.clientKey ?? defaultClientKey;
  const continuity = options.continuity === true ? {} : options.continuity || undefined;
  const store = continuity ? (continuity.store ?? createMemoryBindingStore({ now })) : undefined;
  const cookieOptions = continuity?.cookie ?? {};
  const cookieName = visitorCookieName(cookieOptions);
  const retention = retentionSeconds(options.retentionDays);
  // A store without a history keeps nothing past the token: nor does the cookie.
  const cookieLife = store?.history ? retention : 0;
  const limits = {
    maxBytes: options.maxBodyBytes ?? 4 * 1024,
    timeoutMs: options.bodyTimeoutMs ?? DEFAULT_BODY_TIMEOUT_MS,
    maxDepth: DEFAULT_JSON_DEPTH,
  };
  // Tabs of one visitor asking at once (no live binding yet) share one mint and one session.
  const pending = new Map<string, Promise<{ binding: VisitorBinding; expiresIn: number } | Response>>();

  const upstreamPolicy: UpstreamPolicy = {
    fetch: options.fetch ?? fetch,
    timeoutMs: options.upstreamTimeoutMs ?? DEFAULT_UPSTREAM_TIMEOUT_MS,
    secrets: [options.connectorToken],
    service: 'Messaging service',
  };

  async function mint(cors: Record<string, string>): Promise<Grant | Response> {
    const result = await callUpstream(
      tokenUrl,
      {
        method: 'POST',
        headers: { 'X-Token': options.connectorToken, 'X-Host': options.host, 'Content-Type': 'application/json' },
        body: '{}',
      },
      upstreamPolicy,
      cors,
    );
    if (!result.ok) return result.response;
    const json = parseJsonText(result.text);
    const accessToken = field(json, 'access_token');
    const expiresIn = field(json, 'expires_in');
    if (typeof accessToken !== 'string' || accessToken === '' || typeof expiresIn !== 'number' || !(expiresIn > 0)) {
      return errorResponse(502, 'Messaging service gave no access token', cors);
    }
    return { accessToken, expiresInSeconds: expiresIn };
  }

  async function createSession(grant: Grant, streaming: boolean, cors: Record<string, string>): Promise<VisitorBinding | Response> {
    const result = await callUpstream(
      sessionsUrl,
      {
        method: 'POST',
        headers: { Authorization: `Bearer ${grant.accessToken}`, 'Content-Type': 'application/json' },
        body: JSON.stringify({ platform: 'web', streaming_enabled: streaming }),
      },
      { ...upstreamPolicy, secrets: [options.connectorToken, grant.accessToken] },
      cors,
    );
    if (!result.ok) return result.response;
    const sessionId = field(parseJsonText(result.text), 'session_id');
    if (typeof sessionId !== 'string' || sessionId === '') return errorResponse(502, 'Messaging service gave no session', cors);
    return { accessToken: grant.accessToken, sessionId, expiresAt: now() + grant.expiresInSeconds * 1000, streaming };
  }

  async function limited(
    request: Request,
    context: RequestContext | undefined,
    cors: Record<string, string>,
  ): Promise<Response | undefined> {
    if (!limiter) return undefined;
    let retryAfter: number | undefined;
    try {
      retryAfter = await limiter.take(clientKey(request, context));
    } catch {
      // Fail closed: without its count the limit cannot hold, and it guards the connector's token quota.
      return stateUnavailableResponse(cors);
    }
    if (retryAfter === undefined) return undefined;
    return errorResponse(429, 'Too many token requests from this client', { ...cors, 'Retry-After': String(retryAfter) });
  }

  return async (request, context) => {
    const cors = corsHeaders(request, options.allowedOrigins);
    if (request.method === 'OPTIONS') return new Response(null, { status: 204, headers: cors });
    if (request.method !== 'POST') return errorResponse(405, 'Method not allowed', { Allow: 'POST', ...cors });
    if (!originAllowed(request, options.allowedOrigins)) return errorResponse(403, 'Origin not allowed');
    const body = await readJsonObject(request, limits);
    if (!body.ok) return errorResponse(body.status, body.message, cors);
    const streaming = Object.hasOwn(body.value, 'streaming') ? body.value['streaming'] : true;
    const fresh = Object.hasOwn(body.value, 'fresh') ? body.value['fresh'] : false;
    if (typeof streaming !== 'boolean' || typeof fresh !== 'boolean') {
      return errorResponse(400, 'Expected {"streaming": boolean, "fresh"?: boolean}', cors);
    }

    if (!store) {
      const refused = await limited(request, context, cors);
      if (refused) return refused;
      const grant = await mint(cors);
      if (grant instanceof Response) return grant;
      return jsonResponse(200, { access_token: grant.accessToken, expires_in: grant.expiresInSeconds, token_type: 'Bearer' }, cors);
    }

    const knownId = readVisitorId(request, cookieName);
    const visitorId = knownId ?? newVisitorId();
    const key = await visitorKey(visitorId);
    try {
      if (fresh) await store.delete(key);
      else if (knownId) {
        const binding = await store.get(key);
        if (binding && binding.streaming === streaming && binding.expiresAt - now() >= 1000) return answer(request, binding, cors);
      }
    } catch {
      return stateUnavailableResponse(cors);
    }
    const refused = await limited(request, context, cors);
    if (refused) return refused;

    let bound = pending.get(key);
    if (!bound) {
      bound = (async () => {
        const grant = await mint(cors);
        if (grant instanceof Response) return grant;
        const binding = await createSession(grant, streaming, cors);
        if (binding instanceof Response) return binding;
        try {
          await store.set(key, binding, grant.expiresInSeconds);
        } catch {
          return stateUnavailableResponse(cors);
        }
        await remember(request, key, binding);
        return { binding, expiresIn: grant.expiresInSeconds };
      })().finally(() => pending.delete(key));
      pending.set(key, bound);
    }
    const minted = await bound;
    if (minted instanceof Response) return minted.clone();
    // Freshly minted: the platform's own expires_in, not one shortened by the session call.
    return answer(request, minted.binding, cors, { cookieFor: visitorId, expiresIn: minted.expiresIn });
  };

  /**
   * The session joins the visitor's history (under the site's user id when `identify` gives one).
   * Best effort: a history that cannot be written must not keep the visitor from chatting.
   */
  async function remember(request: Request, cookieKey: string, binding: VisitorBinding): Promise<void> {
    if (!store?.history || retention === 0) return;
    const key = await recordingKey(request, cookieKey, options.identify);
    try {
      const entry = { id: binding.sessionId, channel: 'chat' as const, at: now(), until: binding.expiresAt };
      await store.history.record(key, entry, retention);
    } catch {
      // Redis unreachable: this session is left out of the history.
    }
  }

  function answer(
    request: Request,
    binding: VisitorBinding,
    cors: Record<string, string>,
    minted?: { cookieFor: string; expiresIn: number },
  ): Response {
    const expiresIn = minted?.expiresIn ?? Math.floor((binding.expiresAt - now()) / 1000);
    const headers: Record<string, string> = { ...cors };
    // With a history the cookie lives the retention: the visitor who comes back is known again.
    if (minted) headers['Set-Cookie'] = visitorCookie(request, minted.cookieFor, Math.max(expiresIn, cookieLife), cookieOptions);
    return jsonResponse(
      200,
      { access_token: binding.accessToken, expires_in: expiresIn, token_type: 'Bearer', session_id: binding.sessionId },
      headers,
    );
  }
}

export function withSlash(url: string): string {
  return url.endsWith('/') ? url : `${url}/`;
}

export function requireText(value: unknown, name: string): void {
  if (typeof value !== 'string' || value.trim() === '') {
    throw new TypeError(`agent-webchat/server: option "${name}" must be a non-empty string`);
  }
}
