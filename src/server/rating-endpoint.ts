// Conversation rating for a site's backend: the widget's `ratingUrl`. A rating anybody could post
// for any conversation would be worthless, so it is tied to the visitor's continuity binding (the
// session the token endpoint gave this cookie), taken once per session, and limited per visitor.
//
//   POST {base}   {"score": 1..5, "comment"?: string} → 200 {"rated": true}, then the site's onRating
//   GET  {base}   {"rated": boolean} for the visitor's bound session: a reloaded page does not offer it again

import type { BindingStore, VisitorBinding } from './binding-store';
import { type ClientLimitOptions, createLimiter } from './limiter';
import { originAllowed } from './origin-rule';
import { DEFAULT_BODY_TIMEOUT_MS, readJsonObject } from './request-body';
import type { RequestContext } from './request-context';
import { corsHeaders, errorResponse, jsonResponse } from './responses';
import { createSharedState, type SiteRedisClient, stateUnavailableResponse } from './shared-state';
import { readVisitorId, type VisitorCookieOptions, visitorCookieName, visitorKey } from './visitor-cookie';

export interface Rating {
  /** The messaging session: the Conversations API's conversation `id`. */
  sessionId: string;
  /** An integer from 1 to 5. */
  score: number;
  /** At most 1,000 characters, trimmed; absent when the visitor wrote none. */
  comment?: string;
}

export interface RatingHookContext {
  request: Request;
}

export interface RatingEndpointOptions {
  /** The token endpoint's binding store: only a visitor bound to a session may rate it. */
  continuity: { store: BindingStore; cookie?: VisitorCookieOptions };
  /** The site's hook: store the rating where the site keeps its data. A throw answers 500 and the session stays unrated. */
  onRating: (rating: Rating, context: RatingHookContext) => void | Promise<void>;
  /** Cross-origin pages allowed to rate; same-origin is always allowed. */
  allowedOrigins?: readonly string[];
  /**
   * A connected node-redis (v5+) client: the per-visitor limit and the "rated" mark of each session
   * live in Redis (keys `agent-webchat:…`), so a session is rated once across every instance.
   */
  redis?: SiteRedisClient;
  /** Ratings one visitor may post per window (refused ones included); default 10 an hour. */
  limits?: ClientLimitOptions;
  /** Largest request body; default 16 KiB (a 1,000-character comment, escaped). */
  maxBodyBytes?: number;
  bodyTimeoutMs?: number;
  now?: () => number;
}

export const MAX_COMMENT_CHARS = 1000;
const BAD_BODY = 'Expected {"score": integer 1-5, "comment"?: string of at most 1000 characters}';

export function createRatingEndpoint(options: RatingEndpointOptions): (request: Request, context?: RequestContext) => Promise<Response> {
  const store = options.continuity?.store;
  if (!store) throw new TypeError('agent-webchat/server: option "continuity.store" is required (the token endpoint\'s binding store)');
  if (typeof options.onRating !== 'function') throw new TypeError('agent-webchat/server: option "onRating" must be a function');
  const cookieName = visitorCookieName(options.continuity.cookie);
  const now = options.now ?? Date.now;
  const state = createSharedState(options.redis, now);
  const perVisitor = createLimiter('rating-visitor', { max: 10, windowSeconds: 3600, ...options.limits }, options.redis);
  const bodyLimits = {
    maxBytes: options.maxBodyBytes ?? 16 * 1024,
    timeoutMs: options.bodyTimeoutMs ?? DEFAULT_BODY_TIMEOUT_MS,
    maxDepth: 4,
  };
  const ratedName = (sessionId: string) => `rated:${sessionId}`;

  return async (request) => {
    const cors = corsHeaders(request, options.allowedOrigins);
    if (request.method === 'OPTIONS') return new Response(null, { status: 204, headers: cors });
    if (request.method !== 'GET' && request.method !== 'POST')
      return errorResponse(405, 'Method not allowed', { Allow: 'GET, POST', ...cors });
    if (!originAllowed(request, options.allowedOrigins)) return errorResponse(403, 'Origin not allowed');
    try {
      const visitorId = readVisitorId(request, cookieName);
      const key = visitorId === undefined ? undefined : await visitorKey(visitorId);
      if (request.method === 'GET') {
        const binding = key === undefined ? undefined : await liveBinding(key);
        if (!binding) return errorResponse(403, 'No conversation is bound to this visitor', cors);
        return jsonResponse(200, { rated: (await state.get(ratedName(binding.sessionId))) !== undefined }, cors);
      }
      return await rate(request, key, cors);
    } catch {
      return stateUnavailableResponse(cors);
    }
  };

  /** The session may have ended: its binding still names it until the token expires. */
  async function liveBinding(key: string): Promise<VisitorBinding | undefined> {
    const binding = await store.get(key);
    return binding && binding.expiresAt > now() ? binding : undefined;
  }

  async function rate(request: Request, key: string | undefined, cors: Record<string, string>): Promise<Response> {
    const binding = key === undefined ? undefined : await liveBinding(key);
    if (key === undefined || !binding) return errorResponse(403, 'No conversation is bound to this visitor', cors);
    const body = await readJsonObject(request, bodyLimits);
    if (!body.ok) return errorResponse(body.status, body.message, cors);
    const rating = parseRating(body.value, binding.sessionId);
    if (!rating) return errorResponse(400, BAD_BODY, cors);
    const wait = await perVisitor.take(key);
    if (wait !== undefined) return errorResponse(429, 'Too many ratings from this visitor', { ...cors, 'Retry-After': String(wait) });
    // Claimed before the hook (atomic on Redis): two tabs or two instances rate a session once.
    const ttlSeconds = Math.ceil((binding.expiresAt - now()) / 1000) + 60;
    const claim = await state.claim(ratedName(binding.sessionId), ttlSeconds);
    if (claim === undefined) return errorResponse(409, 'This conversation is already rated', cors);
    try {
      await options.onRating(rating, { request });
    } catch {
      await state.release(ratedName(binding.sessionId), claim).catch(() => undefined);
      return errorResponse(500, 'The rating could not be stored', cors);
    }
    return jsonResponse(200, { rated: true }, cors);
  }
}

function parseRating(body: Record<string, unknown>, sessionId: string): Rating | undefined {
  const score = body['score'];
  const comment = Object.hasOwn(body, 'comment') ? body['comment'] : undefined;
  if (typeof score !== 'number' || !Number.isInteger(score) || score < 1 || score > 5) return undefined;
  if (comment !== undefined && comment !== null && typeof comment !== 'string') return undefined;
  if (typeof comment === 'string' && [...comment].length > MAX_COMMENT_CHARS) return undefined;
  const text = typeof comment === 'string' ? comment.trim() : '';
  return text === '' ? { sessionId, score } : { sessionId, score, comment: text };
}
