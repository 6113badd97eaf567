// The reference platform server: Messaging API (token, sessions, WebSocket) and Chat REST on one
// Node http server, a scripted demo agent, and the control API for fault injection in tests.

import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { WebSocketServer } from 'ws';
import { AccessTokens } from './access-tokens';
import { ChatRest } from './chat-rest';
import { createControl, type PlatformControl } from './control';
import { CONTROL_PREFIX, handleControlRoute } from './control-routes';
import { type ArmedHttpFault, FaultState } from './fault-state';
import { answerPreflight, applyCors, BodyTooLargeError, sendError } from './http-io';
import { type PlatformOptions, type ResolvedOptions, resolveOptions } from './options';
import { SlidingWindowLimiter } from './rate-limiter';
import { Recorder } from './recorder';
import { handleAccessToken } from './route-access-token';
import { handleCreateSession } from './route-sessions';
import { SessionStore } from './session-store';
import { attachSocket } from './socket-connection';
import { handleUpgrade } from './socket-handshake';
import { serveStatic } from './static-files';
import { MAX_MESSAGE_SIZE_BYTES } from './wire';

export type { PlatformControl } from './control';
export type { HttpFaultSpec } from './fault-state';
export type { PlatformOptions } from './options';
export type { OutgoingFaults } from './outgoing-pipeline';
export type { PlatformRecord } from './recorder';

export interface PlatformServer {
  /** `http://127.0.0.1:<port>`; the WebSocket lives at the same origin under `/ws`. */
  url: string;
  port: number;
  close(): Promise<void>;
  control: PlatformControl;
}

/**
 * Frames up to this size reach our own size check, which answers with an error system message
 * and keeps the socket open; only absurd frames make `ws` close the socket itself (1009).
 */
const WS_MAX_PAYLOAD = 8 * MAX_MESSAGE_SIZE_BYTES;

export async function startPlatformServer(options?: PlatformOptions): Promise<PlatformServer> {
  const config = resolveOptions(options);
  const faults = new FaultState();
  const recorder = new Recorder();
  const tokens = new AccessTokens(config.tokenLifetimeSeconds);
  const store = new SessionStore(config.sessionIdleMs, () => faults.outgoing);
  const control = createControl({ store, tokens, faults, recorder });
  const chat = new ChatRest(new SlidingWindowLimiter(config.rateLimit.chatRequests));
  const limiters = {
    accessTokens: new SlidingWindowLimiter(config.rateLimit.accessTokens),
    sessionCreations: new SlidingWindowLimiter(config.rateLimit.sessionCreations),
    userMessages: new SlidingWindowLimiter(config.rateLimit.userMessages),
  };
  const wss = new WebSocketServer({ noServer: true, maxPayload: WS_MAX_PAYLOAD });
  let baseUrl = '';

  const route = async (req: IncomingMessage, res: ServerResponse): Promise<void> => {
    const pathname = new URL(req.url ?? '/', 'http://platform.invalid').pathname;
    const method = req.method ?? 'GET';
    applyCors(res);
    if (pathname.startsWith(CONTROL_PREFIX)) {
      if (config.control) return handleControlRoute(req, res, pathname, control);
      return sendError(res, 404, 'Not found');
    }
    res.on('finish', () => recorder.http({ method, path: pathname, status: res.statusCode }));
    if (method === 'OPTIONS') return answerPreflight(res);

    const fault = faults.takeHttpFault(pathname);
    if (fault) return answerFault(res, pathname, fault);

    if (pathname === '/api/v1/access-token') {
      if (method !== 'POST') return sendError(res, 405, 'Method not allowed', { Allow: 'POST' });
      return handleAccessToken(req, res, { tokens, limiter: limiters.accessTokens });
    }
    if (pathname === '/api/v1/sessions') {
      if (method !== 'POST') return sendError(res, 405, 'Method not allowed', { Allow: 'POST' });
      return handleCreateSession(req, res, { tokens, store, limiter: limiters.sessionCreations, recorder });
    }
    if (ChatRest.matches(pathname)) return chat.handle(req, res, pathname);
    if (await serveStatic(req, res, pathname, { roots: config.staticDirs, indexFile: config.indexFile })) return;
    sendError(res, 404, 'Not found');
  };

  const server = createServer((req, res) => {
    route(req, res).catch((error: unknown) => {
      if (res.headersSent) {
        res.destroy();
        return;
      }
      if (error instanceof BodyTooLargeError) return sendError(res, 413, 'Request body too large');
      console.error('[platform] request failed:', error);
      sendError(res, 500, 'Internal server error');
    });
  });

  server.on('upgrade', (req: IncomingMessage, socket, head: Buffer) => {
    handleUpgrade(req, socket, head, {
      wss,
      store,
      tokens,
      faults,
      recorder,
      maxSocketsPerSession: config.maxSocketsPerSession,
      onOpen: (ws, session, cursor) =>
        attachSocket(ws, session, cursor, {
          recorder,
          userMessageLimiter: limiters.userMessages,
          replayBatchSize: config.replayBatchSize,
          socketIdleMs: config.socketIdleMs,
          pacing: config.pacing,
          baseUrl,
        }),
    }).catch(() => socket.destroy());
  });

  const port = await listen(server, config);
  baseUrl = `http://${config.host}:${port}`;

  return {
    url: baseUrl,
    port,
    control,
    close: async () => {
      store.closeAll();
      for (const client of wss.clients) client.terminate();
      wss.close();
      await new Promise<void>((done) => {
        server.close(() => done());
        server.closeAllConnections();
      });
    },
  };
}

function listen(server: ReturnType<typeof createServer>, config: ResolvedOptions): Promise<number> {
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(config.port, config.host, () => {
      server.off('error', reject);
      const address = server.address();
      // Listening on a TCP host always yields an AddressInfo; a string would mean a pipe.
      resolve(typeof address === 'object' && address !== null ? (address satisfies AddressInfo).port : config.port);
    });
  });
}

/** The texts a real platform would put on these statuses for the two handshake routes. */
function answerFault(res: ServerResponse, pathname: string, fault: ArmedHttpFault): void {
  const headers: Record<string, string> = {};
  if (fault.status === 429 || fault.retryAfterSeconds !== undefined) headers['Retry-After'] = String(fault.retryAfterSeconds ?? 1);
  const message =
    fault.status === 429
      ? 'Too many requests'
      : fault.status === 503
        ? 'Service unavailable'
        : pathname === '/api/v1/access-token'
          ? 'Failed to create access token'
          : pathname === '/api/v1/sessions'
            ? 'Failed to create session'
            : 'Internal server error';
  sendError(res, fault.status, message, headers);
}
