// The reference platform server: Messaging API (token, sessions, WebSocket) and Chat REST on one
// Node http server, a scripted demo agent, and the control API for fault injection in tests.

import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { WebSocketServer } from 'ws';
import { chatSessionOf, onCallEnded } from './agent/call-followup';
import { onExternalEvent } from './agent/demo-agent';
import { type BuildHost, createBuildHost } from './build-host/build-host';
import { BUILD_CONTROL_PREFIX, handleBuildControl } from './build-host/control-routes';
import { principalForKey } from './build-host/keys';
import { ChatRest } from './chat/chat-rest';
import { handleConsole, ownsConsolePath } from './console/console-routes';
import { createControl, type PlatformControl } from './control/control';
import { CONTROL_PREFIX, handleControlRoute } from './control/control-routes';
import { type ArmedHttpFault, FaultState } from './control/fault-state';
import { Recorder } from './control/recorder';
import { ConversationIndex } from './conversations/conversation-index';
import { handleConversations, matchesConversations } from './conversations/conversations-routes';
import { BRIDGE_ENDED_PATH, handleBridgeEnded } from './events/bridge-ended';
import { handleWebhook, WEBHOOK_PATH } from './events/webhook';
import { answerPreflight, applyCors, BodyTooLargeError, header, sendError, sendJson } from './http/http-io';
import { isPublicApiPath, projectOfRequest } from './http/public-routes';
import { SlidingWindowLimiter } from './http/rate-limiter';
import { serveStatic } from './http/static-files';
import { AccessTokens } from './messaging/access-tokens';
import { handleAccessToken } from './messaging/route-access-token';
import { handleCreateSession } from './messaging/route-sessions';
import { SessionStore } from './messaging/session-store';
import { attachSocket } from './messaging/socket-connection';
import { handleUpgrade } from './messaging/socket-handshake';
import { MAX_MESSAGE_SIZE_BYTES } from './messaging/wire';
import { PlatformModel } from './model/platform-model';
import { seedHistory } from './model/seed-history';
import { DEMO_PROJECT } from './model/tenancy';
import { answerUnknownRoute, serveReference } from './openapi/reference-routes';
import { exemptFromValidation, validateResponseOf } from './openapi/response-validation';
import { type ResponseViolation, responseViolations } from './openapi/response-violations';
import { type PlatformOptions, type ResolvedOptions, resolveOptions } from './options';
import { handleOutbound, matchesOutbound } from './outbound/outbound-routes';
import { Telephony } from './outbound/telephony';

export type { PlatformControl } from './control/control';
export type { HttpFaultSpec } from './control/fault-state';
export type { PlatformRecord } from './control/recorder';
export type { OutgoingFaults } from './messaging/outgoing-pipeline';
export type { PlatformModel } from './model/platform-model';
export type { ResponseViolation } from './openapi/response-violations';
export type { PlatformOptions } from './options';

export interface PlatformServer {
  /** `http://127.0.0.1:<port>`; the WebSocket lives at the same origin under `/ws`. */
  url: string;
  port: number;
  close(): Promise<void>;
  control: PlatformControl;
  /** What happened on this server: conversations, turns, incidents, project settings. */
  model: PlatformModel;
  /** The Agents and Alerts APIs (their state, evaluator, delivery log and test controls). */
  buildHost: BuildHost;
  /** With `validateResponses`: every answer that left the OpenAPI document (in this process). */
  responseViolations(): ResponseViolation[];
}

/**
 * Frames up to this size reach our own size check, which answers with an error system message
 * and keeps the socket open; only absurd frames make `ws` close the socket itself (1009).
 */
const WS_MAX_PAYLOAD = 8 * MAX_MESSAGE_SIZE_BYTES;

export async function startPlatformServer(options?: PlatformOptions): Promise<PlatformServer> {
  const config = resolveOptions(options);
  const model = new PlatformModel();
  const conversationIndex = new ConversationIndex(model.conversations);
  const faults = new FaultState();
  const recorder = new Recorder();
  const tokens = new AccessTokens(config.tokenLifetimeSeconds);
  const store = new SessionStore(
    config.sessionIdleMs,
    () => faults.outgoing,
    (session) => model.endConversation(session.id),
  );
  // An ended call that came from a chat is told to that chat (while its session lives).
  const telephony = new Telephony(model, config.telephony, (call) => {
    const chatSession = chatSessionOf(call);
    const session = chatSession === undefined ? undefined : store.get(chatSession);
    if (session && !session.ended) onCallEnded({ session, pacing: config.pacing, baseUrl, model }, call);
  });
  const control = createControl({ store, tokens, faults, recorder, model });
  const chat = new ChatRest({ limiter: new SlidingWindowLimiter(config.rateLimit.chatRequests), model, baseUrl: () => baseUrl });
  const limiters = {
    accessTokens: new SlidingWindowLimiter(config.rateLimit.accessTokens),
    sessionCreations: new SlidingWindowLimiter(config.rateLimit.sessionCreations),
    userMessages: new SlidingWindowLimiter(config.rateLimit.userMessages),
  };
  const wss = new WebSocketServer({ noServer: true, maxPayload: WS_MAX_PAYLOAD });
  const buildHost = createBuildHost(model, config.pacing, config.alerts);
  // After the build host: the seeded history runs the variants the demo agent has deployed.
  if (config.seedHistory) seedHistory(model, config.seedHistory);
  let baseUrl = '';

  const route = async (req: IncomingMessage, res: ServerResponse): Promise<void> => {
    const url = new URL(req.url ?? '/', 'http://platform.invalid');
    const pathname = url.pathname;
    const method = req.method ?? 'GET';
    applyCors(res);
    if (pathname.startsWith(BUILD_CONTROL_PREFIX)) {
      if (config.control) return handleBuildControl(req, res, pathname, buildHost);
      return sendError(res, 404, 'Not found');
    }
    if (pathname.startsWith(CONTROL_PREFIX)) {
      if (config.control && pathname === `${CONTROL_PREFIX}responseViolations`)
        return sendJson(res, 200, { violations: responseViolations() });
      if (config.control) return handleControlRoute(req, res, pathname, control);
      return sendError(res, 404, 'Not found');
    }
    if (ownsConsolePath(pathname)) return handleConsole(req, res, pathname, { model, buildHost, callRetentionMs: config.callRetentionMs });
    if (config.validateResponses && method !== 'HEAD' && method !== 'OPTIONS' && (isPublicApiPath(pathname) || pathname === '/ws'))
      validateResponseOf(res, method, pathname);
    res.on('finish', () => {
      recorder.http({ method, path: pathname, status: res.statusCode });
      if (res.statusCode >= 400 && isPublicApiPath(pathname)) {
        // A build-host error counts for the account of the key that made it (the runtime's otherwise).
        const account = buildHost.router.owns(pathname) ? principalForKey(header(req, 'x-api-key'))?.account : undefined;
        model.recordIncident('api_error', projectOfRequest(url), Date.now(), account);
      }
    });
    if (method === 'OPTIONS') return answerPreflight(res);

    const fault = faults.takeHttpFault(pathname);
    if (fault) {
      exemptFromValidation(res);
      return answerFault(res, pathname, fault);
    }
    if (await serveReference(res, method, pathname)) return;

    if (pathname === '/api/v1/access-token') {
      if (method !== 'POST') return sendError(res, 405, 'Method not allowed', { Allow: 'POST' });
      return handleAccessToken(req, res, { tokens, limiter: limiters.accessTokens });
    }
    if (pathname === '/api/v1/sessions') {
      if (method !== 'POST') return sendError(res, 405, 'Method not allowed', { Allow: 'POST' });
      return handleCreateSession(req, res, { tokens, store, limiter: limiters.sessionCreations, recorder });
    }
    if (buildHost.router.owns(pathname)) return buildHost.router.handle(req, res, url);
    if (ChatRest.matches(pathname)) return chat.handle(req, res, pathname);
    if (matchesConversations(pathname)) return handleConversations(req, res, url, { model, index: conversationIndex });
    if (pathname === WEBHOOK_PATH) return handleWebhook(req, res, url, model);
    if (pathname === BRIDGE_ENDED_PATH) return handleBridgeEnded(req, res, model);
    if (matchesOutbound(pathname)) return handleOutbound(req, res, pathname, { model, telephony, retentionMs: config.callRetentionMs });
    if (await serveStatic(req, res, pathname, { roots: config.staticDirs, indexFile: config.indexFile })) return;
    answerUnknownRoute(res);
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
      // The Messaging connectors serve the demo project.
      onRefused: () => model.recordIncident('api_error', DEMO_PROJECT),
      onOpen: (ws, session, cursor) =>
        attachSocket(ws, session, cursor, {
          recorder,
          userMessageLimiter: limiters.userMessages,
          replayBatchSize: config.replayBatchSize,
          socketIdleMs: config.socketIdleMs,
          pacing: config.pacing,
          baseUrl,
          model,
        }),
    }).catch(() => socket.destroy());
  });

  const port = await listen(server, config);
  baseUrl = `http://${config.host}:${port}`;
  // A result for a live Messaging conversation is told over its socket at once.
  model.externalEvents.onArrival((event) => {
    const session = store.get(event.conversationId);
    if (session && !session.ended) onExternalEvent({ session, pacing: config.pacing, baseUrl, model });
  });

  return {
    url: baseUrl,
    port,
    control,
    model,
    buildHost,
    responseViolations,
    close: async () => {
      buildHost.close();
      telephony.dispose();
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
