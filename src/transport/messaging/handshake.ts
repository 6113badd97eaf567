// PROTOCOL §1: access token, then session. One attempt per call; the caller owns the retry loop
// (status, wake-ups, giving up) and keeps the token between a failed session request and its
// retry. The token goes back to the caller's closure only; failures carry plain words.

import type { ClientOptions } from '../../client/types';
import type { ErrorCode } from '../../store/state';
import { errorMessageOf, parseAccessToken, parseRetryAfter, parseSession } from '../../protocol/http';

export interface AccessToken {
  accessToken: string;
  /** Clock time after which the token no longer opens a socket (PROTOCOL §6.4). */
  expiresAt: number;
}

export interface Credentials extends AccessToken {
  sessionId: string;
}

export type HandshakeFailure =
  /** Wrong configuration (rejected connector token or host, tokenUrl refused): never retried. */
  | { kind: 'config'; message: string }
  | {
      kind: 'retry';
      code: Extract<ErrorCode, 'network' | 'server' | 'rate-limited'>;
      retryAfterMs?: number;
      /** The session refused the token although just minted (clock skew, a rotated secret): fetch a new one. */
      staleToken?: boolean;
    };

export interface HandshakeDeps {
  options: ClientOptions;
  fetch: typeof fetch;
  now(): number;
  host: string | undefined;
  signal: AbortSignal;
}

const JSON_TYPE = { 'Content-Type': 'application/json' };

/** PROTOCOL §1.1: a fresh access token, from the messaging host or the site's tokenUrl. */
export async function fetchAccessToken(d: HandshakeDeps): Promise<AccessToken | HandshakeFailure> {
  const { options, host } = d;
  const { tokenUrl } = options;
  if (!tokenUrl && !host) return { kind: 'config', message: 'no host name to send as X-Host: set the "host" option' };
  const headers = tokenUrl ? JSON_TYPE : { ...JSON_TYPE, 'X-Token': options.connectorToken ?? '', 'X-Host': host ?? '' };
  return post(d, tokenUrl ?? `${baseOf(options)}/api/v1/access-token`, headers, '{}', (body, status) => {
    const token = status < 300 && parseAccessToken(body);
    if (token) return { accessToken: token.accessToken, expiresAt: d.now() + token.expiresIn * 1000 };
    // 4xx here is the site's configuration (unknown connector token, host not registered, …).
    if (status < 400 && !tokenUrl) return { kind: 'retry', code: 'server' };
    const said = errorMessageOf(body);
    const detail = ` (${said ? plainServerText(said, [options.connectorToken]) : `HTTP ${status}`})`;
    if (tokenUrl) return { kind: 'config', message: `the token endpoint (tokenUrl) ${status < 400 ? 'did not answer with an access token' : 'refused the request'}${detail}` };
    return { kind: 'config', message: `the messaging server rejected the connector token or the host "${host ?? ''}"${detail}` };
  });
}

/** PROTOCOL §1.2. */
export function createSession(d: HandshakeDeps, token: AccessToken): Promise<Credentials | HandshakeFailure> {
  const body = JSON.stringify({ platform: 'web', streaming_enabled: d.options.streaming ?? true });
  return post(d, `${baseOf(d.options)}/api/v1/sessions`, { ...JSON_TYPE, Authorization: `Bearer ${token.accessToken}` }, body, (json, status) => {
    const session = status < 300 && parseSession(json);
    return session ? { ...token, sessionId: session.sessionId } : { kind: 'retry', code: 'server', staleToken: true };
  });
}

export const baseOf = (options: ClientOptions) => (options.messagingUrl ?? '').replace(/\/+$/, '');

/**
 * POSTs and reads the JSON answer. Network errors, 429 (after Retry-After) and 5xx/408 (with
 * backoff) are worth retrying; any other answer (2xx or 4xx) is for `read` to judge.
 */
async function post<T>(
  d: HandshakeDeps,
  url: string,
  headers: Record<string, string>,
  body: string,
  read: (json: unknown, status: number) => T | HandshakeFailure,
): Promise<T | HandshakeFailure> {
  let res: Response;
  try {
    res = await d.fetch(url, { method: 'POST', headers, body, signal: d.signal });
  } catch {
    return { kind: 'retry', code: 'network' };
  }
  const { status } = res;
  if (status === 429) {
    const seconds = parseRetryAfter(res.headers.get('Retry-After'));
    return { kind: 'retry', code: 'rate-limited', retryAfterMs: seconds === undefined ? undefined : seconds * 1000 };
  }
  if (status >= 500 || status === 408) return { kind: 'retry', code: 'server' };
  const json: unknown = await res.json().catch(() => undefined);
  return read(json, status);
}

/** The server's own words, short, and scrubbed of any secret it might have echoed. */
export function plainServerText(text: string, secrets: (string | undefined)[]): string {
  for (const s of secrets) if (s) text = text.split(s).join('…');
  return text.length > 160 ? `${text.slice(0, 160)}…` : text;
}
