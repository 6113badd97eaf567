// Calls to the platform: redirects are never followed (a redirect would carry the secrets to
// another origin), a hung upstream is cut off, and error bodies never reach the browser as sent:
// only a status, a fixed message of ours and the upstream's `message` with every secret removed.

import { parseJsonText } from './json-text';
import { errorResponse } from './responses';

export interface UpstreamPolicy {
  fetch: typeof fetch;
  timeoutMs: number;
  /** Strings that must never appear in an answer (connector token, API keys). */
  secrets: readonly string[];
  /** Names the service in our own messages, e.g. "Messaging service". */
  service: string;
}

export type UpstreamResult = { ok: true; status: number; text: string; retryAfter: string | null } | { ok: false; response: Response };

export const DEFAULT_UPSTREAM_TIMEOUT_MS = 10_000;
const MAX_UPSTREAM_BODY_BYTES = 1024 * 1024;
const MAX_MESSAGE_CHARS = 200;

export async function callUpstream(
  url: string,
  init: RequestInit,
  policy: UpstreamPolicy,
  headers: Record<string, string>,
): Promise<UpstreamResult> {
  let upstream: Response;
  let text: string;
  try {
    upstream = await policy.fetch(url, { ...init, redirect: 'manual', signal: AbortSignal.timeout(policy.timeoutMs) });
    text = await limitedText(upstream);
  } catch (error) {
    const timedOut = error instanceof DOMException && error.name === 'TimeoutError';
    return timedOut
      ? { ok: false, response: errorResponse(504, `${policy.service} did not answer in time`, headers) }
      : { ok: false, response: errorResponse(502, `${policy.service} unreachable`, headers) };
  }
  const retryAfter = upstream.headers.get('Retry-After');
  if (upstream.type === 'opaqueredirect' || (upstream.status >= 300 && upstream.status < 400)) {
    return { ok: false, response: errorResponse(502, `${policy.service} answered with a redirect`, headers) };
  }
  if (upstream.status >= 200 && upstream.status < 300)
    return { ok: true, status: upstream.status, text: scrub(text, policy.secrets), retryAfter };
  const status = upstream.status >= 400 && upstream.status < 600 && upstream.status !== 500 ? upstream.status : 502;
  const detail = upstreamMessage(text, policy.secrets);
  const message = `${policy.service} answered ${upstream.status}${detail ? `: ${detail}` : ''}`;
  return {
    ok: false,
    response: errorResponse(status, message, retryAfter !== null ? { ...headers, 'Retry-After': retryAfter } : headers),
  };
}

/** The upstream's own `message` (or `error_message`), shortened and without any secret. */
function upstreamMessage(text: string, secrets: readonly string[]): string | undefined {
  const body = parseJsonText(text);
  if (typeof body !== 'object' || body === null) return undefined;
  const message = Object.hasOwn(body, 'message') ? Reflect.get(body, 'message') : Reflect.get(body, 'error_message');
  if (typeof message !== 'string') return undefined;
  return scrub(message, secrets).slice(0, MAX_MESSAGE_CHARS);
}

export function scrub(text: string, secrets: readonly string[]): string {
  let clean = text;
  for (const secret of secrets) if (secret !== '') clean = clean.replaceAll(secret, '[redacted]');
  return clean;
}

async function limitedText(response: Response): Promise<string> {
  if (!response.body) return '';
  const reader = response.body.getReader();
  const decoder = new TextDecoder();
  let text = '';
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > MAX_UPSTREAM_BODY_BYTES) {
      await reader.cancel();
      throw new Error('Upstream answer too large');
    }
    text += decoder.decode(value, { stream: true });
  }
  return text + decoder.decode();
}

/** Reads an own property of parsed JSON without trusting its shape. */
export function field(value: unknown, name: string): unknown {
  return typeof value === 'object' && value !== null && Object.hasOwn(value, name) ? Reflect.get(value, name) : undefined;
}
