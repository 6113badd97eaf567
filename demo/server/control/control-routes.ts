// HTTP face of the control API: `POST /__control/<name>` with a JSON body, plus GET for the
// read-only ones. Mounted only when the server runs with `control: true`.
// The routes read the wire record and inject frames, so a page the developer happens to visit must
// not reach them: no CORS grant, callers without an Origin (Node, Playwright) or on a loopback
// origin only, and POSTs only as application/json (a cross-origin "simple" request cannot be).

import type { IncomingMessage, ServerResponse } from 'node:http';
import { parseJsonBody, readBody, sendError, sendJson } from '../http/http-io';
import type { OutgoingFaults } from '../messaging/outgoing-pipeline';
import { isRecord, type JsonRecord, SESSION_END_REASONS } from '../messaging/wire';
import { projectSlug } from '../model/tenancy';
import type { ProjectSettings } from '../model/types';
import type { PlatformControl } from './control';
import type { FaultCount, HttpFaultSpec } from './fault-state';

export const CONTROL_PREFIX = '/__control/';

type Result = { ok: true; value: unknown } | { ok: false; message: string };
type Route = (control: PlatformControl, body: JsonRecord) => Result;

const done = (value: unknown = { ok: true }): Result => ({ ok: true, value });
const bad = (message: string): Result => ({ ok: false, message });

const READ_ONLY = new Set(['record', 'sessionIds']);

const ROUTES: Record<string, Route> = {
  reset: (control) => {
    control.reset();
    return done();
  },
  dropSockets: (control, body) => {
    const sessionId = body['sessionId'];
    if (sessionId !== undefined && typeof sessionId !== 'string') return bad('sessionId must be a string');
    return done({ dropped: control.dropSockets(sessionId) });
  },
  refuseUpgrades: (control, body) => {
    const count = faultCount(body['count']);
    if (count === undefined) return bad('count must be a non-negative integer or "all"');
    control.refuseUpgrades(count);
    return done();
  },
  refuseUpgradesWith: (control, body) => {
    const status = body['status'];
    const count = body['count'] === undefined ? 'all' : faultCount(body['count']);
    if (typeof status !== 'number' || !Number.isInteger(status) || status < 400 || status > 599)
      return bad('status must be an HTTP error status');
    if (count === undefined) return bad('count must be a non-negative integer or "all"');
    control.refuseUpgradesWith(status, count);
    return done();
  },
  expireSession: (control, body) => {
    const sessionId = body['sessionId'];
    if (typeof sessionId !== 'string') return bad('sessionId must be a string');
    return done({ expired: control.expireSession(sessionId) });
  },
  expireTokens: (control) => {
    control.expireTokens();
    return done();
  },
  setOutgoing: (control, body) => {
    const faults = outgoingFaults(body);
    if (!faults) return bad('expected { delayMs?: number, duplicate?: boolean, reorder?: boolean, chunksOutOfOrder?: boolean }');
    control.setOutgoing(faults);
    return done();
  },
  inject: (control, body) => {
    const { sessionId, frames } = body;
    if (typeof sessionId !== 'string') return bad('sessionId must be a string');
    if (!Array.isArray(frames) || !frames.every((frame): frame is string => typeof frame === 'string'))
      return bad('frames must be an array of strings');
    return done({ sockets: control.inject(sessionId, frames) });
  },
  httpFaults: (control, body) => {
    const spec = httpFaultSpec(body);
    if (!spec) return bad('expected { status: 429|500|503, count: number, retryAfterSeconds?: number, paths?: string[] }');
    control.httpFaults(spec);
    return done();
  },
  endSession: (control, body) => {
    const { sessionId, reason } = body;
    if (typeof sessionId !== 'string') return bad('sessionId must be a string');
    const knownReason = SESSION_END_REASONS.find((candidate) => candidate === reason);
    if (reason !== undefined && knownReason === undefined) return bad(`reason must be one of ${SESSION_END_REASONS.join(', ')}`);
    return done({ ended: control.endSession(sessionId, knownReason) });
  },
  emit: (control, body) => {
    const { sessionId, type, payload, transient } = body;
    if (typeof sessionId !== 'string' || typeof type !== 'string' || !isRecord(payload))
      return bad('expected { sessionId, type, payload: object, transient?: boolean }');
    if (transient !== undefined && typeof transient !== 'boolean') return bad('transient must be a boolean');
    return done({ event: control.emit(sessionId, type, payload, { transient: transient === true }) ?? null });
  },
  record: (control) => done(control.record()),
  sessionIds: (control) => done({ sessionIds: control.sessionIds() }),
  openSocketCount: (control, body) => {
    const sessionId = body['sessionId'];
    if (typeof sessionId !== 'string') return bad('sessionId must be a string');
    return done({ count: control.openSocketCount(sessionId) });
  },
  journal: (control, body) => {
    const sessionId = body['sessionId'];
    if (typeof sessionId !== 'string') return bad('sessionId must be a string');
    return done({ events: control.journal(sessionId) });
  },
  seedHistory: (control, body) => {
    const { count, seed } = body;
    if (typeof count !== 'number' || !Number.isInteger(count) || count < 0 || count > 1_000_000)
      return bad('count must be an integer from 0 to 1000000');
    if (seed !== undefined && (typeof seed !== 'number' || !Number.isInteger(seed) || seed < 0))
      return bad('seed must be a non-negative integer');
    return done({ added: control.seedHistory(count, seed) });
  },
  projectSettings: (control, body) => {
    const { projectId, transcripts, responseMetrics, v1FieldWhitelist } = body;
    if (typeof projectId !== 'string' || projectSlug(projectId) === undefined) return bad('projectId must name a project');
    const change: Partial<ProjectSettings> = {};
    for (const [name, value] of Object.entries({ transcripts, responseMetrics, v1FieldWhitelist })) {
      if (value === undefined) continue;
      if (typeof value !== 'boolean') return bad(`${name} must be a boolean`);
      if (name === 'transcripts') change.transcripts = value;
      else if (name === 'responseMetrics') change.responseMetrics = value;
      else change.v1FieldWhitelist = value;
    }
    return done({ settings: control.projectSettings(projectId, change) });
  },
  incident: (control, body) => {
    const { kind, projectId, count, at } = body;
    if (kind !== 'api_error' && kind !== 'function_error' && kind !== 'call_crash')
      return bad('kind must be api_error, function_error or call_crash');
    if (projectId !== undefined && (typeof projectId !== 'string' || projectSlug(projectId) === undefined))
      return bad('projectId must name a project');
    if (count !== undefined && (typeof count !== 'number' || !Number.isInteger(count) || count < 1 || count > 10_000))
      return bad('count must be an integer from 1 to 10000');
    if (at !== undefined && (typeof at !== 'number' || !Number.isFinite(at))) return bad('at must be epoch milliseconds');
    control.incident(kind, projectId, count, at);
    return done();
  },
  crashConversation: (control, body) => {
    const conversationId = body['conversationId'];
    if (typeof conversationId !== 'string') return bad('conversationId must be a string');
    return done({ crashed: control.crashConversation(conversationId) });
  },
};

export async function handleControlRoute(
  req: IncomingMessage,
  res: ServerResponse,
  pathname: string,
  control: PlatformControl,
): Promise<void> {
  res.removeHeader('Access-Control-Allow-Origin');
  res.removeHeader('Access-Control-Expose-Headers');
  if (!loopbackOrNoOrigin(req)) return sendError(res, 403, 'Control routes answer loopback origins only');
  const name = pathname.slice(CONTROL_PREFIX.length);
  const route = Object.hasOwn(ROUTES, name) ? ROUTES[name] : undefined;
  if (!route) return sendError(res, 404, `Unknown control: ${name}`);
  const readOnly = READ_ONLY.has(name);
  if (req.method !== 'POST' && !(readOnly && req.method === 'GET')) {
    return sendError(res, 405, 'Method not allowed', { Allow: readOnly ? 'GET, POST' : 'POST' });
  }
  if (req.method === 'POST' && !/^application\/json\s*(;|$)/i.test(req.headers['content-type'] ?? '')) {
    return sendError(res, 415, 'Control POSTs must be application/json');
  }
  const parsed = parseJsonBody(req.method === 'GET' ? '' : await readBody(req));
  if (!parsed.ok || !isRecord(parsed.value)) return sendError(res, 400, 'Body must be a JSON object');
  const result = route(control, parsed.value);
  if (!result.ok) return sendError(res, 400, result.message);
  sendJson(res, 200, result.value);
}

const LOOPBACK_HOST = /^(localhost|[a-z0-9-]+\.localhost|127\.\d{1,3}\.\d{1,3}\.\d{1,3}|\[::1\])$/i;

/** No Origin (not a browser page) or an http(s) origin on a loopback host. */
export function loopbackOrNoOrigin(req: IncomingMessage): boolean {
  const origin = req.headers.origin;
  if (origin === undefined) return req.headers['sec-fetch-site'] !== 'cross-site';
  try {
    const url = new URL(origin);
    return (url.protocol === 'http:' || url.protocol === 'https:') && LOOPBACK_HOST.test(url.hostname);
  } catch {
    return false;
  }
}

function faultCount(value: unknown): FaultCount | undefined {
  if (value === 'all') return 'all';
  return typeof value === 'number' && Number.isInteger(value) && value >= 0 ? value : undefined;
}

function outgoingFaults(body: JsonRecord): OutgoingFaults | undefined {
  const { delayMs, duplicate, reorder, chunksOutOfOrder } = body;
  if (delayMs !== undefined && (typeof delayMs !== 'number' || !(delayMs >= 0))) return undefined;
  for (const flag of [duplicate, reorder, chunksOutOfOrder]) {
    if (flag !== undefined && typeof flag !== 'boolean') return undefined;
  }
  const faults: OutgoingFaults = {};
  if (typeof delayMs === 'number') faults.delayMs = delayMs;
  if (typeof duplicate === 'boolean') faults.duplicate = duplicate;
  if (typeof reorder === 'boolean') faults.reorder = reorder;
  if (typeof chunksOutOfOrder === 'boolean') faults.chunksOutOfOrder = chunksOutOfOrder;
  return faults;
}

function httpFaultSpec(body: JsonRecord): HttpFaultSpec | undefined {
  const { status, count, retryAfterSeconds, paths } = body;
  if (status !== 429 && status !== 500 && status !== 503) return undefined;
  if (typeof count !== 'number' || !Number.isInteger(count) || count < 0) return undefined;
  if (retryAfterSeconds !== undefined && (typeof retryAfterSeconds !== 'number' || !(retryAfterSeconds >= 0))) return undefined;
  if (paths !== undefined && (!Array.isArray(paths) || !paths.every((path): path is string => typeof path === 'string'))) return undefined;
  const spec: HttpFaultSpec = { status, count };
  if (typeof retryAfterSeconds === 'number') spec.retryAfterSeconds = retryAfterSeconds;
  if (Array.isArray(paths)) spec.paths = paths.filter((path): path is string => typeof path === 'string');
  return spec;
}
