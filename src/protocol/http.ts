// Bodies and headers of the HTTP calls (PROTOCOL.md §1, §6.6, §7): unknown JSON in, typed result
// or null out. Required fields with the wrong type make the whole body invalid.

import { isRecord, opt, str } from './guards';

export interface AccessToken {
  accessToken: string;
  /** Seconds the token stays valid. */
  expiresIn: number;
}

export function parseAccessToken(json: unknown): AccessToken | null {
  if (!isRecord(json)) return null;
  const accessToken = opt(json.access_token);
  // A site's own token endpoint may serialise numbers as strings.
  const expiresIn = typeof json.expires_in === 'string' || typeof json.expires_in === 'number' ? Number(json.expires_in) : NaN;
  // RFC 6749 §5.1: the token type is case-insensitive.
  const type = json.token_type ?? 'bearer';
  return accessToken && expiresIn > 0 && expiresIn < Infinity && typeof type === 'string' && type.toLowerCase() === 'bearer' ? { accessToken, expiresIn } : null;
}

export function parseSession(json: unknown): { sessionId: string } | null {
  const sessionId = isRecord(json) ? opt(json.session_id) : undefined;
  return sessionId ? { sessionId } : null;
}

/** The human-readable message of an error body (`message`, `error_message`, or a plain `error` string). */
export function errorMessageOf(json: unknown): string | undefined {
  if (typeof json === 'string') return opt(json.trim());
  return isRecord(json) ? (opt(json.message) ?? opt(json.error_message) ?? opt(json.error)) : undefined;
}

/** Retry-After (RFC 9110 §10.2.3): delay-seconds or an HTTP-date, capped; undefined when unusable. */
export function parseRetryAfter(header: string | null, capSeconds = 60, now: number = Date.now()): number | undefined {
  const value = header?.trim() ?? '';
  // Digits in another shape ("-5", "1e3") are not a date either; Date.parse would accept some.
  const seconds = /^\d+(\.\d+)?$/.test(value) ? Number(value) : /[a-z]/i.test(value) ? Math.ceil((Date.parse(value) - now) / 1000) : NaN;
  return Number.isNaN(seconds) ? undefined : Math.min(capSeconds, Math.max(0, seconds));
}

export interface ChatCreateResult {
  conversationId: string;
  response: string;
}

export interface ChatHandoff {
  destination: string;
  reason: string;
}

export interface ChatRespondResult extends ChatCreateResult {
  endConversation: boolean;
  handoff?: ChatHandoff;
}

export function parseChatCreate(json: unknown): ChatCreateResult | null {
  try {
    const conversationId = isRecord(json) && opt(json.conversation_id);
    return conversationId ? { conversationId, response: str(json.response) } : null;
  } catch {
    return null;
  }
}

export function parseChatRespond(json: unknown): ChatRespondResult | null {
  const created = parseChatCreate(json);
  const end = isRecord(json) ? (json.end_conversation ?? false) : undefined;
  if (!created || !isRecord(json) || typeof end !== 'boolean') return null;
  const { handoff } = json;
  let parsed: ChatHandoff | undefined;
  try {
    if (isRecord(handoff)) parsed = { destination: str(handoff.destination), reason: str(handoff.reason) };
  } catch {
    // A malformed handoff is dropped; the reply itself still counts.
  }
  return { ...created, endConversation: end, handoff: parsed };
}
