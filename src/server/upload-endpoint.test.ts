// createUploadEndpoint through real loopback servers, every rule of CONTRACT's uploadUrl on both
// stores: the disk, and an S3-compatible server (s3rver) started here. The instances test
// (upload-instances.test.ts) shares one bucket and one Redis between two endpoints.
import { mkdtemp, readdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import sharp from 'sharp';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createMemoryBindingStore } from './binding-store';
import { createDiskStorage } from './disk-storage';
import { createS3Storage } from './s3-storage';
import { type RunningS3, startS3 } from './testing/s3-server';
import { type RunningServer, rawRequest, serveHandler } from './testing/servers';
import {
  multipartBody,
  multipartParts,
  pdfOf,
  photoWithLocation,
  pngWithText,
  REFUSED_FILES,
  SECRET_PLACE,
} from './testing/upload-fixtures';
import { createUploadEndpoint, type UploadEndpointOptions } from './upload-endpoint';
import type { UploadStorage } from './upload-storage';
import { newVisitorId, visitorKey } from './visitor-cookie';

const PATH = '/api/upload';
const MAX_BYTES = 1024 * 1024;
const running: RunningServer[] = [];
const directories: string[] = [];
let s3: RunningS3 | undefined;

beforeAll(async () => {
  s3 = await startS3();
});
afterEach(async () => {
  await Promise.all(running.splice(0).map((server) => server.close()));
});
afterAll(async () => {
  await s3?.remove();
  await Promise.all(directories.map((directory) => rm(directory, { recursive: true, force: true })));
});

async function temporaryDirectory(): Promise<string> {
  const directory = await mkdtemp(join(tmpdir(), 'agent-webchat-upload-test-'));
  directories.push(directory);
  return directory;
}

type Kind = 'disk' | 's3';

async function storageOf(kind: Kind): Promise<{ storage: UploadStorage; directory?: string }> {
  if (kind === 'disk') {
    const directory = await temporaryDirectory();
    return { storage: createDiskStorage({ directory }), directory };
  }
  if (!s3) throw new Error('s3rver not started');
  return { storage: createS3Storage({ client: s3.client(), bucket: s3.bucket, prefix: `${crypto.randomUUID()}/` }) };
}

async function world(kind: Kind, extra: Partial<UploadEndpointOptions> = {}) {
  const store = createMemoryBindingStore();
  const { storage, directory } = extra.storage ? { storage: extra.storage, directory: undefined } : await storageOf(kind);
  const scratch = await temporaryDirectory();
  const clock = { now: Date.now() };
  const endpoint = await serveHandler(
    createUploadEndpoint({
      continuity: { store },
      storage,
      maxBytes: MAX_BYTES,
      path: PATH,
      temporaryDirectory: scratch,
      now: () => clock.now,
      ...extra,
    }),
  );
  running.push(endpoint);
  async function visitor(options: { bound?: boolean; expiresInMs?: number } = {}) {
    const id = newVisitorId();
    const sessionId = `session-${crypto.randomUUID()}`;
    if (options.bound ?? true)
      await store.set(
        await visitorKey(id),
        { accessToken: 'secret-token', sessionId, expiresAt: Date.now() + (options.expiresInMs ?? 600_000), streaming: true },
        600,
      );
    return {
      sessionId,
      cookie: `agent_webchat=${id}`,
      async upload(file: { name: string; type: string; bytes: Buffer; field?: string }, headers: Record<string, string> = {}) {
        const { body, contentType } = multipartBody(file);
        return answerOf(
          await rawRequest(endpoint.url, {
            method: 'POST',
            path: PATH,
            headers: { 'Content-Type': contentType, 'Content-Length': String(body.length), Cookie: `agent_webchat=${id}`, ...headers },
            parts: [body],
          }),
        );
      },
    };
  }
  return { endpoint, directory, scratch, clock, visitor };
}

function answerOf(answer: { status: number; headers: Record<string, string | string[] | undefined>; body: string }) {
  const body: unknown = answer.body === '' ? undefined : JSON.parse(answer.body);
  return { status: answer.status, headers: answer.headers, body, text: answer.body };
}

function field(value: unknown, name: string): unknown {
  return typeof value === 'object' && value !== null ? Reflect.get(value, name) : undefined;
}

function urlOf(answer: { body: unknown }): string {
  const url = field(answer.body, 'url');
  if (typeof url !== 'string') throw new Error(`no url in ${JSON.stringify(answer.body)}`);
  return url;
}

async function download(url: string, method = 'GET') {
  const response = await fetch(url, { method });
  return { status: response.status, headers: response.headers, bytes: Buffer.from(await response.arrayBuffer()) };
}

describe.each<Kind>(['disk', 's3'])('createUploadEndpoint on %s storage', (kind) => {
  it('answers its limits on GET, for the widget to check before sending', async () => {
    const { endpoint } = await world(kind);
    const answer = answerOf(await rawRequest(endpoint.url, { method: 'GET', path: PATH }));
    expect([answer.status, answer.body]).toEqual([
      200,
      { maxBytes: MAX_BYTES, types: ['image/jpeg', 'image/png', 'image/webp', 'application/pdf'] },
    ]);
  });

  it('keeps a PDF and serves it to anyone holding the link, as an attachment in a sandbox', async () => {
    const { endpoint, scratch, visitor } = await world(kind);
    const bytes = pdfOf(5000);
    const answer = await (await visitor()).upload({ name: 'invoice.pdf', type: 'application/pdf', bytes });
    expect(answer.status).toBe(201);
    // Nothing waits in the temporary directory once the file is kept.
    expect(await readdir(scratch)).toEqual([]);
    expect(answer.body).toMatchObject({ name: 'invoice.pdf', type: 'application/pdf', size: 5000 });
    const id = field(answer.body, 'id');
    expect(id).toMatch(/^[A-Za-z0-9_-]{22}$/);
    expect(urlOf(answer)).toBe(`${endpoint.url}${PATH}/files/${String(id)}/invoice.pdf`);
    // No cookie: the agent on the platform fetches it.
    const file = await download(urlOf(answer));
    expect(file.status).toBe(200);
    expect(file.bytes.equals(bytes)).toBe(true);
    expect(file.headers.get('content-type')).toBe('application/pdf');
    expect(file.headers.get('content-length')).toBe('5000');
    expect(file.headers.get('x-content-type-options')).toBe('nosniff');
    expect(file.headers.get('content-security-policy')).toMatch(/(^|;)\s*sandbox(\s|;|$)/);
    expect(file.headers.get('content-security-policy')).toContain("default-src 'none'");
    expect(file.headers.get('content-disposition')).toBe(`attachment; filename="invoice.pdf"; filename*=UTF-8''invoice.pdf`);
    const head = await download(urlOf(answer), 'HEAD');
    expect([head.status, head.bytes.length, head.headers.get('content-length')]).toEqual([200, 0, '5000']);
  });

  it.each(['jpeg', 'webp'] as const)('removes EXIF (GPS) and XMP from a %s photo, keeping it upright and openable', async (format) => {
    const { visitor } = await world(kind);
    const photo = await photoWithLocation(format);
    expect(photo.includes(SECRET_PLACE)).toBe(true);
    const answer = await (await visitor()).upload({ name: `holiday.${format}`, type: `image/${format}`, bytes: photo });
    expect(answer.status).toBe(201);
    const file = await download(urlOf(answer));
    expect(file.headers.get('content-type')).toBe(`image/${format}`);
    expect(file.headers.get('content-disposition')).toMatch(/^inline; /);
    expect(file.bytes.includes(SECRET_PLACE)).toBe(false);
    expect(file.bytes.includes('PhoneMaker')).toBe(false);
    const metadata = await sharp(file.bytes).metadata();
    expect([metadata.format, metadata.exif, metadata.xmp]).toEqual([format, undefined, undefined]);
    // Orientation 6 applied to the pixels: the 40×20 photo now stands 20×40 with no orientation left.
    expect([metadata.width, metadata.height, metadata.orientation ?? 1]).toEqual([20, 40, 1]);
    expect(field(answer.body, 'size')).toBe(file.bytes.length);
  });

  it('removes the text chunks of a PNG', async () => {
    const { visitor } = await world(kind);
    const answer = await (await visitor()).upload({ name: 'screen.png', type: 'image/png', bytes: await pngWithText() });
    expect(answer.status).toBe(201);
    const file = await download(urlOf(answer));
    expect(file.bytes.includes(SECRET_PLACE)).toBe(false);
    const metadata = await sharp(file.bytes).metadata();
    expect([metadata.format, metadata.width, metadata.comments]).toEqual(['png', 16, undefined]);
  });

  it('leaves nothing of a polyglot: markup after a JPEG is gone once it is re-encoded', async () => {
    const { visitor } = await world(kind);
    const photo = Buffer.concat([await photoWithLocation('jpeg'), Buffer.from('<html><script>alert(document.cookie)</script>')]);
    const file = await download(urlOf(await (await visitor()).upload({ name: 'cat.jpg', type: 'image/jpeg', bytes: photo })));
    expect(file.bytes.includes('<script>')).toBe(false);
  });

  it.each(REFUSED_FILES.map((file) => [file.what, file] as const))(
    'refuses %s with 415, whatever its name and declared type',
    async (_what, file) => {
      const { visitor, directory } = await world(kind);
      const answer = await (await visitor()).upload({ name: file.name, type: file.declared, bytes: file.bytes });
      expect(answer.status).toBe(415);
      expect(field(answer.body, 'message')).toMatch(/not accepted/);
      if (directory) expect(await readdir(directory).catch(() => [])).toEqual([]);
    },
  );

  it('refuses an image that does not decode (a PNG signature over garbage) with 415', async () => {
    const { visitor } = await world(kind);
    const bytes = Buffer.concat([Buffer.from('89504e470d0a1a0a0000000d49484452', 'hex'), Buffer.alloc(200, 7)]);
    const answer = await (await visitor()).upload({ name: 'broken.png', type: 'image/png', bytes });
    expect([answer.status, field(answer.body, 'message')]).toEqual([415, 'The image could not be read']);
  });

  it('cleans the name: no path, no control or bidi characters, bounded, extension of the found type', async () => {
    const { visitor, directory } = await world(kind);
    const ann = await visitor();
    const traversal = await ann.upload({ name: '../../../etc/passwd.pdf', type: 'application/pdf', bytes: pdfOf() });
    expect(field(traversal.body, 'name')).toBe('passwd.pdf');
    const hidden = await ann.upload({ name: 'C:\\Users\\ann\\in\u202Efdp.exe', type: 'application/pdf', bytes: pdfOf() });
    expect(field(hidden.body, 'name')).toBe('infdp.pdf');
    const parenthesised = await ann.upload({ name: 'parcel (1).pdf', type: 'application/pdf', bytes: pdfOf() });
    expect(urlOf(parenthesised)).toMatch(/\/parcel%20%281%29\.pdf$/);
    expect((await download(urlOf(parenthesised))).status).toBe(200);
    const long = await ann.upload({ name: `${'é'.repeat(300)}.pdf`, type: 'application/pdf', bytes: pdfOf() });
    expect(field(long.body, 'name')).toBe(`${'é'.repeat(116)}.pdf`);
    const file = await download(urlOf(long));
    expect(file.headers.get('content-disposition')).toContain(`filename*=UTF-8''${encodeURIComponent(`${'é'.repeat(116)}.pdf`)}`);
    if (directory) {
      const names = await readdir(directory);
      expect(names.every((name) => /^[A-Za-z0-9_-]{22}(\.json)?$/.test(name))).toBe(true);
      expect(names).toHaveLength(8);
    }
  });

  it('answers 404 for an unknown, altered, malformed or expired link', async () => {
    const { clock, endpoint, visitor } = await world(kind, { linkLifetimeDays: 2 });
    const url = urlOf(await (await visitor()).upload({ name: 'a.pdf', type: 'application/pdf', bytes: pdfOf() }));
    const id = url.split('/').at(-2) ?? '';
    const altered = `${id.slice(0, -1)}${id.endsWith('A') ? 'B' : 'A'}`;
    expect((await download(url.replace(id, altered))).status).toBe(404);
    expect((await download(url.replace('a.pdf', 'b.pdf'))).status).toBe(404);
    expect((await download(`${endpoint.url}${PATH}/files/..%2F..%2Fetc/passwd`)).status).toBe(404);
    expect((await download(`${endpoint.url}${PATH}/files/${id}/a.pdf/more`)).status).toBe(404);
    expect((await download(url)).status).toBe(200);
    clock.now += 2 * 24 * 60 * 60 * 1000 - 1000;
    expect((await download(url)).status).toBe(200);
    clock.now += 2000;
    expect((await download(url)).status).toBe(404);
  });

  it('answers 400 without a file part, for an empty file, and for a body that is not multipart', async () => {
    const { endpoint, visitor } = await world(kind);
    const ann = await visitor();
    const other = await ann.upload({ field: 'picture', name: 'a.pdf', type: 'application/pdf', bytes: pdfOf() });
    expect([other.status, field(other.body, 'message')]).toEqual([
      400,
      'Expected multipart/form-data with one non-empty part named "file"',
    ]);
    const empty = await ann.upload({ name: 'a.pdf', type: 'application/pdf', bytes: Buffer.alloc(0) });
    expect([empty.status, field(empty.body, 'message')]).toEqual([400, 'The file is empty']);
    const json = answerOf(
      await rawRequest(endpoint.url, { path: PATH, headers: { 'Content-Type': 'application/json', Cookie: ann.cookie }, parts: ['{}'] }),
    );
    expect(json.status).toBe(400);
  });

  it('answers 403 to a foreign origin and to a visitor without a live conversation; cross-origin pages it lists may upload', async () => {
    const { visitor } = await world(kind, { allowedOrigins: ['https://shop.example'] });
    const file = { name: 'a.pdf', type: 'application/pdf', bytes: pdfOf() };
    const foreign = await (await visitor()).upload(file, { Origin: 'https://evil.example', 'Sec-Fetch-Site': 'cross-site' });
    expect([foreign.status, field(foreign.body, 'message')]).toEqual([403, 'Origin not allowed']);
    expect((await (await visitor({ bound: false })).upload(file)).status).toBe(403);
    expect((await (await visitor({ expiresInMs: -1000 })).upload(file)).status).toBe(403);
    const listed = await (await visitor()).upload(file, { Origin: 'https://shop.example', 'Sec-Fetch-Site': 'cross-site' });
    expect([listed.status, listed.headers['access-control-allow-origin']]).toEqual([201, 'https://shop.example']);
  });

  it('answers 413 as soon as the file passes maxBytes, while the body is still being sent', async () => {
    const { endpoint, scratch, visitor } = await world(kind);
    const ann = await visitor();
    const { head, contentType } = multipartParts({ name: 'big.pdf', type: 'application/pdf' });
    const chunk = Buffer.alloc(64 * 1024, 1);
    chunk.write('%PDF-1.4\n');
    // Chunked (no length): the endpoint can only know by reading. The body never ends (stall).
    const parts = [head, ...Array.from({ length: MAX_BYTES / chunk.length + 4 }, () => chunk)];
    const started = Date.now();
    const answer = answerOf(
      await rawRequest(endpoint.url, { path: PATH, headers: { 'Content-Type': contentType, Cookie: ann.cookie }, parts, stall: true }),
    );
    expect([answer.status, field(answer.body, 'message')]).toEqual([413, `The file is larger than ${MAX_BYTES} bytes`]);
    expect(Date.now() - started).toBeLessThan(5000);
    expect(await readdir(scratch)).toEqual([]);
  });

  it('answers 413 at once to a declared length over maxBytes, before any byte of the file is sent', async () => {
    const { endpoint, visitor } = await world(kind);
    const ann = await visitor();
    const { head, contentType } = multipartParts({ name: 'a.pdf', type: 'application/pdf' });
    const answer = answerOf(
      await rawRequest(endpoint.url, {
        path: PATH,
        headers: { 'Content-Type': contentType, 'Content-Length': String(50 * MAX_BYTES), Cookie: ann.cookie },
        // Node sends the headers with the first bytes of the body: the part's head only, then nothing.
        parts: [head],
        stall: true,
      }),
    );
    expect(answer.status).toBe(413);
  });

  it('answers 408 when the file stops arriving, keeping nothing', async () => {
    const { endpoint, scratch, visitor } = await world(kind, { bodyTimeoutMs: 300 });
    const ann = await visitor();
    const { head, contentType } = multipartParts({ name: 'slow.pdf', type: 'application/pdf' });
    const answer = answerOf(
      await rawRequest(endpoint.url, {
        path: PATH,
        headers: { 'Content-Type': contentType, Cookie: ann.cookie },
        parts: [head, pdfOf(4096).subarray(0, 2048)],
        stall: true,
      }),
    );
    expect([answer.status, field(answer.body, 'message')]).toEqual([408, 'No bytes of the file arrived for 300 ms']);
    expect(await readdir(scratch)).toEqual([]);
  });

  it('limits the files and the bytes of one visitor (429 with Retry-After), not of the next', async () => {
    const { visitor } = await world(kind, { limits: { files: 2, bytes: 5000, windowSeconds: 600 } });
    const ann = await visitor();
    const file = { name: 'a.pdf', type: 'application/pdf', bytes: pdfOf(2000) };
    expect((await ann.upload(file)).status).toBe(201);
    expect((await ann.upload(file)).status).toBe(201);
    const third = await ann.upload(file);
    expect([third.status, field(third.body, 'message')]).toEqual([429, 'Too many files from this visitor']);
    expect(Number(third.headers['retry-after'])).toBeGreaterThan(0);
    const bob = await visitor();
    expect((await bob.upload({ ...file, bytes: pdfOf(4000) })).status).toBe(201);
    const over = await bob.upload(file);
    expect(over.status).toBe(429);
    expect(Number(over.headers['retry-after'])).toBeGreaterThan(0);
  });

  it('lets the site check the file before it is kept, and refuse it with its own message', async () => {
    const seen: unknown[] = [];
    const { visitor } = await world(kind, {
      onUpload: async (upload) => {
        const chunks: Buffer[] = [];
        for await (const chunk of upload.open()) chunks.push(Buffer.from(chunk));
        seen.push({
          sessionId: upload.sessionId,
          name: upload.name,
          type: upload.type,
          size: upload.size,
          read: Buffer.concat(chunks).length,
        });
        return upload.name.startsWith('virus') ? { refuse: 'A virus was found in this file', status: 422 } : undefined;
      },
    });
    const ann = await visitor();
    const refused = await ann.upload({ name: 'virus.pdf', type: 'application/pdf', bytes: pdfOf(3000) });
    expect([refused.status, field(refused.body, 'message')]).toEqual([422, 'A virus was found in this file']);
    expect(seen).toEqual([{ sessionId: ann.sessionId, name: 'virus.pdf', type: 'application/pdf', size: 3000, read: 3000 }]);
    expect((await ann.upload({ name: 'clean.pdf', type: 'application/pdf', bytes: pdfOf(3000) })).status).toBe(201);
  });

  it('answers 503 when the check itself fails, keeping nothing', async () => {
    const { visitor, directory } = await world(kind, {
      onUpload: () => {
        throw new Error('clamd at /var/run/clamd.sock unreachable');
      },
    });
    const answer = await (await visitor()).upload({ name: 'a.pdf', type: 'application/pdf', bytes: pdfOf() });
    expect([answer.status, field(answer.body, 'message')]).toEqual([503, 'The file could not be checked']);
    expect(answer.text).not.toContain('clamd');
    if (directory) expect(await readdir(directory).catch(() => [])).toEqual([]);
  });

  it('refuses at start to accept SVG, HTML or programs', () => {
    for (const type of ['image/svg+xml', 'text/html', 'application/x-msdownload']) {
      expect(() =>
        createUploadEndpoint({
          continuity: { store: createMemoryBindingStore() },
          storage: createDiskStorage({ directory: tmpdir() }),
          types: [type],
        }),
      ).toThrow(/may not accept/);
    }
  });
});

describe('storage failures', () => {
  const hidden = /\/tmp|ENOTDIR|ECONNREFUSED|EACCES|\bat\s|Error/;

  it('disk: 503 without a path or a trace while the directory cannot be written, then works again without a restart', async () => {
    const base = await temporaryDirectory();
    await writeFile(join(base, 'blocker'), 'a file where the directory should be');
    const { visitor } = await world('disk', { storage: createDiskStorage({ directory: join(base, 'blocker', 'uploads') }) });
    const ann = await visitor();
    const file = { name: 'a.pdf', type: 'application/pdf', bytes: pdfOf() };
    const failed = await ann.upload(file);
    expect([failed.status, field(failed.body, 'message'), failed.headers['retry-after']]).toEqual([503, 'File storage unavailable', '10']);
    expect(failed.text).not.toMatch(hidden);
    await rm(join(base, 'blocker'));
    const kept = await ann.upload(file);
    expect(kept.status).toBe(201);
    expect((await download(urlOf(kept))).status).toBe(200);
  });

  it('503 without a path when the temporary directory cannot be written', async () => {
    const base = await temporaryDirectory();
    const { visitor } = await world('disk', { temporaryDirectory: join(base, 'missing') });
    const failed = await (await visitor()).upload({ name: 'a.pdf', type: 'application/pdf', bytes: pdfOf() });
    expect([failed.status, field(failed.body, 'message')]).toEqual([503, 'File storage unavailable']);
    expect(failed.text).not.toMatch(hidden);
  });

  it('s3: 503 while the store is down, for uploads and links, then both work again', async () => {
    const own = await startS3('failing');
    try {
      const { visitor } = await world('s3', { storage: createS3Storage({ client: own.client(), bucket: own.bucket }) });
      const ann = await visitor();
      const file = { name: 'a.pdf', type: 'application/pdf', bytes: pdfOf() };
      const kept = await ann.upload(file);
      expect(kept.status).toBe(201);
      await own.stop();
      const failed = await ann.upload(file);
      expect([failed.status, field(failed.body, 'message')]).toEqual([503, 'File storage unavailable']);
      expect(failed.text).not.toMatch(hidden);
      const link = await fetch(urlOf(kept));
      expect([link.status, await link.text()]).toEqual([
        503,
        '{"message":"File storage unavailable","error_message":"File storage unavailable"}',
      ]);
      await own.restart();
      expect((await ann.upload(file)).status).toBe(201);
      expect((await download(urlOf(kept))).status).toBe(200);
    } finally {
      await own.remove();
    }
  });
});
