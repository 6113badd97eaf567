// Runs a fetch-standard handler inside Node's http server (Express/Connect middleware too). The
// body reaches the handler as a stream read on demand, so the handler's limits act while it arrives.
// Hand-written: @hono/node-server needs `hono` as a peer at run time and replaces the global Request/Response by default.

import type { IncomingMessage, ServerResponse } from 'node:http';
import type { FetchHandler } from './request-context';

export type { FetchHandler, RequestContext } from './request-context';

export interface NodeListenerOptions {
  /** How long a connection whose request body was left unread stays half-open after the answer; default 1 s. */
  lingerMs?: number;
}

/** Methods a fetch Request cannot carry. */
const FORBIDDEN_METHODS = new Set(['CONNECT', 'TRACE', 'TRACK']);
const HOST_PATTERN = /^(\[[0-9a-fA-F:.]+\]|[A-Za-z0-9.-]+)(:\d{1,5})?$/;

export function toNodeListener(
  handler: FetchHandler,
  options: NodeListenerOptions = {},
): (req: IncomingMessage, res: ServerResponse) => void {
  const lingerMs = options.lingerMs ?? 1000;
  return (req, res) => {
    const method = req.method ?? 'GET';
    const host = req.headers.host ?? '';
    const path = req.url ?? '/';
    if (FORBIDDEN_METHODS.has(method.toUpperCase())) return void answerError(res, 405, 'Method not allowed', lingerMs);
    if (!HOST_PATTERN.test(host) || !path.startsWith('/')) return void answerError(res, 400, 'Malformed request target', lingerMs);
    let request: Request;
    try {
      const scheme = 'encrypted' in req.socket && req.socket.encrypted === true ? 'https' : 'http';
      // Joined as text: a target like `//other.example/x` stays a path of this host.
      request = new Request(new URL(`${scheme}://${host}${path}`), {
        method,
        headers: headersOf(req),
        ...(method === 'GET' || method === 'HEAD' ? {} : { body: bodyOf(req), duplex: 'half' }),
      });
    } catch {
      return void answerError(res, 400, 'Malformed request', lingerMs);
    }
    const context = { clientAddress: req.socket.remoteAddress };
    void Promise.resolve()
      .then(() => handler(request, context))
      .then((response) => writeResponse(req, res, response, lingerMs))
      .catch(() => {
        if (!res.headersSent) answerError(res, 500, 'Internal error', lingerMs);
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

async function writeResponse(req: IncomingMessage, res: ServerResponse, response: Response, lingerMs: number): Promise<void> {
  const headers: Record<string, string | string[]> = {};
  response.headers.forEach((value, name) => {
    headers[name] = value;
  });
  const cookies = response.headers.getSetCookie();
  if (cookies.length > 0) headers['set-cookie'] = cookies;
  res.writeHead(response.status, headers);
  if (response.body) {
    for await (const chunk of response.body) {
      if (!res.write(chunk)) await new Promise<void>((resume) => res.once('drain', resume));
    }
  }
  closeUnread(req, res, lingerMs);
  res.end();
}

/**
 * A body left unread (413, 408, early errors): Node closes such a connection as soon as the answer
 * is sent, and closing while the client still sends resets the connection, which can swallow the
 * answer before the client reads it. So the socket is only half-closed and closed `lingerMs` later;
 * meanwhile nothing more is read (the kernel's window holds the client back, no memory of ours).
 */
function closeUnread(req: IncomingMessage, res: ServerResponse, lingerMs: number): void {
  if (req.complete) return;
  const socket = req.socket;
  socket.destroySoon = () => {
    socket.end();
  };
  res.once('finish', () => {
    const timer = setTimeout(() => socket.destroy(), lingerMs);
    timer.unref();
    socket.once('close', () => clearTimeout(timer));
  });
}

function answerError(res: ServerResponse, status: number, message: string, lingerMs: number): void {
  const body = JSON.stringify({ message, error_message: message });
  res.writeHead(status, {
    'Content-Type': 'application/json',
    'Content-Length': String(Buffer.byteLength(body)),
    'Cache-Control': 'no-store',
  });
  closeUnread(res.req, res, lingerMs);
  res.end(body);
}
