// Files from the visitor for a site's backend: the widget's `uploadUrl`. The platform carries text
// only, so the file is kept by the site and the visitor's message carries its link. Every rule is
// answered before the file is kept, cheapest first:
// origin → live continuity binding → declared size → count per visitor → the body, streamed to a
// bounded temporary file (413 as soon as it passes maxBytes) → type from the bytes → bytes per
// visitor → images re-encoded without metadata → the site's onUpload hook → storage.
//
//   GET  {path}                     {"maxBytes", "types"}: what the widget checks before sending
//   POST {path}                     multipart, part `file` → 201 {"id", "url", "name", "type", "size"}
//   GET  {path}/files/{id}/{name}   the bytes, to anyone holding the link until it expires; no cookie

import { createReadStream } from 'node:fs';
import { rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Readable } from 'node:stream';
import type { BindingStore, VisitorBinding } from './binding-store';
import { createLimiter } from './limiter';
import { originAllowed } from './origin-rule';
import type { RequestContext } from './request-context';
import { corsHeaders, errorResponse, jsonResponse } from './responses';
import type { SiteRedisClient } from './shared-state';
import { stateUnavailableResponse } from './shared-state';
import { cleanFileName } from './upload-file-name';
import { fileResponse } from './upload-file-response';
import { DEFAULT_MAX_IMAGE_PIXELS, STRIPPED_IMAGE_TYPES, writeImageWithoutMetadata } from './upload-image';
import { receiveFile } from './upload-multipart';
import { FILE_ID_PATTERN, newFileId, type StoredFile, type UploadStorage } from './upload-storage';
import { acceptedTypes, judgeType } from './upload-type';
import { readVisitorId, type VisitorCookieOptions, visitorCookieName, visitorKey } from './visitor-cookie';

export interface UploadLimits {
  /** Files one visitor may send per window (refused ones included); default 20. */
  files?: number;
  /** Bytes one visitor may send per window; default 100 MiB. */
  bytes?: number;
  /** Default 3600 (an hour). */
  windowSeconds?: number;
}

/** What the site's `onUpload` hook is shown, before the file is kept. */
export interface UploadCheck {
  /** The messaging session bound to the visitor. */
  sessionId: string;
  /** The cleaned name the file will be kept under. */
  name: string;
  /** The type found in the bytes. */
  type: string;
  /** Bytes as they will be kept (an image: after its metadata was removed). */
  size: number;
  /** A temporary file holding those bytes; it exists until the hook's promise settles. */
  path: string;
  /** The bytes as a stream, from the start (e.g. for an antivirus' INSTREAM). */
  open(): Readable;
  request: Request;
}

/** Returned by `onUpload` to refuse the file: the visitor is answered `status` (default 422) with `message`. */
export interface UploadRefusal {
  refuse: string;
  /** A 4xx status; default 422. */
  status?: number;
}

export interface UploadEndpointOptions {
  /** The token endpoint's binding store: only a visitor with a live conversation may upload. */
  continuity: { store: BindingStore; cookie?: VisitorCookieOptions };
  /** Where files are kept: `createDiskStorage({ directory })` or `createS3Storage({ client, bucket })`. */
  storage: UploadStorage;
  /** Cross-origin pages allowed to upload; same-origin is always allowed. */
  allowedOrigins?: readonly string[];
  /** Largest file; default 10 MiB. */
  maxBytes?: number;
  /** MIME types accepted, judged from the bytes; default JPEG, PNG, WebP and PDF. SVG, HTML, scripts and programs are refused at start. */
  types?: readonly string[];
  /** A connected node-redis (v5+) client: the per-visitor limits are counted in Redis, one limit for every instance. */
  redis?: SiteRedisClient;
  /** The path it is mounted at (the page's `uploadUrl` path), e.g. `/api/upload`; files are served under `{path}/files/`. */
  path?: string;
  /** How long a link answers; default 30 days. */
  linkLifetimeDays?: number;
  /** Origin (and path prefix) links are built on, e.g. `https://www.example.com`; default the request's own origin. */
  publicUrl?: string;
  /**
   * The site's check (an antivirus, a policy), awaited: return (or resolve to) an `UploadRefusal`
   * `{ refuse }` to refuse; anything else keeps the file. A throw answers 503 and nothing is kept.
   */
  onUpload?: (upload: UploadCheck) => unknown;
  limits?: UploadLimits;
  /** Where a file waits while it is checked; default the OS temporary directory. */
  temporaryDirectory?: string;
  /** Largest image decoded (width × height); default 40 million pixels. */
  maxImagePixels?: number;
  /** Longest wait for the next bytes of an upload; default 30 s. */
  bodyTimeoutMs?: number;
  now?: () => number;
}

const DEFAULT_MAX_BYTES = 10 * 1024 * 1024;
const DAY_MS = 24 * 60 * 60 * 1000;
const STORAGE_RETRY_SECONDS = '10';
const FILES_SEGMENT = '/files/';

export function createUploadEndpoint(options: UploadEndpointOptions): (request: Request, context?: RequestContext) => Promise<Response> {
  const store = options.continuity?.store;
  if (!store) throw new TypeError('agent-webchat/server: option "continuity.store" is required (the token endpoint\'s binding store)');
  const storage = options.storage;
  if (typeof storage?.put !== 'function' || typeof storage.get !== 'function')
    throw new TypeError('agent-webchat/server: option "storage" must be createDiskStorage(...) or createS3Storage(...)');
  const maxBytes = positiveInteger(options.maxBytes ?? DEFAULT_MAX_BYTES, 'maxBytes');
  const types = acceptedTypes(options.types);
  const lifetimeMs = positiveNumber(options.linkLifetimeDays ?? 30, 'linkLifetimeDays') * DAY_MS;
  if (options.onUpload !== undefined && typeof options.onUpload !== 'function')
    throw new TypeError('agent-webchat/server: option "onUpload" must be a function');
  const cookieName = visitorCookieName(options.continuity.cookie);
  const now = options.now ?? Date.now;
  const basePath = options.path === undefined ? undefined : options.path.replace(/\/+$/, '');
  const publicUrl = options.publicUrl?.replace(/\/+$/, '');
  const temporaryDirectory = options.temporaryDirectory ?? tmpdir();
  const maxImagePixels = positiveInteger(options.maxImagePixels ?? DEFAULT_MAX_IMAGE_PIXELS, 'maxImagePixels');
  const idleTimeoutMs = positiveInteger(options.bodyTimeoutMs ?? 30_000, 'bodyTimeoutMs');
  const windowSeconds = options.limits?.windowSeconds ?? 3600;
  const perVisitorFiles = createLimiter('upload-files', { max: options.limits?.files ?? 20, windowSeconds }, options.redis);
  const perVisitorBytes = createLimiter('upload-bytes', { max: options.limits?.bytes ?? 100 * 1024 * 1024, windowSeconds }, options.redis);

  return async (request) => {
    const pathname = new URL(request.url).pathname;
    const filesAt = fileTarget(pathname);
    if (filesAt) return serveFile(request, filesAt);
    if (basePath !== undefined && pathname.replace(/\/+$/, '') !== basePath) return errorResponse(404, 'Not found');
    const cors = corsHeaders(request, options.allowedOrigins);
    if (request.method === 'OPTIONS') return new Response(null, { status: 204, headers: cors });
    if (request.method !== 'GET' && request.method !== 'POST')
      return errorResponse(405, 'Method not allowed', { Allow: 'GET, POST', ...cors });
    if (!originAllowed(request, options.allowedOrigins)) return errorResponse(403, 'Origin not allowed');
    if (request.method === 'GET') return jsonResponse(200, { maxBytes, types }, cors);
    let key: string | undefined;
    let binding: VisitorBinding | undefined;
    try {
      const visitorId = readVisitorId(request, cookieName);
      key = visitorId === undefined ? undefined : await visitorKey(visitorId);
      binding = key === undefined ? undefined : await liveBinding(key);
    } catch {
      return stateUnavailableResponse(cors);
    }
    if (key === undefined || !binding) return errorResponse(403, 'No conversation is bound to this visitor', cors);
    return upload(request, key, binding.sessionId, basePath ?? pathname.replace(/\/+$/, ''), cors);
  };

  async function liveBinding(key: string): Promise<VisitorBinding | undefined> {
    const binding = await store.get(key);
    return binding && binding.expiresAt > now() ? binding : undefined;
  }

  /** `{base}/files/{id}/{name}` → its parts; anything else under `{base}/files/` is a file that does not exist. */
  function fileTarget(pathname: string): { base: string; id: string; name: string } | undefined {
    const at =
      basePath === undefined ? pathname.lastIndexOf(FILES_SEGMENT) : pathname.startsWith(basePath + FILES_SEGMENT) ? basePath.length : -1;
    if (at < 0) return undefined;
    const [id = '', encodedName = '', ...rest] = pathname.slice(at + FILES_SEGMENT.length).split('/');
    let name = '';
    try {
      name = decodeURIComponent(encodedName);
    } catch {
      // A malformed escape: no stored name matches the empty one.
    }
    return { base: pathname.slice(0, at), id: rest.length === 0 ? id : '', name };
  }

  async function serveFile(request: Request, target: { id: string; name: string }): Promise<Response> {
    if (request.method !== 'GET' && request.method !== 'HEAD') return errorResponse(405, 'Method not allowed', { Allow: 'GET, HEAD' });
    // A malformed id never reaches the store.
    if (!FILE_ID_PATTERN.test(target.id)) return errorResponse(404, 'No such file');
    let found: Awaited<ReturnType<UploadStorage['get']>>;
    try {
      found = await storage.get(target.id);
    } catch {
      return errorResponse(503, 'File storage unavailable', { 'Retry-After': STORAGE_RETRY_SECONDS });
    }
    if (!found) return errorResponse(404, 'No such file');
    const expired = found.file.expiresAt <= now();
    if (expired || found.file.name !== target.name) {
      void found.body.cancel().catch(() => undefined);
      if (expired) void storage.delete(target.id).catch(() => undefined);
      return errorResponse(404, 'No such file');
    }
    return fileResponse(found, request.method);
  }

  async function upload(request: Request, key: string, sessionId: string, base: string, cors: Record<string, string>): Promise<Response> {
    const declared = Number(request.headers.get('Content-Length') ?? Number.NaN);
    // Refused before anything is counted or read (receiveFile checks again with the framing's room).
    if (declared > maxBytes + 16 * 1024) return errorResponse(413, `The file is larger than ${maxBytes} bytes`, cors);
    try {
      const wait = await perVisitorFiles.take(key);
      if (wait !== undefined) return errorResponse(429, 'Too many files from this visitor', { ...cors, 'Retry-After': String(wait) });
    } catch {
      return stateUnavailableResponse(cors);
    }
    const received = join(temporaryDirectory, `agent-webchat-upload-${crypto.randomUUID()}`);
    const cleaned = `${received}.clean`;
    let bytesTaken = 0;
    try {
      const file = await receiveFile(request, received, { maxBytes, idleTimeoutMs });
      if (!file.ok) {
        const retry: Record<string, string> = file.status === 503 ? { 'Retry-After': STORAGE_RETRY_SECONDS } : {};
        return errorResponse(file.status, file.message, { ...cors, ...retry });
      }
      const judged = await judgeType(received, types);
      if (!judged.ok) return errorResponse(415, judged.message, cors);
      try {
        const wait = await perVisitorBytes.take(key, file.file.size);
        if (wait !== undefined)
          return errorResponse(429, 'This visitor sent too many bytes; try later', { ...cors, 'Retry-After': String(wait) });
        bytesTaken = file.file.size;
      } catch {
        return stateUnavailableResponse(cors);
      }
      const type = judged.found.mime;
      let keptPath = received;
      let size = file.file.size;
      if (STRIPPED_IMAGE_TYPES.has(type)) {
        try {
          size = await writeImageWithoutMetadata(received, cleaned, type, maxImagePixels);
          keptPath = cleaned;
        } catch {
          return errorResponse(415, 'The image could not be read', cors);
        }
      }
      const name = cleanFileName(file.file.name, judged.found.extensions);
      const open = () => createReadStream(keptPath);
      if (options.onUpload) {
        let verdict: unknown;
        try {
          verdict = await options.onUpload({ sessionId, name, type, size, path: keptPath, open, request });
        } catch {
          return errorResponse(503, 'The file could not be checked', { ...cors, 'Retry-After': STORAGE_RETRY_SECONDS });
        }
        const refused = refusalOf(verdict);
        if (refused) return errorResponse(refused.status, refused.message, cors);
      }
      const id = newFileId();
      const stored: StoredFile = { name, type, size, expiresAt: now() + lifetimeMs };
      try {
        await storage.put(id, { size, open }, stored);
      } catch {
        return errorResponse(503, 'File storage unavailable', { ...cors, 'Retry-After': STORAGE_RETRY_SECONDS });
      }
      bytesTaken = 0;
      const origin = publicUrl ?? new URL(request.url).origin;
      const url = `${origin}${base}${FILES_SEGMENT}${id}/${linkSegment(name)}`;
      return jsonResponse(201, { id, url, name, type, size }, cors);
    } finally {
      // Bytes of a file not kept are given back: the limit is on what the site keeps.
      if (bytesTaken > 0) await perVisitorBytes.give(key, bytesTaken).catch(() => undefined);
      await Promise.all([rm(received, { force: true }), rm(cleaned, { force: true })]);
    }
  }
}

/** The name as a path segment; parentheses too, so the link stays whole inside Markdown's `[name](url)`. */
function linkSegment(name: string): string {
  return encodeURIComponent(name).replace(/[!'()*]/g, (char) => `%${char.charCodeAt(0).toString(16).toUpperCase()}`);
}

/** The hook's answer read as a refusal: an object with a `refuse` text; its status kept only when a 4xx. */
function refusalOf(verdict: unknown): { status: number; message: string } | undefined {
  if (typeof verdict !== 'object' || verdict === null) return undefined;
  const refuse: unknown = Reflect.get(verdict, 'refuse');
  if (refuse === undefined || refuse === false) return undefined;
  const status: unknown = Reflect.get(verdict, 'status');
  return {
    status: typeof status === 'number' && Number.isInteger(status) && status >= 400 && status < 500 ? status : 422,
    message: typeof refuse === 'string' && refuse.trim() !== '' ? refuse : 'The file was refused',
  };
}

function positiveInteger(value: number, name: string): number {
  if (!Number.isSafeInteger(value) || value <= 0) throw new TypeError(`agent-webchat/server: option "${name}" must be a positive integer`);
  return value;
}

function positiveNumber(value: number, name: string): number {
  if (typeof value !== 'number' || !Number.isFinite(value) || value <= 0)
    throw new TypeError(`agent-webchat/server: option "${name}" must be a positive number`);
  return value;
}
