// docs/protocol.md §1 and the site backend's continuity (docs/contract.md "tokenUrl and continuity"): an access
// token, from the platform (connector token + host) or from the site's `tokenUrl`, then a session.
// A `tokenUrl` answer may name the session to resume: then no session is created here.
// The access token goes into the returned credentials only; the transport keeps them in its closure.

import type { ClientOptions } from '../../contract/client';
import { parseAccessToken, parseSession } from '../../protocol/http';
import { httpCall, isRetry, JSON_TYPE, type Retry, serverErrorText } from '../http-call';

export interface SessionCredentials {
  accessToken: string;
  /** Clock time after which the token no longer opens a socket (docs/protocol.md §6.4). */
  expiresAt: number;
  sessionId: string;
  /**
   * The site's backend named this session as the visitor's current one (not asked for fresh): it
   * may have expired since, which a browser sees only as a socket that never opens.
   */
  resumed: boolean;
}

export type HandshakeAnswer =
  | { type: 'session'; credentials: SessionCredentials }
  /** The token named no session and the transport may not create one (see `resumeOnly`). */
  | { type: 'no-session' }
  | { type: 'config-error'; message: string };

interface AccessGrant {
  accessToken: string;
  expiresAt: number;
  sessionId?: string;
}

export interface HandshakeRequest {
  /** A new session after another one on this page (lost, or a new conversation). */
  fresh: boolean;
  /** Without a session named by `tokenUrl`, answer `no-session` instead of creating one. */
  resumeOnly: boolean;
  signal: AbortSignal;
}

export interface Handshake {
  /**
   * The tries of one new session: each call is one try at token + session, a Retry when worth
   * another (the caller backs off). A token is kept across the tries of one session (while valid),
   * never into another session.
   */
  sessionRequest(request: HandshakeRequest): () => Promise<HandshakeAnswer | Retry>;
  /** Whether the messaging host answers HTTP at all (a refused socket then means a gone session). */
  probeHost(signal: AbortSignal): Promise<boolean>;
}

export function createHandshake(
  options: ClientOptions,
  fetchImpl: typeof fetch,
  now: () => number,
  pageHost: () => string | undefined,
): Handshake {
  const { tokenUrl, connectorToken, streaming = true } = options;
  const base = (options.messagingUrl ?? '').replace(/\/+$/, '');

  const post = <T>(
    url: string,
    headers: Record<string, string>,
    body: object,
    signal: AbortSignal,
    read: (status: number, json: unknown) => T | Retry,
  ) => httpCall(fetchImpl, url, { method: 'POST', headers: { ...JSON_TYPE, ...headers }, body: JSON.stringify(body), signal }, read);

  function requestAccess(host: string | undefined, fresh: boolean, signal: AbortSignal) {
    const url = tokenUrl ?? `${base}/api/v1/access-token`;
    const headers: Record<string, string> = tokenUrl ? {} : { 'X-Token': connectorToken!, 'X-Host': host! };
    const body = tokenUrl ? { streaming, ...(fresh && { fresh }) } : {};
    return post<AccessGrant | string>(url, headers, body, signal, (status, json) => {
      const token = status < 300 && parseAccessToken(json);
      if (token) {
        const expiresAt = now() + token.expiresIn * 1000;
        // Only the site's own endpoint remembers a visitor's session.
        return { accessToken: token.accessToken, expiresAt, sessionId: tokenUrl ? token.sessionId : undefined };
      }
      // 4xx here is the site's configuration (unknown connector token, host not registered, …).
      if (status < 400 && !tokenUrl) return { code: 'server' };
      const detail = ` (${serverErrorText(json, [connectorToken]) ?? `HTTP ${status}`})`;
      return tokenUrl ? `"tokenUrl" gave no access token${detail}` : `connector token or host "${host}" rejected${detail}`;
    });
  }

  /** A new session for this grant: its id, or a Retry. */
  function createSession(access: AccessGrant, signal: AbortSignal, forgetGrant: () => void) {
    const body = { platform: 'web', streaming_enabled: streaming };
    return post<string>(`${base}/api/v1/sessions`, { Authorization: `Bearer ${access.accessToken}` }, body, signal, (status, json) => {
      const session = status < 300 && parseSession(json);
      if (session) return session.sessionId;
      // Refused although just minted (clock skew, a rotated secret): the next try fetches a new token.
      forgetGrant();
      return { code: 'server' };
    });
  }

  return {
    sessionRequest({ fresh, resumeOnly, signal }) {
      /** Kept across a failed session request (the next try reuses it while it is valid). */
      let grant: AccessGrant | undefined;
      return async () => {
        const host = options.host ?? pageHost();
        if (!tokenUrl && !host) return { type: 'config-error', message: 'set the "host" option (no page host name)' };
        if (grant && now() >= grant.expiresAt) grant = undefined;
        const access = grant ?? (await requestAccess(host, fresh, signal));
        if (typeof access === 'string') return { type: 'config-error', message: access };
        if (isRetry(access)) return access;
        grant = access;
        const { accessToken, expiresAt, sessionId: named } = access;
        if (!named && resumeOnly) return { type: 'no-session' };
        const sessionId =
          named ??
          (await createSession(access, signal, () => {
            grant = undefined;
          }));
        if (isRetry(sessionId)) return sessionId;
        return { type: 'session', credentials: { accessToken, expiresAt, sessionId, resumed: !!named && !fresh } };
      };
    },
    async probeHost(signal) {
      // No Authorization: the answer is a refusal, but any answer proves the host is up.
      const answer = await post(`${base}/api/v1/sessions`, {}, {}, signal, (): true => true);
      return answer === true || answer.code !== 'network';
    },
  };
}
