// Under which key a visitor's history is kept: the site's own user id when `identify` gives one
// (so it follows a signed-in person to another browser), else the visitor cookie. The token,
// callback and history endpoints are given the same `identify` and so agree on the key.

import { readVisitorId, sha256Hex, visitorKey } from './visitor-cookie';

/** The site's signed-in user for this request (from its own session cookie, say), or nothing. */
export type Identify = (request: Request) => string | undefined | null | Promise<string | undefined | null>;

export const DEFAULT_RETENTION_DAYS = 30;

/** Retention in seconds; 0 turns recording off. */
export function retentionSeconds(days: number | undefined): number {
  const value = days ?? DEFAULT_RETENTION_DAYS;
  if (typeof value !== 'number' || !Number.isFinite(value) || value < 0) {
    throw new TypeError('agent-webchat/server: option "retentionDays" must be a number of days, 0 or more');
  }
  return Math.round(value * 86_400);
}

/**
 * The history key of this request. A user id is hashed with its own prefix, so it can never be the
 * key of a cookie (those are hashes of 32 hex digits).
 */
export async function historyKey(request: Request, cookieName: string, identify: Identify | undefined): Promise<string | undefined> {
  const userId = identify ? await identify(request) : undefined;
  if (typeof userId === 'string' && userId !== '') return sha256Hex(`user:${userId}`);
  const visitorId = readVisitorId(request, cookieName);
  return visitorId === undefined ? undefined : visitorKey(visitorId);
}

/**
 * Where the token and callback endpoints record: the user's key when `identify` names one, else
 * the visitor cookie's key they already hold (a first visit's cookie is not in the request yet).
 * An `identify` that throws records under the cookie: the visitor can still find it in this browser.
 */
export async function recordingKey(request: Request, cookieKey: string, identify: Identify | undefined): Promise<string> {
  if (!identify) return cookieKey;
  try {
    const userId = await identify(request);
    return typeof userId === 'string' && userId !== '' ? sha256Hex(`user:${userId}`) : cookieKey;
  } catch {
    return cookieKey;
  }
}
