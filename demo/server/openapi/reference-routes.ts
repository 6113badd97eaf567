// The double describes itself: GET /openapi.json (the document), GET /docs/ (the API reference,
// rendered in the browser by Scalar's standalone bundle, served from node_modules: no CDN), and
// the 404 answer of an unknown route, which points to /docs/.

import { readFile } from 'node:fs/promises';
import type { ServerResponse } from 'node:http';
import { fileURLToPath } from 'node:url';
import { sendError } from '../http/http-io';
import { OPENAPI_DOCUMENT } from './document';

export const OPENAPI_PATH = '/openapi.json';
export const DOCS_PATH = '/docs/';
const RENDERER_PATH = '/docs/scalar.js';
const RENDERER_FILE = fileURLToPath(new URL('../../../node_modules/@scalar/api-reference/dist/browser/standalone.js', import.meta.url));

const DOCUMENT_TEXT = JSON.stringify(OPENAPI_DOCUMENT);

// Scalar's own fonts come from its CDN unless turned off; the page uses the system's.
const DOCS_PAGE = `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>Reference platform — API reference</title>
</head>
<body>
<div id="reference"></div>
<script src="${RENDERER_PATH}"></script>
<script>
Scalar.createApiReference('#reference', {
  url: '${OPENAPI_PATH}',
  withDefaultFonts: false,
  telemetry: false,
  hideClientButton: true,
  showDeveloperTools: 'never',
  agent: { disabled: true },
  mcp: { disabled: true },
});
</script>
</body>
</html>
`;

let renderer: Promise<Buffer> | undefined;

/** Answers the reference routes; false when the path is not one of them. */
export async function serveReference(res: ServerResponse, method: string, pathname: string): Promise<boolean> {
  if (method !== 'GET' && method !== 'HEAD') return false;
  if (pathname === OPENAPI_PATH) {
    send(res, 'application/json; charset=utf-8', DOCUMENT_TEXT, method);
  } else if (pathname === DOCS_PATH || pathname === '/docs') {
    send(res, 'text/html; charset=utf-8', DOCS_PAGE, method);
  } else if (pathname === RENDERER_PATH) {
    renderer ??= readFile(RENDERER_FILE);
    send(res, 'text/javascript; charset=utf-8', await renderer, method);
  } else {
    return false;
  }
  return true;
}

function send(res: ServerResponse, type: string, body: string | Buffer, method: string): void {
  res.writeHead(200, { 'Content-Type': type, 'Content-Length': String(Buffer.byteLength(body)), 'Cache-Control': 'no-cache' });
  res.end(method === 'HEAD' ? undefined : body);
}

/** An unknown route: JSON that says where the routes are described. */
export function answerUnknownRoute(res: ServerResponse): void {
  sendError(res, 404, `Not found. Every route of this server is described at ${DOCS_PATH} (OpenAPI: ${OPENAPI_PATH})`);
}
