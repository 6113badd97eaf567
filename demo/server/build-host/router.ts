// Routing of the build host (Agents and Alerts APIs): key check, path match with named
// parameters, JSON body, and one error shape for everything a handler throws.

import type { IncomingMessage, ServerResponse } from 'node:http';
import { BodyTooLargeError, parseJsonBody, readBody, sendJson } from '../http/http-io';
import { ApiError } from './api-error';
import { type BuildPrincipal, principalForKey } from './keys';

export type Method = 'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE';

export interface RouteContext {
  principal: BuildPrincipal;
  params: Readonly<Record<string, string>>;
  query: URLSearchParams;
  /** The parsed JSON body (`{}` when empty); handlers validate it themselves. */
  body: unknown;
}

export interface Answer {
  status: number;
  /** Absent: 204 without a body. */
  body?: unknown;
}

export interface Route {
  method: Method;
  /** `/v1/agents/:agentId/branches` — a `:name` segment matches one non-empty path segment. */
  path: string;
  handle(context: RouteContext): Answer | Promise<Answer>;
}

export const ok = (body: unknown): Answer => ({ status: 200, body });
export const created = (body: unknown): Answer => ({ status: 201, body });
export const noContent = (): Answer => ({ status: 204 });

export class BuildHostRouter {
  constructor(
    private readonly prefixes: readonly string[],
    private readonly routes: readonly Route[],
  ) {}

  /** Every route, `{method, path}` with OpenAPI's `{name}` for a `:name` segment (the route table test reads it). */
  describe(): { method: Method; path: string }[] {
    return this.routes.map((route) => ({ method: route.method, path: route.path.replace(/:([A-Za-z]+)/g, '{$1}') }));
  }

  owns(pathname: string): boolean {
    return this.prefixes.some((prefix) => pathname === prefix || pathname.startsWith(`${prefix}/`));
  }

  async handle(req: IncomingMessage, res: ServerResponse, url: URL): Promise<void> {
    try {
      const answer = await this.answer(req, url);
      if (answer.body === undefined) {
        res.writeHead(answer.status, { 'Cache-Control': 'no-store' });
        res.end();
      } else {
        sendJson(res, answer.status, answer.body);
      }
    } catch (error) {
      const apiError =
        error instanceof ApiError
          ? error
          : error instanceof BodyTooLargeError
            ? new ApiError(413, 'Request body too large')
            : internalError(error);
      sendJson(res, apiError.status, apiError.body, apiError.status === 405 ? { Allow: this.allowed(url.pathname).join(', ') } : {});
    }
  }

  private async answer(req: IncomingMessage, url: URL): Promise<Answer> {
    const key = req.headers['x-api-key'];
    const principal = principalForKey(typeof key === 'string' ? key : undefined);
    if (!principal) throw new ApiError(401, key === undefined ? 'Missing API key (x-api-key)' : 'Invalid API key');

    const segments = splitPath(url.pathname);
    const matching = this.routes.flatMap((route) => {
      const params = matchPath(route.path, segments);
      return params ? [{ route, params }] : [];
    });
    if (matching.length === 0) throw new ApiError(404, `No route for ${url.pathname}`);
    const found = matching.find(({ route }) => route.method === req.method);
    if (!found) throw new ApiError(405, `Method ${req.method ?? ''} not allowed on ${url.pathname}`);

    let body: unknown = {};
    if (req.method !== 'GET' && req.method !== 'DELETE') {
      const parsed = parseJsonBody(await readBody(req));
      if (!parsed.ok) throw new ApiError(400, 'Request body is not valid JSON', [{ field: 'body', message: 'must be valid JSON' }]);
      body = parsed.value;
    }
    return found.route.handle({ principal, params: found.params, query: url.searchParams, body });
  }

  private allowed(pathname: string): Method[] {
    const segments = splitPath(pathname);
    return this.routes.filter((route) => matchPath(route.path, segments)).map((route) => route.method);
  }
}

function internalError(error: unknown): ApiError {
  console.error('[platform] build host request failed:', error);
  return new ApiError(500, 'Internal error');
}

function splitPath(pathname: string): string[] {
  return pathname.split('/').filter((segment) => segment !== '');
}

function matchPath(pattern: string, segments: readonly string[]): Record<string, string> | undefined {
  const parts = splitPath(pattern);
  if (parts.length !== segments.length) return undefined;
  const params: Record<string, string> = {};
  for (const [index, part] of parts.entries()) {
    const segment = segments[index] ?? '';
    if (part.startsWith(':')) {
      let decoded: string;
      try {
        decoded = decodeURIComponent(segment);
      } catch {
        // A broken escape is still a (malformed) id: the handler's pattern check answers 422.
        decoded = segment;
      }
      params[part.slice(1)] = decoded;
    } else if (part !== segment) {
      return undefined;
    }
  }
  return params;
}
