// Chat REST proxy for a site's backend: holds X-API-KEY / X-TOKEN on the server and forwards only
// the three operations of docs/protocol.md §7, with bounded bodies and the upstream policy of upstream.ts.

import { originAllowed } from './origin-rule';
import { DEFAULT_BODY_TIMEOUT_MS, DEFAULT_JSON_DEPTH, readJsonObject } from './request-body';
import type { RequestContext } from './request-context';
import { corsHeaders, errorResponse } from './responses';
import { requireText, withSlash } from './token-endpoint';
import { callUpstream, DEFAULT_UPSTREAM_TIMEOUT_MS, type UpstreamPolicy } from './upstream';

export interface ChatProxyOptions {
  /** Upstream base: `{runtime_base_url}/v1/{account_id}/{project_id}/chat`. */
  chatUrl: string;
  apiKey: string;
  token: string;
  /** Largest accepted request body; default 16 KiB. */
  maxBodyBytes?: number;
  /** Time allowed for the request body to arrive; default 10 s (then 408). */
  bodyTimeoutMs?: number;
  /** Deepest JSON nesting accepted; default 16. */
  maxJsonDepth?: number;
  /** Time allowed for the upstream call; default 10 s (then 504). */
  upstreamTimeoutMs?: number;
  /** Cross-origin pages allowed to call; same-origin is always allowed. */
  allowedOrigins?: readonly string[];
  fetch?: typeof fetch;
}

const METHOD_OF: Readonly<Record<string, string>> = { create: 'POST', respond: 'POST', close: 'PUT' };

export function createChatProxy(options: ChatProxyOptions): (request: Request, context?: RequestContext) => Promise<Response> {
  requireText(options.chatUrl, 'chatUrl');
  requireText(options.apiKey, 'apiKey');
  requireText(options.token, 'token');
  const base = withSlash(options.chatUrl);
  const limits = {
    maxBytes: options.maxBodyBytes ?? 16 * 1024,
    timeoutMs: options.bodyTimeoutMs ?? DEFAULT_BODY_TIMEOUT_MS,
    maxDepth: options.maxJsonDepth ?? DEFAULT_JSON_DEPTH,
  };
  const policy: UpstreamPolicy = {
    fetch: options.fetch ?? fetch,
    timeoutMs: options.upstreamTimeoutMs ?? DEFAULT_UPSTREAM_TIMEOUT_MS,
    secrets: [options.apiKey, options.token],
    service: 'Chat service',
  };

  return async (request) => {
    const cors = corsHeaders(request, options.allowedOrigins);
    if (request.method === 'OPTIONS') return new Response(null, { status: 204, headers: cors });
    const operation = new URL(request.url).pathname.split('/').filter(Boolean).pop() ?? '';
    const method = Object.hasOwn(METHOD_OF, operation) ? METHOD_OF[operation] : undefined;
    if (method === undefined) return errorResponse(404, 'Unknown chat operation', cors);
    if (request.method !== method) return errorResponse(405, `Use ${method} for ${operation}`, { Allow: method, ...cors });
    if (!originAllowed(request, options.allowedOrigins)) return errorResponse(403, 'Origin not allowed');
    const body = await readJsonObject(request, limits);
    if (!body.ok) return errorResponse(body.status, body.message, cors);

    const result = await callUpstream(
      new URL(operation, base).toString(),
      {
        method,
        headers: { 'X-API-KEY': options.apiKey, 'X-TOKEN': options.token, 'Content-Type': 'application/json' },
        body: JSON.stringify(body.value),
      },
      policy,
      cors,
    );
    if (!result.ok) return result.response;
    const headers: Record<string, string> = { 'Content-Type': 'application/json', 'Cache-Control': 'no-store', ...cors };
    if (result.retryAfter !== null) headers['Retry-After'] = result.retryAfter;
    return new Response(result.text, { status: result.status, headers });
  };
}
