// POST /api/v1/access-token (docs/protocol.md §1.1): connector token + host → signed access token.

import type { IncomingMessage, ServerResponse } from 'node:http';
import { header, sendError, sendJson, sendTooMany } from '../http/http-io';
import type { SlidingWindowLimiter } from '../http/rate-limiter';
import type { AccessTokens } from './access-tokens';
import { findConnector, hostMatches } from './connectors';

export interface AccessTokenDeps {
  tokens: AccessTokens;
  limiter: SlidingWindowLimiter;
}

export async function handleAccessToken(req: IncomingMessage, res: ServerResponse, deps: AccessTokenDeps): Promise<void> {
  // The body is `{}` on the wire and carries nothing the platform reads, so it is not parsed.
  req.resume();
  const connectorToken = header(req, 'x-token');
  const host = header(req, 'x-host');
  if (connectorToken === undefined || host === undefined) return sendError(res, 401, 'Missing authentication headers');
  const connector = findConnector(connectorToken);
  if (!connector) return sendError(res, 401, 'Connector token does not exist');
  if (connector.hosts.length === 0) return sendError(res, 401, 'Connector missing host domain');
  if (!hostMatches(connector, host)) return sendError(res, 401, 'Failed to validate connector');

  const decision = deps.limiter.take(connector.id);
  if (!decision.ok) return sendTooMany(res, decision.retryAfterSeconds);

  try {
    const issued = await deps.tokens.issue(connector.id);
    sendJson(res, 200, { access_token: issued.token, expires_in: issued.expiresInSeconds, token_type: 'Bearer' });
  } catch {
    sendError(res, 500, 'Failed to create access token');
  }
}
