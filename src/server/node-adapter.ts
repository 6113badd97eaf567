// Runs a fetch-standard handler inside Node's http server (Express/Connect middleware too). The
// body reaches the handler as a stream read on demand, so the handler's limits act while it arrives.
// Hand-written: @hono/node-server needs `hono` as a peer at run time and replaces the global Request/Response by default.

import type { IncomingMessage, ServerResponse } from 'node:http';
import type { FetchHandler } from './request-context';

export type { FetchHandler, RequestContext } from './request-context';

export interface NodeListenerOptions {
  /** How long an unread request body is drained after the answer before the socket is closed; default 1 s. */
  drainMs?: number;
}

/** Methods a fetch Request cannot carry. */
const FORBIDDEN_METHODS = new Set(['CONNECT', 'TRACE', 'TRACK']);
const HOST_PATTERN = /^(\[[0-9a-fA-F:.]+\]|[A-Za-z0-9.-]+)(:\d{1,5})?$/;

export function toNodeListener(
  handler: FetchHandler,
  options: NodeListenerOptions = {},
): (req: IncomingMessage, res: ServerResponse) => void {
  const drainMs = options.drainMs ?? 1000;
  return (req, res) => {
    const method = req.method ?? 'GET';
    const host = req.headers.host ?? '';
    const path = req.url ?? '/';
    if (FORBIDDEN_METHODS.has(method.toUpperCase())) return void answerError(res, 405, 'Method not allowed', drainMs);
    if (!HOST_PATTERN.test(host) || !path.startsWith('/')) return void answerError(res, 400, 'Malformed request target', drainMs);
    let request: Request;
    try {
      const scheme = 'encrypted' in req.socket && req.socket.encrypted === true ? 'https' : 'http';
      request = new Request(new URL(path, `${scheme}://${host}`), {
        method,
        headers: headersOf(req),
        ...(method === 'GET' || method === 'HEAD' ? {} : { body: bodyOf(req), duplex: 'half' }),
      });
    } catch {
      return void answerError(res, 400, 'Malformed request', drainMs);
    }
    const context = { clientAddress: req.socket.remoteAddress };
    void Promise.resolve()
      .then(() => handler(request, context))
      .then((response) => writeResponse(req, res, response, drainMs))
      .catch(() => {
        if (!res.headersSent) answerError(res, 500, 'Internal error', drainMs);
        else res.destroy();
      });
  };
}

function headersOf(req: IncomingMessage): Headers {
  const headers = new Headers();
  for (const [name, value] of Object.entries(req.headers)) {
    try {
      if (typeof value === 'string') headers.set(name, value);
      else if (Array.isArray(value)) for (const item of value) headers.append(name, item);
    } catch {
      // A header value fetch refuses (control characters) is dropped, not fatal.
    }
  }
  return headers;
}

/** Pulls from the socket only as fast as the handler reads; cancelling stops reading. */
function bodyOf(req: IncomingMessage): ReadableStream<Uint8Array> {
  let finished = false;
  return new ReadableStream<Uint8Array>(
    {
      start(controller) {
        // Middleware before us (a body parser) may have read it all already.
        if (req.readableEnded) {
          finished = true;
          controller.close();
          return;
        }
        req.pause();
        req.on('data', (chunk: Buffer) => {
          if (finished) return;
          controller.enqueue(new Uint8Array(chunk.buffer, chunk.byteOffset, chunk.byteLength));
          if ((controller.desiredSize ?? 0) <= 0) req.pause();
        });
        req.once('end', () => {
          if (!finished) controller.close();
          finished = true;
        });
        req.once('close', () => {
          if (!finished && !req.complete) controller.error(new Error('Request aborted'));
          finished = true;
        });
      },
      pull() {
        req.resume();
      },
      cancel() {
        finished = true;
        req.pause();
      },
    },
    { highWaterMark: 1 },
  );
}

async function writeResponse(req: IncomingMessage, res: ServerResponse, response: Response, drainMs: number): Promise<void> {
  const headers: Record<string, string | string[]> = {};
  response.headers.forEach((value, name) => {
    headers[name] = value;
  });
  const cookies = response.headers.getSetCookie();
  if (cookies.length > 0) headers['set-cookie'] = cookies;
  // A body left unread (413, 408, early errors) must not keep the connection for the next request.
  if (!req.complete) headers['connection'] = 'close';
  res.writeHead(response.status, headers);
  if (response.body) {
    for await (const chunk of response.body) {
      if (!res.write(chunk)) await new Promise<void>((resume) => res.once('drain', resume));
    }
  }
  res.end();
  closeUnread(req, res, drainMs);
}

/** Drains a little of an unread body so the client can read the answer, then drops the socket. */
function closeUnread(req: IncomingMessage, res: ServerResponse, drainMs: number): void {
  if (req.complete) return;
  res.once('finish', () => {
    req.on('data', () => undefined);
    req.resume();
    setTimeout(() => req.socket.destroy(), drainMs).unref();
  });
}

function answerError(res: ServerResponse, status: number, message: string, drainMs: number): void {
  const body = JSON.stringify({ message, error_message: message });
  res.writeHead(status, {
    'Content-Type': 'application/json',
    'Content-Length': String(Buffer.byteLength(body)),
    'Cache-Control': 'no-store',
    ...(res.req.complete ? {} : { Connection: 'close' }),
  });
  res.end(body);
  closeUnread(res.req, res, drainMs);
}
