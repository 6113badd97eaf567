// Outbound Calling API: POST /v1/outbound-calling, GET /v1/outbound-calling/{call_sid}/status.
// Header X-Service-Auth-Token; the token's connector must be configured for outbound calling.

import { randomBytes } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { CREDENTIALS, PERMITTED_PROJECT } from '../http/credentials';
import { header, parseJsonBody, readBody, sendError, sendJson } from '../http/http-io';
import type { CallRecord } from '../model/calls';
import type { PlatformModel } from '../model/platform-model';
import { parseCallRequest } from './call-request';
import type { Telephony } from './telephony';
import { AGENT_NUMBER, outcomeFor } from './test-numbers';

/** A token whose connector has no outbound calling configured: 401 like a wrong token. */
export const UNCONFIGURED_OUTBOUND_TOKEN = 'demo-inbound-only-token';

const TRIGGER_PATH = '/v1/outbound-calling';
const STATUS_PATH = /^\/v1\/outbound-calling\/([^/]*)\/status$/;
const SID_FORMAT = /^OUT-[A-Za-z0-9]{8,64}$/;

export interface OutboundDeps {
  model: PlatformModel;
  telephony: Telephony;
  /** How long a terminal status stays readable (the platform keeps about 2 hours). */
  retentionMs: number;
}

export function matchesOutbound(pathname: string): boolean {
  return pathname === TRIGGER_PATH || STATUS_PATH.test(pathname);
}

export async function handleOutbound(req: IncomingMessage, res: ServerResponse, pathname: string, deps: OutboundDeps): Promise<void> {
  const bodyText = await readBody(req);
  const token = header(req, 'x-service-auth-token');
  if (token === undefined) return sendError(res, 401, 'Missing X-Service-Auth-Token header');
  if (token === UNCONFIGURED_OUTBOUND_TOKEN) return sendError(res, 401, 'Connector is not configured for outbound calling');
  if (token !== CREDENTIALS.outboundToken) return sendError(res, 401, 'Invalid service auth token');

  if (pathname === TRIGGER_PATH) {
    if (req.method !== 'POST') return sendError(res, 405, 'Method not allowed', { Allow: 'POST' });
    return await trigger(res, bodyText, deps);
  }
  if (req.method !== 'GET') return sendError(res, 405, 'Method not allowed', { Allow: 'GET' });
  const sid = decodeSegment(STATUS_PATH.exec(pathname)?.[1] ?? '');
  if (sid === undefined || !SID_FORMAT.test(sid)) return sendError(res, 400, 'Invalid call SID format');
  const call = deps.model.calls.get(sid, deps.retentionMs);
  if (!call) return sendError(res, 404, 'Call not found or its status has expired');
  return sendJson(res, 200, { call_sid: call.sid, status: call.status, reason: call.reason });
}

async function trigger(res: ServerResponse, bodyText: string, deps: OutboundDeps): Promise<void> {
  const parsed = parseJsonBody(bodyText);
  if (!parsed.ok) return sendError(res, 400, 'Invalid JSON body');
  const request = await parseCallRequest(parsed.value);
  if (!request.ok) return sendError(res, 400, request.error);
  const outcome = outcomeFor(request.value.toNumber);
  // The platform's advice for this status: retry with exponential backoff.
  if (outcome === 'cannot-place') return sendError(res, 500, 'The call could not be placed');
  const sid = `OUT-${randomBytes(16).toString('hex')}`;
  const call: CallRecord = {
    sid,
    projectId: PERMITTED_PROJECT,
    toNumber: request.value.toNumber,
    fromNumber: AGENT_NUMBER,
    metadata: request.value.metadata,
    encryption: request.value.encryption,
    createdAt: Date.now(),
    status: 'queued',
    reason: '',
    endedAt: undefined,
    conversationId: undefined,
  };
  deps.model.calls.add(call);
  deps.telephony.place(call, outcome);
  sendJson(res, 200, { call_sid: sid });
}

function decodeSegment(segment: string): string | undefined {
  try {
    return decodeURIComponent(segment);
  } catch {
    return undefined;
  }
}
