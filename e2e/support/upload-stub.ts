// TEST-ONLY: a stand-in for the site's upload endpoint, answered by the browser's own network
// (Playwright's page.route), so the widget's upload specs run before the site's real endpoint
// (createUploadEndpoint, agent-webchat/server) is mounted on the e2e site; then they move to it.
// It speaks CONTRACT.md "Site backend: uploadUrl" as the widget sees it:
//   GET  {path}              → 200 {"maxBytes", "types"}
//   POST {path} (multipart, part "file") → 201 {"id", "url", "name", "type", "size"}; over maxBytes 413
//   GET  {path}/files/{id}   → the bytes with their type, nosniff; 404 for an unknown id
// Unlike the real one it trusts the declared type and keeps the files in memory: what it checks is
// the widget, not the site. A spec can make the next uploads fail, or hold them (a slow upload).
import type { Page } from '@playwright/test';

export interface UploadStubOptions {
  /** Where the stub answers, on any origin (default /test-upload). */
  path?: string;
  maxBytes?: number;
  types?: string[];
}

export interface UploadStub {
  /** The files the stub kept, in order. */
  readonly stored: { name: string; type: string; size: number }[];
  /** How many POSTs arrived (failed ones included). */
  posts(): number;
  /** The next POSTs answer these statuses (JSON with a message) instead of keeping the file. */
  failNext(...statuses: number[]): void;
  /** POSTs wait until the returned function is called (a slow upload). */
  hold(): () => void;
}

export async function stubUploadEndpoint(page: Page, options: UploadStubOptions = {}): Promise<UploadStub> {
  const path = options.path ?? '/test-upload';
  const maxBytes = options.maxBytes ?? 2 * 1024 * 1024;
  const types = options.types ?? ['image/png', 'image/jpeg', 'application/pdf', 'text/plain'];
  const files = new Map<string, { type: string; bytes: Buffer }>();
  const stored: UploadStub['stored'] = [];
  const failures: number[] = [];
  let posts = 0;
  let gate: Promise<void> = Promise.resolve();

  await page.route(
    (url) => url.pathname === path || url.pathname.startsWith(`${path}/files/`),
    async (route) => {
      const request = route.request();
      const url = new URL(request.url());
      const fileId = url.pathname.slice(`${path}/files/`.length);
      if (request.method() === 'GET' && url.pathname !== path) {
        const file = files.get(fileId);
        if (!file) return route.fulfill({ status: 404, json: { message: 'No such file.' } });
        return route.fulfill({ status: 200, contentType: file.type, body: file.bytes, headers: { 'x-content-type-options': 'nosniff' } });
      }
      if (request.method() === 'GET') return route.fulfill({ status: 200, json: { maxBytes, types } });
      if (request.method() !== 'POST') return route.fulfill({ status: 405, json: { message: 'GET or POST.' } });
      posts += 1;
      await gate;
      const failure = failures.shift();
      if (failure) return route.fulfill({ status: failure, json: { message: `Failed on purpose (${failure}).` } });
      const body = request.postDataBuffer() ?? Buffer.alloc(0);
      const form = await new Response(new Uint8Array(body), {
        headers: { 'content-type': request.headers()['content-type'] ?? '' },
      }).formData();
      const file = form.get('file');
      if (!(file instanceof File) || file.size === 0) return route.fulfill({ status: 400, json: { message: 'No file.' } });
      if (file.size > maxBytes) return route.fulfill({ status: 413, json: { message: 'Too big.' } });
      if (!types.includes(file.type)) return route.fulfill({ status: 415, json: { message: 'Type not accepted.' } });
      const id = `f${files.size + 1}`;
      files.set(id, { type: file.type, bytes: Buffer.from(await file.arrayBuffer()) });
      stored.push({ name: file.name, type: file.type, size: file.size });
      return route.fulfill({
        status: 201,
        json: { id, url: `${url.origin}${path}/files/${id}`, name: file.name, type: file.type, size: file.size },
      });
    },
  );

  return {
    stored,
    posts: () => posts,
    failNext: (...statuses) => void failures.push(...statuses),
    hold() {
      let release: () => void = () => {};
      gate = new Promise((resolve) => {
        release = resolve;
      });
      return release;
    },
  };
}
