// Bodies and headers of the HTTP calls (PROTOCOL.md §1, §6.6, §7): unknown JSON in, typed result
// or null out. Required fields with the wrong type make the whole body invalid.

import { isAbsent, isRecord, optionalString, requiredString } from './guards';

export interface AccessToken {
  accessToken: string;
  /** Seconds the token stays valid. */
  expiresIn: number;
}

export function parseAccessToken(json: unknown): AccessToken | null {
  if (!isRecord(json)) return null;
  const accessToken = optionalString(json.access_token);
  // A site's own token endpoint may serialise numbers as strings.
  const expiresIn = typeof json.expires_in === 'string' ? Number(json.expires_in) : json.expires_in;
  if (!accessToken || typeof expiresIn !== 'number' || !Number.isFinite(expiresIn) || expiresIn <= 0) return null;
  // RFC 6749 §5.1: the token type is case-insensitive.
  if (!isAbsent(json.token_type) && (typeof json.token_type !== 'string' || json.token_type.toLowerCase() !== 'bearer')) {
    return null;
  }
  return { accessToken, expiresIn };
}

export function parseSession(json: unknown): { sessionId: string } | null {
  const sessionId = isRecord(json) ? optionalString(json.session_id) : undefined;
  return sessionId ? { sessionId } : null;
}

/** The human-readable message of an error body (`message`, `error_message`, or a plain `error` string). */
export function errorMessageOf(json: unknown): string | undefined {
  if (typeof json === 'string') return optionalString(json.trim());
  if (!isRecord(json)) return undefined;
  return optionalString(json.message) ?? optionalString(json.error_message) ?? optionalString(json.error);
}

/** Retry-After (RFC 9110 §10.2.3): delay-seconds or an HTTP-date, capped; undefined when unusable. */
export function parseRetryAfter(header: string | null, capSeconds = 60, now: number = Date.now()): number | undefined {
  if (header === null) return undefined;
  const value = header.trim();
  if (value === '') return undefined;
  if (/^\d+(\.\d+)?$/.test(value)) return Math.min(capSeconds, Number(value));
  // Digits in another shape ("-5", "1e3") are not a date either; Date.parse would accept some.
  if (!/[a-z]/i.test(value)) return undefined;
  const at = Date.parse(value);
  if (Number.isNaN(at)) return undefined;
  return Math.min(capSeconds, Math.max(0, Math.ceil((at - now) / 1000)));
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
  const response = requiredString(json.response);
  return conversationId && response !== undefined ? { conversationId, response } : null;
}

export function parseChatRespond(json: unknown): ChatRespondResult | null {
  const created = parseChatCreate(json);
  if (!created || !isRecord(json)) return null;
  const end = json.end_conversation;
  if (!isAbsent(end) && typeof end !== 'boolean') return null;
  const result: ChatRespondResult = { ...created, endConversation: end === true };
  const handoff = parseHandoff(json.handoff);
  if (handoff) result.handoff = handoff;
  return result;
}

function parseHandoff(value: unknown): ChatHandoff | undefined {
  if (!isRecord(value)) return undefined;
  const destination = requiredString(value.destination);
  const reason = requiredString(value.reason);
  return destination === undefined || reason === undefined ? undefined : { destination, reason };
}
