// POST /api/v1/sessions (docs/protocol.md §1.2). Checks run in the documented order: header present,
// Bearer form, token valid, body parseable.

import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Recorder } from '../control/recorder';
import { header, parseJsonBody, readBody, sendError, sendJson, sendTooMany } from '../http/http-io';
import type { SlidingWindowLimiter } from '../http/rate-limiter';
import { checkBody } from '../openapi/request-validation';
import type { AccessTokens } from './access-tokens';
import type { Platform } from './session';
import type { SessionStore } from './session-store';

export interface SessionsDeps {
  tokens: AccessTokens;
  store: SessionStore;
  limiter: SlidingWindowLimiter;
  recorder: Recorder;
}

const PLATFORMS: readonly Platform[] = ['web', 'ios', 'android', 'custom'];

export async function handleCreateSession(req: IncomingMessage, res: ServerResponse, deps: SessionsDeps): Promise<void> {
  const bodyText = await readBody(req);
  const authorization = header(req, 'authorization');
  if (authorization === undefined) return sendError(res, 400, 'Missing access token');
  const bearer = /^Bearer\s+(\S+)$/i.exec(authorization);
  const token = bearer?.[1];
  if (token === undefined) return sendError(res, 401, 'Missing authentication headers');
  const claims = await deps.tokens.verify(token);
  if (!claims) return sendError(res, 401, 'Invalid access token');

  const request = parseSessionRequest(bodyText);
  if (!request) return sendError(res, 400, 'Error parsing request');

  const decision = deps.limiter.take(claims.connectorId);
  if (!decision.ok) return sendTooMany(res, decision.retryAfterSeconds);

  const session = deps.store.create({ ...request, tokenId: claims.tokenId, connectorId: claims.connectorId });
  deps.recorder.session({ sessionId: session.id, streaming: session.streaming, platform: session.platform });
  sendJson(res, 200, { session_id: session.id });
}

/** The body against the OpenAPI document's SessionRequest (which fills the defaults). */
function parseSessionRequest(text: string): { platform: Platform; streaming: boolean } | undefined {
  const parsed = parseJsonBody(text);
  if (!parsed.ok) return undefined;
  const checked = checkBody('createSession', parsed.value, 'Error parsing request');
  if (!checked.ok) return undefined;
  const platform = PLATFORMS.find((candidate) => candidate === checked.value['platform']) ?? 'web';
  return { platform, streaming: checked.value['streaming_enabled'] === true };
}
