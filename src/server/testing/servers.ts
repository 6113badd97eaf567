// Real loopback servers for the server helpers' tests and bench: the handler under test behind
// `toNodeListener`, a scripted fake upstream, and a raw client that can stall or oversize bodies.

import {
  type ClientRequest,
  createServer,
  request as httpRequest,
  type IncomingMessage,
  type Server,
  type ServerResponse,
} from 'node:http';
import type { AddressInfo } from 'node:net';
import { toNodeListener } from '../node-adapter';
import type { FetchHandler } from '../request-context';

export interface RunningServer {
  url: string;
  port: number;
  close(): Promise<void>;
}

export interface SeenRequest {
  method: string;
  path: string;
  headers: IncomingMessage['headers'];
  body: string;
}

export interface FakeUpstream extends RunningServer {
  seen: SeenRequest[];
}

export async function serveHandler(handler: FetchHandler): Promise<RunningServer> {
  return listen(createServer(toNodeListener(handler)));
}

/** An upstream answering with `respond`; every request it receives is kept in `seen`. */
export async function startFakeUpstream(respond: (seen: SeenRequest, res: ServerResponse) => void | Promise<void>): Promise<FakeUpstream> {
  const seen: SeenRequest[] = [];
  const server = createServer((req, res) => {
    const parts: Buffer[] = [];
    req.on('data', (part: Buffer) => parts.push(part));
    req.on('end', () => {
      const entry = { method: req.method ?? '', path: req.url ?? '', headers: req.headers, body: Buffer.concat(parts).toString('utf8') };
      seen.push(entry);
      void respond(entry, res);
    });
  });
  const running = await listen(server);
  return { ...running, seen };
}

export function sendJson(res: ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}): void {
  res.writeHead(status, { 'Content-Type': 'application/json', ...headers });
  res.end(JSON.stringify(body));
}

/** A platform with the two calls of the token endpoint; tokens and sessions are numbered. */
export function platformResponder(expiresIn = 600): (seen: SeenRequest, res: ServerResponse) => void {
  let tokens = 0;
  let sessions = 0;
  return (seen, res) => {
    if (seen.path === '/api/v1/access-token')
      return sendJson(res, 200, { access_token: `token-${++tokens}`, expires_in: expiresIn, token_type: 'Bearer' });
    if (seen.path === '/api/v1/sessions') return sendJson(res, 200, { session_id: `session-${++sessions}` });
    if (seen.path.endsWith('/chat/create')) return sendJson(res, 200, { chat_id: 'chat-1', messages: [] });
    sendJson(res, 404, { message: 'no such path' });
  };
}

export interface RawAnswer {
  status: number;
  headers: IncomingMessage['headers'];
  body: string;
}

export interface RawRequest {
  method?: string;
  path?: string;
  headers?: Record<string, string>;
  /** Written in order; a number pauses that many ms. */
  parts?: ReadonlyArray<string | Buffer | number>;
  /** Leave the body unfinished after `parts`. */
  stall?: boolean;
}

/** A request over node:http that can trickle, stall or oversize its body. */
export function rawRequest(url: string, spec: RawRequest): Promise<RawAnswer> {
  const base = new URL(url);
  const options = {
    hostname: base.hostname,
    port: base.port,
    path: spec.path ?? '/',
    method: spec.method ?? 'POST',
    headers: spec.headers ?? {},
    agent: false,
  };
  return new Promise((resolve, reject) => {
    const outgoing = httpRequest(options, (res) => {
      const parts: Buffer[] = [];
      res.on('data', (part: Buffer) => parts.push(part));
      res.on('end', () => {
        resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(parts).toString('utf8') });
        outgoing.destroy();
      });
    });
    outgoing.on('error', reject);
    void (async () => {
      for (const part of spec.parts ?? []) {
        if (outgoing.destroyed) return;
        if (typeof part === 'number') await new Promise((wake) => setTimeout(wake, part));
        else if (!outgoing.write(part)) await drained(outgoing);
      }
      if (!spec.stall) outgoing.end();
    })().catch(() => undefined);
  });
}

export interface VisitorAnswer {
  status: number;
  headers: IncomingMessage['headers'];
  body: Record<string, unknown>;
  text: string;
}

/** A JSON request carrying a visitor's cookie (`agent_webchat=<id>`), its JSON answer parsed. */
export async function askAsVisitor(
  url: string,
  visitorId: string,
  spec: { method: string; path: string; body?: string; headers?: Record<string, string> },
): Promise<VisitorAnswer> {
  const answer = await rawRequest(url, {
    method: spec.method,
    path: spec.path,
    headers: { 'Content-Type': 'application/json', Cookie: `agent_webchat=${visitorId}`, ...spec.headers },
    parts: spec.body === undefined ? [] : [spec.body],
  });
  return {
    status: answer.status,
    headers: answer.headers,
    body: JSON.parse(answer.body) as Record<string, unknown>,
    text: answer.body,
  };
}

/** Waits until the socket takes more (or is gone): an oversized upload must not pile up here. */
function drained(outgoing: ClientRequest): Promise<void> {
  return new Promise((resume) => {
    const done = () => {
      outgoing.off('drain', done);
      outgoing.off('close', done);
      resume();
    };
    outgoing.once('drain', done);
    outgoing.once('close', done);
  });
}

export function listen(server: Server): Promise<RunningServer> {
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      const port = typeof address === 'object' && address !== null ? (address satisfies AddressInfo).port : 0;
      resolve({
        url: `http://127.0.0.1:${port}`,
        port,
        close: () =>
          new Promise<void>((done) => {
            server.close(() => done());
            server.closeAllConnections();
          }),
      });
    });
  });
}
