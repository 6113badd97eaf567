// Which requests are the platform's public API (as opposed to static files and test controls),
// and which project a request speaks for, so every error it answers is counted once.

import { DEMO_PROJECT, projectSlug } from '../model/tenancy';

const API_PREFIXES = ['/api/', '/v1/', '/v2/', '/v3/', '/internal/'];
const PROJECT_PATH = /^\/v[123]\/[^/]+\/([^/]+)\//;

export function isPublicApiPath(pathname: string): boolean {
  return API_PREFIXES.some((prefix) => pathname.startsWith(prefix));
}

/**
 * The project a public request belongs to: from the path (`/v1/{account}/{project}/…`), from the
 * query (`project_id`), or the demo project for the Messaging handshake (its connectors serve it).
 * Undefined when the request names no known project.
 */
export function projectOfRequest(url: URL): string | undefined {
  const fromPath = PROJECT_PATH.exec(url.pathname)?.[1];
  if (fromPath !== undefined) return projectSlug(fromPath);
  const fromQuery = url.searchParams.get('project_id');
  if (fromQuery !== null) return projectSlug(fromQuery);
  if (url.pathname.startsWith('/api/')) return DEMO_PROJECT;
  return undefined;
}
