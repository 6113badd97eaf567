// Test-only controls of the build host, under /__control/build/ and mounted with the other
// controls (`--control`): slow the demo agent down, cause function errors and call crashes,
// evaluate the alert rules now, and read the webhook delivery log. Apart from the public routes.

import type { IncomingMessage, ServerResponse } from 'node:http';
import { loopbackOrNoOrigin } from '../control/control-routes';
import { parseJsonBody, readBody, sendError, sendJson } from '../http/http-io';
import type { PlatformModel } from '../model/platform-model';
import type { BuildHost } from './build-host';
import { isRecord, type JsonRecord } from './fields';

export const BUILD_CONTROL_PREFIX = '/__control/build/';
const MAX_REPLY_DELAY_MS = 60_000;

type Result = { ok: true; value: unknown } | { ok: false; message: string };
type Control = (host: BuildHost, model: PlatformModel, body: JsonRecord) => Result;

const CONTROLS: Record<string, { method: 'GET' | 'POST'; run: Control }> = {
  agentReplyDelay: {
    method: 'POST',
    run: (host, _model, body) => {
      const ms = body['ms'];
      if (typeof ms !== 'number' || !Number.isFinite(ms) || ms < 0 || ms > MAX_REPLY_DELAY_MS)
        return { ok: false, message: `ms must be a number from 0 to ${MAX_REPLY_DELAY_MS}` };
      host.agentReplyDelay.set(ms);
      return { ok: true, value: { ms } };
    },
  },
  incident: {
    method: 'POST',
    run: (_host, model, body) => {
      const { kind, projectId, count } = body;
      if (kind !== 'function_error' && kind !== 'call_crash') return { ok: false, message: 'kind must be function_error or call_crash' };
      if (projectId !== undefined && typeof projectId !== 'string') return { ok: false, message: 'projectId must be a string' };
      if (count !== undefined && (typeof count !== 'number' || !Number.isInteger(count) || count < 1 || count > 1000))
        return { ok: false, message: 'count must be an integer from 1 to 1000' };
      const times = typeof count === 'number' ? count : 1;
      for (let index = 0; index < times; index += 1) model.recordIncident(kind, projectId ?? 'demo-project');
      return { ok: true, value: { recorded: times } };
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

export async function handleBuildControl(
  req: IncomingMessage,
  res: ServerResponse,
  pathname: string,
  host: BuildHost,
  model: PlatformModel,
): Promise<void> {
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
  const result = control.run(host, model, parsed.value);
  if (!result.ok) return sendError(res, 400, result.message);
  sendJson(res, 200, result.value);
}
