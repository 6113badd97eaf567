// Small HTTP helpers shared by every route: CORS, JSON answers, error bodies, body reading.

import type { IncomingMessage, ServerResponse } from 'node:http';

const ALLOWED_HEADERS = 'X-Token, X-Host, Authorization, Content-Type, X-API-KEY, X-TOKEN, X-Service-Auth-Token';
const MAX_BODY_BYTES = 256 * 1024;

/** The widget runs on other origins (demo page, e2e pages), so every answer is readable cross-origin. */
export function applyCors(res: ServerResponse): void {
  res.setHeader('Access-Control-Allow-Origin', '*');
  res.setHeader('Access-Control-Expose-Headers', 'Retry-After');
}

export function answerPreflight(res: ServerResponse): void {
  res.writeHead(204, {
    'Access-Control-Allow-Methods': 'GET, HEAD, POST, PUT, OPTIONS',
    'Access-Control-Allow-Headers': ALLOWED_HEADERS,
    'Access-Control-Max-Age': '600',
  });
  res.end();
}

export function sendJson(res: ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}): void {
  sendJsonText(res, status, JSON.stringify(body), headers);
}

/** For a body already encoded (e.g. to time the encoding too). */
export function sendJsonText(res: ServerResponse, status: number, text: string, headers: Record<string, string> = {}): void {
  res.writeHead(status, {
    'Content-Type': 'application/json; charset=utf-8',
    'Content-Length': String(Buffer.byteLength(text)),
    'Cache-Control': 'no-store',
    ...headers,
  });
  res.end(text);
}

/** Both field names: docs/protocol.md lets clients read either `message` or `error_message`. */
export function sendError(res: ServerResponse, status: number, message: string, headers: Record<string, string> = {}): void {
  sendJson(res, status, { message, error_message: message }, headers);
}

export function sendTooMany(res: ServerResponse, retryAfterSeconds: number, message = 'Too many requests'): void {
  sendError(res, 429, message, { 'Retry-After': String(retryAfterSeconds) });
}

export class BodyTooLargeError extends Error {}

export async function readBody(req: IncomingMessage): Promise<string> {
  const parts: Buffer[] = [];
  let size = 0;
  for await (const part of req) {
    const buffer = Buffer.isBuffer(part) ? part : Buffer.from(String(part));
    size += buffer.length;
    if (size > MAX_BODY_BYTES) throw new BodyTooLargeError(`Request body exceeds ${MAX_BODY_BYTES} bytes`);
    parts.push(buffer);
  }
  return Buffer.concat(parts).toString('utf8');
}

export type JsonBody = { ok: true; value: unknown } | { ok: false };

/** An empty (or blank) body reads as `{}`: the documented bodies are all optional objects. */
export function parseJsonBody(text: string): JsonBody {
  if (text.trim() === '') return { ok: true, value: {} };
  try {
    const value: unknown = JSON.parse(text);
    return { ok: true, value };
  } catch {
    return { ok: false };
  }
}

export function header(req: IncomingMessage, name: string): string | undefined {
  const value = req.headers[name.toLowerCase()];
  const first = Array.isArray(value) ? value[0] : value;
  return first === undefined || first.trim() === '' ? undefined : first.trim();
}
