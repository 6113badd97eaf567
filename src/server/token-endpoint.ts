// Access-token endpoint for a site's backend: the connector token and X-Host stay on the server;
// the widget's `tokenUrl` POSTs `{}` here and gets the platform's access-token JSON back.

import { corsHeaders, errorResponse, originAllowed, relay } from './responses';

export interface TokenEndpointOptions {
  /** https base of the messaging cluster. */
  messagingUrl: string;
  connectorToken: string;
  /** The registered host sent as X-Host. */
  host: string;
  /** Origins allowed to ask (e.g. ['https://www.example.com']); omit for same-origin use only. */
  allowedOrigins?: readonly string[];
  fetch?: typeof fetch;
}

export function createTokenEndpoint(options: TokenEndpointOptions): (request: Request) => Promise<Response> {
  requireText(options.messagingUrl, 'messagingUrl');
  requireText(options.connectorToken, 'connectorToken');
  requireText(options.host, 'host');
  const upstreamUrl = new URL('api/v1/access-token', withSlash(options.messagingUrl)).toString();
  const doFetch = options.fetch ?? fetch;

  return async (request) => {
    const cors = corsHeaders(request, options.allowedOrigins);
    if (request.method === 'OPTIONS') return new Response(null, { status: 204, headers: cors });
    if (request.method !== 'POST') return errorResponse(405, 'Method not allowed', { Allow: 'POST', ...cors });
    if (!originAllowed(request, options.allowedOrigins)) return errorResponse(403, 'Origin not allowed');
    let upstream: Response;
    try {
      upstream = await doFetch(upstreamUrl, {
        method: 'POST',
        headers: { 'X-Token': options.connectorToken, 'X-Host': options.host, 'Content-Type': 'application/json' },
        body: '{}',
      });
    } catch {
      return errorResponse(502, 'Messaging service unreachable', cors);
    }
    return relay(upstream, cors);
  };
}

export function withSlash(url: string): string {
  return url.endsWith('/') ? url : `${url}/`;
}

export function requireText(value: unknown, name: string): void {
  if (typeof value !== 'string' || value.trim() === '') {
    throw new TypeError(`agent-webchat/server: option "${name}" must be a non-empty string`);
  }
}
