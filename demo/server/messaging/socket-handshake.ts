// The WebSocket upgrade at /ws (docs/protocol.md §2). Refusals are real HTTP responses written on the
// raw socket — `ws` in noServer mode leaves that to us — so non-browser clients can read them.

import { type IncomingMessage, STATUS_CODES } from 'node:http';
import type { Duplex } from 'node:stream';
import type { WebSocket, WebSocketServer } from 'ws';
import type { FaultState } from '../control/fault-state';
import type { Recorder } from '../control/recorder';
import type { AccessTokens } from './access-tokens';
import type { Session } from './session';
import type { SessionStore } from './session-store';

export interface HandshakeDeps {
  wss: WebSocketServer;
  store: SessionStore;
  tokens: AccessTokens;
  faults: FaultState;
  recorder: Recorder;
  maxSocketsPerSession: number;
  onOpen: (socket: WebSocket, session: Session, cursor: number) => void;
  /** Every refusal with an HTTP status: the platform counts it as an API error. */
  onRefused?: (status: number) => void;
}

export const HANDSHAKE_TEXT: Record<number, string> = {
  400: 'invalid connection parameters',
  401: 'authentication failed',
  404: 'session not found',
  429: 'connection limit exceeded for session',
};

/**
 * Order of checks: parameters, token, session, token-matches-session, socket limit. The token
 * comes before the session so that an unauthenticated caller learns nothing about which
 * session ids exist.
 */
export async function handleUpgrade(req: IncomingMessage, socket: Duplex, head: Buffer, deps: HandshakeDeps): Promise<void> {
  socket.on('error', () => undefined);
  const url = new URL(req.url ?? '/', 'http://platform.invalid');
  if (url.pathname !== '/ws') return refuse(socket, 404, 'not found');

  const sessionId = url.searchParams.get('session_id') ?? '';
  const accessToken = url.searchParams.get('access_token') ?? '';
  const cursorParam = url.searchParams.get('cursor');
  const record = (outcome: 'open' | 'refused' | number): void =>
    deps.recorder.connection({ sessionId, cursor: cursorParam, accessToken, outcome });
  const reject = (status: number): void => {
    record(status);
    deps.onRefused?.(status);
    refuse(socket, status, HANDSHAKE_TEXT[status] ?? STATUS_CODES[status] ?? 'error');
  };

  const refusal = deps.faults.takeUpgradeRefusal();
  if (refusal) {
    if (refusal.status === undefined) {
      record('refused');
      socket.destroy();
      return;
    }
    return reject(refusal.status);
  }

  if (sessionId === '' || accessToken === '') return reject(400);
  const claims = await deps.tokens.verify(accessToken);
  if (!claims) return reject(401);
  const session = deps.store.get(sessionId);
  if (!session) return reject(404);
  if (session.tokenId !== claims.tokenId) return reject(401);
  if (session.sockets.size >= deps.maxSocketsPerSession) return reject(429);

  session.touch();
  // Everything from the socket-count check to here is synchronous, so two racing upgrades
  // cannot both take the last free slot: `onOpen` registers the socket before the next one runs.
  deps.wss.handleUpgrade(req, socket, head, (ws) => {
    record('open');
    deps.onOpen(ws, session, parseCursor(cursorParam));
  });
}

/** `seq:<n>` or a bare integer; anything else replays from 0 (docs/protocol.md §2: never a rejection). */
export function parseCursor(raw: string | null): number {
  if (raw === null) return 0;
  const match = /^(?:seq:)?(\d+)$/.exec(raw.trim());
  const digits = match?.[1];
  if (digits === undefined) return 0;
  const value = Number(digits);
  return Number.isSafeInteger(value) ? value : 0;
}

function refuse(socket: Duplex, status: number, text: string): void {
  const body = Buffer.from(text, 'utf8');
  socket.end(
    `HTTP/1.1 ${status} ${STATUS_CODES[status] ?? 'Error'}\r\n` +
      'Connection: close\r\n' +
      'Content-Type: text/plain; charset=utf-8\r\n' +
      `Content-Length: ${body.length}\r\n` +
      'Access-Control-Allow-Origin: *\r\n' +
      '\r\n' +
      text,
  );
}
