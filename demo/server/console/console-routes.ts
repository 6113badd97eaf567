// The console (`/console/`): a page over the platform's state for a person to look at. Its
// script reads the same public APIs a client does (Conversations, Concurrent Calls, Alerts,
// Agents) with the demo workspace's keys. Two facts have no public read on the platform — the
// list of outbound calls with their status history, and each webhook endpoint's deliveries — so
// the console reads them here, under /console/api/, read-only, behind the key of the API they
// belong to, and apart from the emulated routes (docs/console.md).

import type { IncomingMessage, ServerResponse } from 'node:http';
import type { DeliveryAttempt } from '../alerts/delivery';
import type { BuildHost } from '../build-host/build-host';
import { principalForKey } from '../build-host/keys';
import { loopbackOrNoOrigin } from '../control/control-routes';
import { CREDENTIALS } from '../http/credentials';
import { header, sendError, sendJson } from '../http/http-io';
import { serveStatic } from '../http/static-files';
import type { PlatformModel } from '../model/platform-model';
import { CONSOLE_DIST, consoleBuildInFlight, consoleIsBuilt } from './console-build';

export const CONSOLE_PREFIX = '/console';
const CONSOLE_CSP = "default-src 'self'; img-src 'self' data:; object-src 'none'; base-uri 'none'; frame-ancestors 'none'";

export interface ConsoleDeps {
  model: PlatformModel;
  buildHost: BuildHost;
  callRetentionMs: number;
  /** Another build of the console (tests); default CONSOLE_DIST. */
  dir?: string;
}

export function ownsConsolePath(pathname: string): boolean {
  return pathname === CONSOLE_PREFIX || pathname.startsWith(`${CONSOLE_PREFIX}/`);
}

export async function handleConsole(req: IncomingMessage, res: ServerResponse, pathname: string, deps: ConsoleDeps): Promise<void> {
  // Same origin only: the console's reads are not meant for other sites.
  res.removeHeader('Access-Control-Allow-Origin');
  res.removeHeader('Access-Control-Expose-Headers');
  if (pathname === CONSOLE_PREFIX) {
    res.writeHead(308, { Location: `${CONSOLE_PREFIX}/` });
    res.end();
    return;
  }
  if (pathname.startsWith(`${CONSOLE_PREFIX}/api/`)) {
    if (!loopbackOrNoOrigin(req)) return sendError(res, 403, 'The console answers loopback origins only');
    if (req.method !== 'GET') return sendError(res, 405, 'Method not allowed', { Allow: 'GET' });
    const name = pathname.slice(`${CONSOLE_PREFIX}/api/`.length);
    if (name === 'calls') return answerCalls(req, res, deps);
    if (name === 'webhook-deliveries') return answerDeliveries(req, res, deps);
    return sendError(res, 404, `No console route ${pathname}`);
  }
  const dir = deps.dir ?? CONSOLE_DIST;
  await consoleBuildInFlight()?.catch(() => undefined);
  if (!consoleIsBuilt(dir)) {
    return sendError(
      res,
      503,
      'The console is not built: run `npm run build:console` (or `npm run platform`, which builds it when missing)',
    );
  }
  // The console's own scripts and styles only, reading this origin; nothing may frame it.
  res.setHeader('Content-Security-Policy', CONSOLE_CSP);
  const file = pathname.slice(CONSOLE_PREFIX.length);
  if (await serveStatic(req, res, file, { roots: [dir], indexFile: undefined })) return;
  sendError(res, 404, 'Not found');
}

function answerCalls(req: IncomingMessage, res: ServerResponse, deps: ConsoleDeps): void {
  if (header(req, 'x-service-auth-token') !== CREDENTIALS.outboundToken)
    return sendError(res, 401, 'Invalid or missing X-Service-Auth-Token');
  const { calls } = deps.model;
  const iso = (ms: number | undefined) => (ms === undefined ? null : new Date(ms).toISOString());
  const data = calls
    .list(deps.callRetentionMs)
    .reverse()
    .map((call) => ({
      call_sid: call.sid,
      status: call.status,
      reason: call.reason,
      to_number: call.toNumber,
      from_number: call.fromNumber,
      created_at: iso(call.createdAt),
      ended_at: iso(call.endedAt),
      conversation_id: call.conversationId ?? null,
      // The console links the call to its conversation, which the Conversations API finds by start time.
      conversation_started_at: iso(
        call.conversationId === undefined ? undefined : deps.model.conversations.get(call.conversationId)?.startedAt,
      ),
      history: calls.historyOf(call).map((change) => ({ status: change.status, reason: change.reason, at: iso(change.at) })),
    }));
  sendJson(res, 200, { data });
}

/** Each endpoint of the key's account, with its deliveries newest first (one per `webhook-id`). */
function answerDeliveries(req: IncomingMessage, res: ServerResponse, deps: ConsoleDeps): void {
  const principal = principalForKey(header(req, 'x-api-key'));
  if (!principal) return sendError(res, 401, 'Invalid or missing x-api-key');
  const { model, delivery } = deps.buildHost.alerts;
  const byMessage = new Map<string, DeliveryAttempt[]>();
  for (const attempt of delivery.attempts) {
    const list = byMessage.get(attempt.webhookId);
    if (list) list.push(attempt);
    else byMessage.set(attempt.webhookId, [attempt]);
  }
  const data = model.endpointsOf(principal.account).map((endpoint) => ({
    id: endpoint.id,
    name: endpoint.name,
    url: endpoint.url,
    event_types: endpoint.event_types,
    deliveries: [...byMessage.values()]
      .filter((attempts) => attempts[0]?.endpointId === endpoint.id)
      .map((attempts) => {
        const last = attempts[attempts.length - 1]!;
        return {
          webhook_id: last.webhookId,
          event_type: last.eventType,
          attempts: last.attempt,
          outcome: last.outcome,
          status: last.status ?? null,
          error: last.error ?? null,
          first_attempt_at: attempts[0]?.at ?? last.at,
          last_attempt_at: last.at,
          next_attempt_at: last.nextAttemptAt ?? null,
        };
      })
      .reverse(),
  }));
  sendJson(res, 200, { data });
}
