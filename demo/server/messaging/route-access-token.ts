// POST /api/v1/access-token (docs/protocol.md §1.1): connector token + host → signed access token.

import type { IncomingMessage, ServerResponse } from 'node:http';
import { header, parseJsonBody, readBody, sendError, sendJson, sendTooMany } from '../http/http-io';
import type { SlidingWindowLimiter } from '../http/rate-limiter';
import type { AccessTokens } from './access-tokens';
import { findConnector, hostMatches } from './connectors';
import { isRecord } from './wire';

export interface AccessTokenDeps {
  tokens: AccessTokens;
  limiter: SlidingWindowLimiter;
}

export async function handleAccessToken(req: IncomingMessage, res: ServerResponse, deps: AccessTokenDeps): Promise<void> {
  const bodyText = await readBody(req);
  const connectorToken = header(req, 'x-token');
  const host = header(req, 'x-host');
  if (connectorToken === undefined || host === undefined) return sendError(res, 401, 'Missing authentication headers');
  const connector = findConnector(connectorToken);
  if (!connector) return sendError(res, 401, 'Connector token does not exist');
  if (connector.hosts.length === 0) return sendError(res, 401, 'Connector missing host domain');
  if (!hostMatches(connector, host)) return sendError(res, 401, 'Failed to validate connector');
  // "400 … malformed body": after the headers, as the session route does, and before the limit.
  if (!isWellFormedBody(bodyText)) return sendError(res, 400, 'Error parsing request');

  const decision = deps.limiter.take(connector.id);
  if (!decision.ok) return sendTooMany(res, decision.retryAfterSeconds);

  try {
    const issued = await deps.tokens.issue(connector.id);
    sendJson(res, 200, { access_token: issued.token, expires_in: issued.expiresInSeconds, token_type: 'Bearer' });
  } catch {
    sendError(res, 500, 'Failed to create access token');
  }
}

/**
 * The body is a JSON object (`{}` on the wire; its fields are the platform's to read, none are
 * required). An empty body is taken as `{}`; anything else that is not a JSON object is malformed.
 */
function isWellFormedBody(text: string): boolean {
  const parsed = parseJsonBody(text);
  return parsed.ok && isRecord(parsed.value);
}
