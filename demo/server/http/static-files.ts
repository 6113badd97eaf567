// Static files for the demo (images of the demo agent, the demo page). Only GET/HEAD, only files
// under the configured roots: the resolved real path must stay inside a root. Text is sent gzipped
// to a browser that accepts it, as a site's web server or CDN sends it: the widget's script files
// then travel at the size `npm run size` reports (the throttled benchmark counts on it).

import { createReadStream } from 'node:fs';
import { readFile, realpath, stat } from 'node:fs/promises';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { extname, resolve, sep } from 'node:path';
import { gzipSync } from 'node:zlib';

const CONTENT_TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.map': 'application/json; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.jpeg': 'image/jpeg',
  '.gif': 'image/gif',
  '.webp': 'image/webp',
  '.ico': 'image/x-icon',
  '.txt': 'text/plain; charset=utf-8',
  '.woff2': 'font/woff2',
};

export interface StaticConfig {
  roots: string[];
  indexFile: string | undefined;
}

/** Answers and returns true when a file was found; false lets the caller answer 404. */
export async function serveStatic(req: IncomingMessage, res: ServerResponse, pathname: string, config: StaticConfig): Promise<boolean> {
  if (req.method !== 'GET' && req.method !== 'HEAD') return false;
  const file = pathname === '/' && config.indexFile ? resolve(config.indexFile) : await findFile(pathname, config.roots);
  if (!file) return false;
  const info = await stat(file).catch(() => undefined);
  if (!info?.isFile()) return false;
  const type = CONTENT_TYPES[extname(file).toLowerCase()] ?? 'application/octet-stream';
  const headers = { 'Content-Type': type, 'Cache-Control': 'no-cache', 'X-Content-Type-Options': 'nosniff', Vary: 'Accept-Encoding' };
  if (/^(text\/|application\/json|image\/svg)/.test(type) && /\bgzip\b/.test(String(req.headers['accept-encoding'] ?? ''))) {
    const body = gzipSync(await readFile(file));
    res.writeHead(200, { ...headers, 'Content-Encoding': 'gzip', 'Content-Length': String(body.byteLength) });
    res.end(req.method === 'HEAD' ? undefined : body);
    return true;
  }
  res.writeHead(200, { ...headers, 'Content-Length': String(info.size) });
  if (req.method === 'HEAD') {
    res.end();
    return true;
  }
  await new Promise<void>((done) => {
    const stream = createReadStream(file);
    stream.on('error', () => {
      res.destroy();
      done();
    });
    stream.on('end', done);
    stream.pipe(res);
  });
  return true;
}

async function findFile(pathname: string, roots: string[]): Promise<string | undefined> {
  const decoded = decodeRequestPath(pathname);
  if (decoded === undefined) return undefined;
  const relative = decoded.endsWith('/') ? `${decoded}index.html` : decoded;
  for (const root of roots) {
    const real = await fileInside(root, `.${relative.startsWith('/') ? '' : '/'}${relative}`);
    if (real) return real;
  }
  return undefined;
}

/** The request path decoded, or undefined when it cannot name a file (bad escapes, NUL). */
export function decodeRequestPath(pathname: string): string | undefined {
  let decoded: string;
  try {
    decoded = decodeURIComponent(pathname);
  } catch {
    return undefined;
  }
  return decoded.includes('\0') ? undefined : decoded;
}

/** The real path of `relative` under `root`, only when it resolves (links included) inside it. */
export async function fileInside(root: string, relative: string): Promise<string | undefined> {
  const realRoot = await realpath(resolve(root)).catch(() => undefined);
  if (!realRoot) return undefined;
  const real = await realpath(resolve(realRoot, relative)).catch(() => undefined);
  return real && (real === realRoot || real.startsWith(realRoot + sep)) ? real : undefined;
}
