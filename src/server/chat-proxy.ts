// Chat REST proxy for a site's backend: holds X-API-KEY / X-TOKEN on the server and forwards only
// the three operations of PROTOCOL.md §7, with a body size limit.

import { corsHeaders, errorResponse, originAllowed, readLimitedText, relay } from './responses';
import { requireText, withSlash } from './token-endpoint';

export interface ChatProxyOptions {
  /** Upstream base: `{runtime_base_url}/v1/{account_id}/{project_id}/chat`. */
  chatUrl: string;
  apiKey: string;
  token: string;
  /** Largest accepted request body; default 16 KiB. */
  maxBodyBytes?: number;
  allowedOrigins?: readonly string[];
  fetch?: typeof fetch;
}

const METHOD_OF: Record<string, string> = { create: 'POST', respond: 'POST', close: 'PUT' };

export function createChatProxy(options: ChatProxyOptions): (request: Request) => Promise<Response> {
  requireText(options.chatUrl, 'chatUrl');
  requireText(options.apiKey, 'apiKey');
  requireText(options.token, 'token');
  const base = withSlash(options.chatUrl);
  const limit = options.maxBodyBytes ?? 16 * 1024;
  const doFetch = options.fetch ?? fetch;

  return async (request) => {
    const cors = corsHeaders(request, options.allowedOrigins);
    if (request.method === 'OPTIONS') return new Response(null, { status: 204, headers: cors });
    const operation = new URL(request.url).pathname.split('/').filter(Boolean).pop() ?? '';
    const method = METHOD_OF[operation];
    if (!method) return errorResponse(404, 'Unknown chat operation', cors);
    if (request.method !== method) return errorResponse(405, `Use ${method} for ${operation}`, { Allow: method, ...cors });
    if (!originAllowed(request, options.allowedOrigins)) return errorResponse(403, 'Origin not allowed');

    const text = await readLimitedText(request, limit);
    if (text === undefined) return errorResponse(413, `Request body exceeds ${limit} bytes`, cors);
    let body: unknown = {};
    if (text.trim() !== '') {
      try {
        body = JSON.parse(text);
      } catch {
        return errorResponse(400, 'Request body is not valid JSON', cors);
      }
    }
    if (typeof body !== 'object' || body === null || Array.isArray(body)) {
      return errorResponse(400, 'Request body must be a JSON object', cors);
    }

    let upstream: Response;
    try {
      upstream = await doFetch(new URL(operation, base).toString(), {
        method,
        headers: { 'X-API-KEY': options.apiKey, 'X-TOKEN': options.token, 'Content-Type': 'application/json' },
        body: JSON.stringify(body),
      });
    } catch {
      return errorResponse(502, 'Chat service unreachable', cors);
    }
    return relay(upstream, cors);
  };
}
