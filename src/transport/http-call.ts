// One HTTP call as both transports (messaging's handshake, Chat REST) make it: fetch + JSON +
// error sorting (docs/protocol.md §6.6), the Retry it may ask for, and the server's own words, scrubbed.

import { isRecord } from '../protocol/guards';
import { errorMessageOf, parseRetryAfter } from '../protocol/http';

export type RetryCode = 'network' | 'server' | 'rate-limited';

/** Worth another attempt: no answer, 5xx/408, or 429 (`wait`: what Retry-After asked for, in ms). */
export interface Retry {
  code: RetryCode;
  wait?: number;
}

export const isRetry = (answer: unknown): answer is Retry => isRecord(answer) && typeof answer.code === 'string';

/** The server's own words, short, and scrubbed of any secret it might have echoed. */
export function scrubbed(text: string, secrets: (string | undefined)[]): string {
  let result = text;
  for (const secret of secrets) if (secret) result = result.split(secret).join('…');
  return result.length > 160 ? `${result.slice(0, 160)}…` : result;
}

/** What a server said in an error body, if anything: short and scrubbed. */
export const serverErrorText = (json: unknown, secrets: (string | undefined)[]) => {
  const text = errorMessageOf(json);
  return text && scrubbed(text, secrets);
};

/**
 * One request and its JSON answer. No answer, 429 (with its Retry-After) and 5xx/408 come back as
 * a Retry; any other answer (2xx, 4xx) is for `read` to judge.
 */
export async function httpCall<T>(
  fetchImpl: typeof fetch,
  url: string,
  init: RequestInit,
  read: (status: number, json: unknown) => T | Retry,
): Promise<T | Retry> {
  let response: Response;
  let json: unknown;
  try {
    response = await fetchImpl(url, init);
    json = await response.json().catch(() => undefined);
  } catch {
    return { code: 'network' };
  }
  const { status } = response;
  if (status === 429) {
    const seconds = parseRetryAfter(response.headers.get('Retry-After'));
    return { code: 'rate-limited', wait: seconds && seconds * 1000 };
  }
  return status > 499 || status === 408 ? { code: 'server' } : read(status, json);
}

export const JSON_TYPE = { 'Content-Type': 'application/json' };
