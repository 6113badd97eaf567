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
  | { kind: 'retry'; code: Extract<ErrorCode, 'network' | 'server' | 'rate-limited'>; retryAfterMs?: number };

export interface HandshakeDeps {
  options: ClientOptions;
  fetch: typeof fetch;
  now(): number;
  host: string | undefined;
  signal: AbortSignal;
}

const RETRY_AFTER_CAP_S = 60;
const MAX_SERVER_TEXT = 160;

/** PROTOCOL §1.1: a fresh access token, from the messaging host or the site's tokenUrl. */
export async function fetchAccessToken(d: HandshakeDeps): Promise<AccessToken | HandshakeFailure> {
  const { options } = d;
  const json = { 'Content-Type': 'application/json' };
  let headers: Record<string, string> = json;
  if (!options.tokenUrl) {
    if (!d.host) return { kind: 'config', message: 'no host name to send as X-Host: set the "host" option' };
    headers = { ...json, 'X-Token': options.connectorToken ?? '', 'X-Host': d.host };
  }
  const res = await post(d, options.tokenUrl ?? `${baseOf(options)}/api/v1/access-token`, headers, '{}');
  if ('kind' in res) return res;
  const token = res.ok ? parseAccessToken(res.body) : null;
  if (token) return { accessToken: token.accessToken, expiresAt: d.now() + token.expiresIn * 1000 };
  const failure = classify(res);
  // 4xx here is the site's configuration (unknown connector token, host not registered, …).
  if (failure?.kind === 'retry') return failure;
  if (res.status >= 400) return { kind: 'config', message: configMessage(d, res) };
  return options.tokenUrl
    ? { kind: 'config', message: 'the token endpoint (tokenUrl) did not answer with an access token' }
    : { kind: 'retry', code: 'server' };
}

/**
 * PROTOCOL §1.2. `stale-token`: the token was refused although just minted (clock skew, a
 * rotated secret): fetch a new one and retry, like a server fault — it is not configuration.
 */
export async function createSession(d: HandshakeDeps, token: AccessToken): Promise<Credentials | HandshakeFailure | { kind: 'stale-token' }> {
  const body = JSON.stringify({ platform: 'web', streaming_enabled: d.options.streaming ?? true });
  const headers = { 'Content-Type': 'application/json', Authorization: `Bearer ${token.accessToken}` };
  const res = await post(d, `${baseOf(d.options)}/api/v1/sessions`, headers, body);
  if ('kind' in res) return res;
  const session = res.ok ? parseSession(res.body) : null;
  if (session) return { ...token, sessionId: session.sessionId };
  return classify(res) ?? { kind: 'stale-token' };
}

const baseOf = (options: ClientOptions) => (options.messagingUrl ?? '').replace(/\/+$/, '');

/** Statuses worth retrying: 429 after Retry-After, 5xx/408 with backoff. */
function classify(res: Answer): Extract<HandshakeFailure, { kind: 'retry' }> | undefined {
  if (res.status === 429) {
    const s = parseRetryAfter(res.retryAfter, RETRY_AFTER_CAP_S);
    return s === undefined ? { kind: 'retry', code: 'rate-limited' } : { kind: 'retry', code: 'rate-limited', retryAfterMs: s * 1000 };
  }
  if (res.status >= 500 || res.status === 408) return { kind: 'retry', code: 'server' };
  return undefined;
}

function configMessage(d: HandshakeDeps, res: Answer): string {
  const raw = errorMessageOf(res.body);
  const said = raw && plainServerText(raw, [d.options.connectorToken]);
  const detail = said ? ` (${said})` : ` (HTTP ${res.status})`;
  return d.options.tokenUrl
    ? `the token endpoint (tokenUrl) refused the request${detail}`
    : `the messaging server rejected the connector token or the host "${d.host ?? ''}"${detail}`;
}

interface Answer {
  ok: boolean;
  status: number;
  body: unknown;
  retryAfter: string | null;
}

async function post(d: HandshakeDeps, url: string, headers: Record<string, string>, body: string): Promise<Answer | HandshakeFailure> {
  let res: Response;
  try {
    res = await d.fetch(url, { method: 'POST', headers, body, signal: d.signal });
  } catch {
    return { kind: 'retry', code: 'network' };
  }
  let parsed: unknown;
  try {
    parsed = await res.json();
  } catch {
    parsed = undefined;
  }
  return { ok: res.ok, status: res.status, body: parsed, retryAfter: res.headers.get('Retry-After') };
}

/** The server's own words, short, and scrubbed of any secret it might have echoed. */
export function plainServerText(text: string, secrets: (string | undefined)[]): string {
  for (const s of secrets) if (s) text = text.split(s).join('…');
  return text.length > MAX_SERVER_TEXT ? `${text.slice(0, MAX_SERVER_TEXT)}…` : text;
}
