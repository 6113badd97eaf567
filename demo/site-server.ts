// The "site" of the demo: what a company running the widget would host on its own origin. Static
// pages and the script bundle, plus a backend built with `agent-webchat/server` that keeps the
// secrets (connector token, Chat API keys) on the server:
//
//   POST /api/webchat-token         createTokenEndpoint with continuity → token + session bound to a cookie
//   POST /api/chat/create|respond   createChatProxy     → the platform's Chat REST API
//   PUT  /api/chat/close
//   POST /api/callback, GET /api/callback[/OUT-…]   createCallbackEndpoint → the platform's Outbound Calling API
//   POST /api/rating, GET /api/rating   createRatingEndpoint → the site's own record of ratings
//   GET  /api/history[/id], DELETE /api/history   createHistoryEndpoint → the platform's Conversations API
//   GET  /api/ratings               the ratings this site received (newest first), for the demo page
//   GET  /api/upload, POST /api/upload, GET /api/upload/files/…   createUploadEndpoint → files from the
//                                   visitor, on disk (one instance) or in one S3-compatible bucket (several)
//   GET  /demo-config.json          where the browser-side demos find the platform, and the token widget's options
//
// `npm start` (demo/start.ts) and the e2e world (e2e/serve.ts) both run it next to the platform.
// With `redisUrl` every binding, limit and memory of the endpoints (and the ratings) is in Redis,
// so several instances serve one site: `npm run start:instances` runs two.

import { readFile, stat } from 'node:fs/promises';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { extname, join } from 'node:path';
import { createClient } from 'redis';
import { transformWithOxc } from 'vite';
import {
  type CallbackLimits,
  createCallbackEndpoint,
  createChatProxy,
  createConversationsClient,
  createDiskStorage,
  createHistoryEndpoint,
  createMemoryBindingStore,
  createRatingEndpoint,
  createRedisBindingStore,
  createTokenEndpoint,
  createUploadEndpoint,
  type Rating,
  toNodeListener,
  type UploadStorage,
} from '../src/server/index';
import { parseJsonText } from '../src/server/json-text';
import { field } from '../src/server/upstream';
import { decodeRequestPath, fileInside } from './server/http/static-files';

export interface StaticMount {
  /** URL path prefix ending with '/', e.g. '/' or '/npm-app/'. */
  prefix: string;
  /** Directories searched in order for the rest of the path. */
  dirs: string[];
}

export interface SiteServerOptions {
  port: number;
  host?: string;
  /** Browser-facing base URL of the messaging platform (also used by the backend to reach it). */
  platformUrl: string;
  /** Connector token the BACKEND holds for the token endpoint (tokenUrl mode). */
  connectorToken: string;
  /** X-Host the token endpoint sends; must be a host registered for the connector. */
  tokenHost: string;
  /** Chat REST keys the BACKEND holds for the proxy; upstream `${platformUrl}/v1/<account>/<project>/chat`. */
  chat: { apiKey: string; token: string; account: string; project: string };
  /**
   * Connector token the browser-side demos (script tag, npm app) use, published in
   * /demo-config.json — in those modes the connector token is public by design. Omit to publish none.
   */
  publicConnectorToken?: string;
  /** X-Service-Auth-Token of the platform's Outbound Calling API: with it the site offers "Call me" at /api/callback. */
  outboundToken?: string;
  /**
   * `x-api-key` of the platform's Conversations API, read for the visitors' earlier conversations
   * (/api/history) and a call's turns; default the Chat API key (the reference platform takes one for both).
   */
  conversationsApiKey?: string;
  /** Limits of the callback endpoint (default the helper's: 3 calls per visitor and per number an hour). */
  callbackLimits?: CallbackLimits;
  /** A redis-server (`redis://host:port`): bindings, limits, calls and ratings shared by every instance using it. */
  redisUrl?: string;
  /**
   * Where files from the visitor are kept (POST /api/upload): default on disk in the OS temporary
   * directory (`agent-webchat-demo-uploads`); several instances share one S3-compatible bucket.
   */
  uploadStorage?: UploadStorage;
  /** Static files; `.html` files get `%PLATFORM_URL%` replaced by the (attribute-escaped) platform URL. */
  mounts: StaticMount[];
  /** Page served at `/`. */
  indexFile?: string;
  /** TypeScript files compiled once at start and served as JS, e.g. { '/demo-page.js': '…/demo-page.ts' }. */
  scripts?: Record<string, string>;
}

export interface SiteServer {
  url: string;
  port: number;
  close(): Promise<void>;
}

const TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.map': 'application/json; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.ico': 'image/x-icon',
  '.txt': 'text/plain; charset=utf-8',
};

const BASE_HEADERS = {
  'X-Content-Type-Options': 'nosniff',
  // The demo keeps a (public) connector token in the page query: never send the URL along.
  'Referrer-Policy': 'no-referrer',
  'Cache-Control': 'no-cache',
};

export async function startSiteServer(options: SiteServerOptions): Promise<SiteServer> {
  const platformUrl = options.platformUrl.replace(/\/+$/, '');
  const redis = options.redisUrl === undefined ? undefined : createClient({ url: options.redisUrl });
  // Without a listener node-redis throws connection errors; while Redis is away the endpoints answer 503.
  redis?.on('error', () => undefined);
  await redis?.connect();
  // One binding store for every endpoint: only a visitor with a live conversation may ask for a call or rate it.
  const store = redis ? createRedisBindingStore(redis) : createMemoryBindingStore();
  const ratings = redis ? redisRatings(redis) : memoryRatings();
  const tokenEndpoint = toNodeListener(
    createTokenEndpoint({
      messagingUrl: platformUrl,
      connectorToken: options.connectorToken,
      host: options.tokenHost,
      // The visitor keeps one token + session across reloads and tabs (memory store: one process).
      continuity: { store },
      // Every browser of the demo and of e2e comes from 127.0.0.1, so the per-client limit is wide.
      rateLimit: { max: 600, windowSeconds: 60 },
      redis,
    }),
  );
  const { account, project, apiKey, token } = options.chat;
  const chatProxy = toNodeListener(createChatProxy({ chatUrl: `${platformUrl}/v1/${account}/${project}/chat`, apiKey, token }));
  // What the visitor said is read back from the platform's record, never copied into the site.
  const conversations = createConversationsClient({
    baseUrl: platformUrl,
    apiKey: options.conversationsApiKey ?? apiKey,
    accountId: account,
    projectId: project,
  });
  const historyEndpoint = toNodeListener(
    createHistoryEndpoint({
      continuity: { store },
      conversations,
      path: '/api/history',
      // The first list is asked before the visitor has a cookie, keyed by address: every browser of
      // the demo and of e2e comes from 127.0.0.1, so the limit is as wide as the token endpoint's.
      rateLimit: { max: 600, windowSeconds: 60 },
      redis,
    }),
  );
  const callbackEndpoint =
    options.outboundToken === undefined
      ? undefined
      : toNodeListener(
          createCallbackEndpoint({
            runtimeUrl: platformUrl,
            serviceAuthToken: options.outboundToken,
            allowedCountries: ['US', 'GB', 'FR'],
            continuity: { store },
            limits: options.callbackLimits,
            path: '/api/callback',
            conversations,
            redis,
          }),
        );
  const ratingEndpoint = toNodeListener(
    createRatingEndpoint({ continuity: { store }, onRating: (rating) => ratings.add({ ...rating, at: new Date().toISOString() }), redis }),
  );
  const uploadEndpoint = toNodeListener(
    createUploadEndpoint({
      continuity: { store },
      storage: options.uploadStorage ?? createDiskStorage({ directory: join(tmpdir(), 'agent-webchat-demo-uploads') }),
      path: '/api/upload',
      // Every browser of the demo and of e2e shares one cookie jar per context; the default limits stand.
      redis,
    }),
  );
  const config = JSON.stringify({
    messagingUrl: platformUrl,
    ...(options.publicConnectorToken ? { connectorToken: options.publicConnectorToken } : {}),
    tokenUrl: '/api/webchat-token',
    chatUrl: '/api/chat',
    ...(callbackEndpoint ? { callbackUrl: '/api/callback' } : {}),
    ratingUrl: '/api/rating',
    historyUrl: '/api/history',
    uploadUrl: '/api/upload',
    // The one widget both pages show with the same options, so the visitor's conversation goes
    // on from one page to the other: its options live here, not in each page's script.
    tokenWidget: {
      tokenUrl: '/api/webchat-token',
      title: 'Token from the backend',
      ...(callbackEndpoint ? { callbackUrl: '/api/callback' } : {}),
      ratingUrl: '/api/rating',
      messageFeedback: true,
    },
  });
  const scripts = new Map<string, string>();
  for (const [path, file] of Object.entries(options.scripts ?? {})) {
    const source = await readFile(file, 'utf8');
    scripts.set(path, (await transformWithOxc(source, file, { lang: 'ts' })).code);
  }

  const route = async (req: IncomingMessage, res: ServerResponse): Promise<void> => {
    const pathname = requestPath(req.url);
    if (pathname === undefined)
      return send(res, 400, 'application/json', '{"message":"Malformed request target","error_message":"Malformed request target"}');
    const method = req.method ?? 'GET';
    if (pathname === '/api/webchat-token') return tokenEndpoint(req, res);
    if (pathname.startsWith('/api/chat/')) return chatProxy(req, res);
    if (callbackEndpoint && (pathname === '/api/callback' || pathname.startsWith('/api/callback/'))) return callbackEndpoint(req, res);
    if (pathname === '/api/rating') return ratingEndpoint(req, res);
    if (pathname === '/api/history' || pathname.startsWith('/api/history/')) return historyEndpoint(req, res);
    if (pathname === '/api/upload' || pathname.startsWith('/api/upload/')) return uploadEndpoint(req, res);
    if (pathname === '/api/ratings' && (method === 'GET' || method === 'HEAD')) {
      const list = await ratings.list().catch(() => undefined);
      if (!list) return send(res, 503, 'application/json', '{"message":"Ratings unavailable","error_message":"Ratings unavailable"}');
      return send(res, 200, TYPES['.json']!, JSON.stringify(list), { 'Cache-Control': 'no-store' });
    }
    if (pathname.startsWith('/api/')) return send(res, 404, 'application/json', '{"message":"Not found","error_message":"Not found"}');
    if (method !== 'GET' && method !== 'HEAD')
      return send(res, 405, 'text/plain; charset=utf-8', 'Method not allowed', { Allow: 'GET, HEAD' });
    if (pathname === '/demo-config.json') return send(res, 200, TYPES['.json']!, config, { 'Cache-Control': 'no-store' });
    const script = scripts.get(pathname);
    if (script !== undefined) return send(res, 200, TYPES['.js']!, script);
    if (options.mounts.some((m) => m.prefix === `${pathname}/`))
      return send(res, 301, 'text/plain; charset=utf-8', '', { Location: `${pathname}/` });
    const file = pathname === '/' && options.indexFile ? options.indexFile : await findFile(pathname, options.mounts);
    if (!file && pathname === '/favicon.ico') return send(res, 204, 'image/x-icon', ''); // no icon, no 404 in the console
    if (!file) return send(res, 404, 'text/plain; charset=utf-8', 'Not found');
    const type = TYPES[extname(file).toLowerCase()] ?? 'application/octet-stream';
    const body = await readFile(file);
    if (extname(file).toLowerCase() === '.html') {
      return send(res, 200, type, body.toString('utf8').replaceAll('%PLATFORM_URL%', escapeAttribute(platformUrl)));
    }
    send(res, 200, type, body);
  };

  const server = createServer((req, res) => {
    route(req, res).catch((error: unknown) => {
      console.error('[site] request failed:', error);
      if (!res.headersSent) send(res, 500, 'text/plain; charset=utf-8', 'Internal server error');
      else res.destroy();
    });
  });
  const port = await listen(server, options.port, options.host ?? '127.0.0.1');
  return {
    url: `http://${options.host ?? '127.0.0.1'}:${port}`,
    port,
    close: async () => {
      await new Promise<void>((done) => {
        server.close(() => done());
        server.closeAllConnections();
      });
      await redis?.close().catch(() => undefined);
    },
  };
}

/** A rating as the demo site keeps it: what the hook received and when. */
export type ReceivedRating = Rating & { at: string };

interface RatingRecord {
  add(rating: ReceivedRating): Promise<void>;
  /** Newest first. */
  list(): Promise<ReceivedRating[]>;
}

/** The demo keeps the latest ratings only: a real site writes them to its database. */
const KEPT_RATINGS = 100;

function memoryRatings(): RatingRecord {
  const kept: ReceivedRating[] = [];
  return {
    async add(rating) {
      kept.unshift(rating);
      kept.length = Math.min(kept.length, KEPT_RATINGS);
    },
    list: async () => [...kept],
  };
}

/** One list for every instance, so the demo page shows the ratings whichever instance received them. */
function redisRatings(redis: RatingsRedis): RatingRecord {
  const key = 'agent-webchat-demo:ratings';
  return {
    async add(rating) {
      // Sent together on the one connection, in order: one round trip.
      await Promise.all([redis.lPush(key, JSON.stringify(rating)), redis.lTrim(key, 0, KEPT_RATINGS - 1)]);
    },
    async list() {
      const items = await redis.lRange(key, 0, KEPT_RATINGS - 1);
      return items.flatMap((item) => {
        const rating = parseRating(item);
        return rating ? [rating] : [];
      });
    },
  };
}

interface RatingsRedis {
  lPush(key: string, value: string): Promise<unknown>;
  lTrim(key: string, start: number, stop: number): Promise<unknown>;
  lRange(key: string, start: number, stop: number): Promise<string[]>;
}

function parseRating(text: string): ReceivedRating | undefined {
  const value = parseJsonText(text);
  const sessionId = field(value, 'sessionId');
  const score = field(value, 'score');
  const comment = field(value, 'comment');
  const at = field(value, 'at');
  if (typeof sessionId !== 'string' || typeof score !== 'number' || typeof at !== 'string') return undefined;
  return typeof comment === 'string' ? { sessionId, score, comment, at } : { sessionId, score, at };
}

function send(res: ServerResponse, status: number, type: string, body: string | Buffer, headers: Record<string, string> = {}): void {
  const buffer = typeof body === 'string' ? Buffer.from(body) : body;
  res.writeHead(status, { ...BASE_HEADERS, 'Content-Type': type, 'Content-Length': String(buffer.length), ...headers });
  res.end(res.req.method === 'HEAD' ? undefined : buffer);
}

function requestPath(target: string | undefined): string | undefined {
  if (target === undefined || !target.startsWith('/')) return undefined;
  try {
    return new URL(target, 'http://site.invalid').pathname;
  } catch {
    return undefined;
  }
}

function escapeAttribute(text: string): string {
  return text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

/** A file under one of the mounts; the real path must stay inside its directory. */
async function findFile(pathname: string, mounts: StaticMount[]): Promise<string | undefined> {
  const decoded = decodeRequestPath(pathname);
  if (decoded === undefined) return undefined;
  // Longest prefix first: '/npm-app/' before '/'.
  for (const mount of [...mounts].sort((a, b) => b.prefix.length - a.prefix.length)) {
    if (!decoded.startsWith(mount.prefix)) continue;
    let rest = decoded.slice(mount.prefix.length);
    if (rest === '' || rest.endsWith('/')) rest += 'index.html';
    for (const dir of mount.dirs) {
      const real = await fileInside(dir, rest);
      if (real && (await stat(real)).isFile()) return real;
    }
  }
  return undefined;
}

function listen(server: Server, port: number, host: string): Promise<number> {
  return new Promise((done, fail) => {
    server.once('error', fail);
    server.listen(port, host, () => {
      server.off('error', fail);
      const address = server.address();
      done(typeof address === 'object' && address !== null ? (address satisfies AddressInfo).port : port);
    });
  });
}
