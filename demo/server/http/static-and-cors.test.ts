import { readFileSync } from 'node:fs';
import { request as httpRequest, type IncomingHttpHeaders } from 'node:http';
import { fileURLToPath } from 'node:url';
import { gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PlatformServer } from '../platform';
import { request, startTestPlatform } from '../test-kit';

let server: PlatformServer;
beforeAll(async () => {
  server = await startTestPlatform({ indexFile: fileURLToPath(new URL('../../index.html', import.meta.url)) });
});
afterAll(() => server.close());

/** A raw request, so the path reaches the server exactly as written (fetch would normalise `..`). */
function rawGet(path: string): Promise<number> {
  return new Promise((resolve, reject) => {
    const req = httpRequest({ host: '127.0.0.1', port: server.port, path, method: 'GET' }, (res) => {
      res.resume();
      resolve(res.statusCode ?? 0);
    });
    req.on('error', reject);
    req.end();
  });
}

/** A raw GET with these headers: the body as sent (no decompression). */
function rawGetBody(path: string, headers: Record<string, string>): Promise<{ headers: IncomingHttpHeaders; body: Buffer }> {
  return new Promise((resolve, reject) => {
    const req = httpRequest({ host: '127.0.0.1', port: server.port, path, method: 'GET', headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('end', () => resolve({ headers: res.headers, body: Buffer.concat(chunks) }));
    });
    req.on('error', reject);
    req.end();
  });
}

describe('CORS', () => {
  it('answers preflight requests with the headers the widget sends', async () => {
    const response = await fetch(`${server.url}/api/v1/access-token`, {
      method: 'OPTIONS',
      headers: {
        Origin: 'http://localhost:5173',
        'Access-Control-Request-Method': 'POST',
        'Access-Control-Request-Headers': 'x-token, x-host, content-type',
      },
    });
    expect(response.status).toBe(204);
    expect(response.headers.get('access-control-allow-origin')).toBe('*');
    const allowed = (response.headers.get('access-control-allow-headers') ?? '').toLowerCase();
    for (const name of ['x-token', 'x-host', 'authorization', 'content-type', 'x-api-key']) expect(allowed).toContain(name);
    expect(response.headers.get('access-control-allow-methods')).toContain('PUT');
  });

  it('every answer, errors included, is readable cross-origin and exposes Retry-After', async () => {
    for (const answer of [
      await request(`${server.url}/api/v1/access-token`, { body: '{}' }),
      await request(`${server.url}/v1/demo-account/demo-project/chat/create`),
    ]) {
      expect(answer.status).toBe(401);
      expect(answer.headers.get('access-control-allow-origin')).toBe('*');
      expect(answer.headers.get('access-control-expose-headers')).toContain('Retry-After');
    }
  });
});

describe('static files', () => {
  it('sends text gzipped to a client that accepts it, as a web server would, and as it is to one that does not', async () => {
    const file = readFileSync(fileURLToPath(new URL('../../index.html', import.meta.url)));
    const gzipped = await rawGetBody('/', { 'Accept-Encoding': 'gzip, br' });
    expect(gzipped.headers['content-encoding']).toBe('gzip');
    expect(gzipped.headers.vary).toBe('Accept-Encoding');
    expect(gunzipSync(gzipped.body).equals(file)).toBe(true);
    const plain = await rawGetBody('/', {});
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body.equals(file)).toBe(true);
  });

  it('serves public/ with content types, and the index file at /', async () => {
    for (const [path, type] of [
      ['/demo/sample.svg', 'image/svg+xml'],
      ['/demo/sample.png', 'image/png'],
      ['/demo/agent.svg', 'image/svg+xml'],
      ['/demo/article.html', 'text/html; charset=utf-8'],
      ['/', 'text/html; charset=utf-8'],
    ]) {
      const response = await fetch(`${server.url}${path}`);
      expect(response.status, path).toBe(200);
      expect(response.headers.get('content-type'), path).toBe(type);
    }
    expect(await (await fetch(`${server.url}/`)).text()).toContain('demo-connector-token');
    expect((await fetch(`${server.url}/demo/sample.png`, { method: 'HEAD' })).status).toBe(200);
  });

  it('cannot escape its root', async () => {
    for (const path of [
      '/../package.json',
      '/demo/../../package.json',
      '/%2e%2e/package.json',
      '/..%2fpackage.json',
      '/%2e%2e%2fdemo%2fserver%2fplatform.ts',
      '/demo/%00sample.svg',
      '/%E0%A4%A',
    ]) {
      expect(await rawGet(path), path).toBe(404);
    }
  });

  it('404 JSON for unknown paths and unknown API routes', async () => {
    const missing = await request(`${server.url}/nothing-here.txt`, { method: 'GET' });
    expect(missing.status).toBe(404);
    const pointer = 'Not found. Every route of this server is described at /docs/ (OpenAPI: /openapi.json)';
    expect(missing.body).toEqual({ message: pointer, error_message: pointer });
    expect((await request(`${server.url}/api/v1/other`, { body: '{}' })).status).toBe(404);
    expect((await request(`${server.url}/demo/sample.svg`, { method: 'POST' })).status).toBe(404);
  });
});
