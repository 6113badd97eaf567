// Bodies and headers of the HTTP calls (docs/protocol.md §1, §6.6, §7): unknown JSON in, typed result
// or null out. Required fields with the wrong type make the whole body invalid.

import { isRecord, optionalString, stringField } from './guards';

export interface AccessToken {
  accessToken: string;
  /** Seconds the token stays valid. */
  expiresIn: number;
  /** A site's `tokenUrl` may name the visitor's session to resume (docs/contract.md "continuity"). */
  sessionId?: string;
}

export function parseAccessToken(json: unknown): AccessToken | null {
  const body = isRecord(json) ? json : {};
  const accessToken = optionalString(body.access_token);
  // A site's own token endpoint may serialise numbers as strings.
  const expiresInValue = body.expires_in;
  const expiresIn = typeof expiresInValue === 'string' || typeof expiresInValue === 'number' ? Number(expiresInValue) : 0;
  // RFC 6749 §5.1: the token type is case-insensitive.
  const tokenType = body.token_type;
  const bearer = tokenType == null || (typeof tokenType === 'string' && tokenType.toLowerCase() === 'bearer');
  if (!accessToken || !(expiresIn > 0 && expiresIn < Infinity) || !bearer) return null;
  const sessionId = optionalString(body.session_id);
  return { accessToken, expiresIn, ...(sessionId && { sessionId }) };
}

export function parseSession(json: unknown): { sessionId: string } | null {
  const sessionId = isRecord(json) && optionalString(json.session_id);
  return sessionId ? { sessionId } : null;
}

/** The human-readable message of an error body (`message`, `error_message`, or a plain `error` string). */
export function errorMessageOf(json: unknown): string | undefined {
  if (typeof json === 'string') return optionalString(json.trim());
  return isRecord(json) ? (optionalString(json.message) ?? optionalString(json.error_message) ?? optionalString(json.error)) : undefined;
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
  if (!isRecord(json)) return null;
  const conversationId = optionalString(json.conversation_id);
  const { response } = json;
  if (!conversationId || (response != null && typeof response !== 'string')) return null;
  return { conversationId, response: response ?? '' };
}

export function parseChatRespond(json: unknown): ChatRespondResult | null {
  const created = parseChatCreate(json);
  if (!created || !isRecord(json)) return null;
  const { end_conversation: endConversation, handoff: handoffBody } = json;
  if (endConversation != null && typeof endConversation !== 'boolean') return null;
  let handoff: ChatHandoff | undefined;
  try {
    if (isRecord(handoffBody)) handoff = { destination: stringField(handoffBody.destination), reason: stringField(handoffBody.reason) };
  } catch {
    // A malformed handoff is dropped; the reply itself still counts.
  }
  return { ...created, endConversation: endConversation === true, handoff };
}
