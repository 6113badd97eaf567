// Test-only controls of the build host, under /__control/build/ and mounted with the other
// controls (`--control`): slow the demo agent down, evaluate the alert rules now, and read the
// webhook delivery log (incidents and crashes are the platform controls `incident` and
// `crashConversation`). Apart from the public routes.

import type { IncomingMessage, ServerResponse } from 'node:http';
import { loopbackOrNoOrigin } from '../control/control-routes';
import { parseJsonBody, readBody, sendError, sendJson } from '../http/http-io';
import type { BuildHost } from './build-host';
import { isRecord, type JsonRecord } from './fields';

export const BUILD_CONTROL_PREFIX = '/__control/build/';
const MAX_REPLY_DELAY_MS = 60_000;

type Result = { ok: true; value: unknown } | { ok: false; message: string };
type Control = (host: BuildHost, body: JsonRecord) => Result;

const CONTROLS: Record<string, { method: 'GET' | 'POST'; run: Control }> = {
  agentReplyDelay: {
    method: 'POST',
    run: (host, body) => {
      const ms = body['ms'];
      if (typeof ms !== 'number' || !Number.isFinite(ms) || ms < 0 || ms > MAX_REPLY_DELAY_MS)
        return { ok: false, message: `ms must be a number from 0 to ${MAX_REPLY_DELAY_MS}` };
      host.agentReplyDelay.set(ms);
      return { ok: true, value: { ms } };
    },
  },
  evaluateAlerts: {
    method: 'POST',
    run: (host) => {
      host.alerts.evaluator.evaluateAll();
      return { ok: true, value: { ok: true } };
    },
  },
  deliveries: {
    method: 'GET',
    run: (host) => ({ ok: true, value: { attempts: host.alerts.delivery.attempts } }),
  },
};

export async function handleBuildControl(req: IncomingMessage, res: ServerResponse, pathname: string, host: BuildHost): Promise<void> {
  res.removeHeader('Access-Control-Allow-Origin');
  res.removeHeader('Access-Control-Expose-Headers');
  if (!loopbackOrNoOrigin(req)) return sendError(res, 403, 'Control routes answer loopback origins only');
  const name = pathname.slice(BUILD_CONTROL_PREFIX.length);
  const control = Object.hasOwn(CONTROLS, name) ? CONTROLS[name] : undefined;
  if (!control) return sendError(res, 404, `Unknown control: build/${name}`);
  if (req.method !== control.method) return sendError(res, 405, 'Method not allowed', { Allow: control.method });
  if (req.method === 'POST' && !/^application\/json\s*(;|$)/i.test(req.headers['content-type'] ?? ''))
    return sendError(res, 415, 'Control POSTs must be application/json');
  const parsed = parseJsonBody(req.method === 'GET' ? '' : await readBody(req));
  if (!parsed.ok || !isRecord(parsed.value)) return sendError(res, 400, 'Body must be a JSON object');
  const result = control.run(host, parsed.value);
  if (!result.ok) return sendError(res, 400, result.message);
  sendJson(res, 200, result.value);
}
