// JSON responses of the server helpers: bodies carry both `message` and `error_message` because
// the widget (and PROTOCOL.md) accept either.

export function jsonResponse(status: number, body: unknown, headers: HeadersInit = {}): Response {
  return new Response(JSON.stringify(body), {
    status,
    headers: { 'Content-Type': 'application/json', 'Cache-Control': 'no-store', ...headers },
  });
}

export function errorResponse(status: number, message: string, headers: HeadersInit = {}): Response {
  return jsonResponse(status, { message, error_message: message }, headers);
}

/** Origin gate shared by the handlers: undefined allows any origin (same-origin deployments). */
export function originAllowed(request: Request, allowedOrigins: readonly string[] | undefined): boolean {
  if (!allowedOrigins) return true;
  const origin = request.headers.get('Origin');
  return origin !== null && allowedOrigins.includes(origin);
}

export function corsHeaders(request: Request, allowedOrigins: readonly string[] | undefined): Record<string, string> {
  const origin = request.headers.get('Origin');
  if (!allowedOrigins || origin === null || !allowedOrigins.includes(origin)) return {};
  return {
    'Access-Control-Allow-Origin': origin,
    'Access-Control-Allow-Headers': 'Content-Type',
    'Access-Control-Allow-Methods': 'POST, PUT, OPTIONS',
    'Access-Control-Expose-Headers': 'Retry-After',
    Vary: 'Origin',
  };
}

/** Reads a request body up to `limit` bytes; undefined when it is larger. */
export async function readLimitedText(request: Request, limit: number): Promise<string | undefined> {
  const declared = Number(request.headers.get('Content-Length') ?? '0');
  if (declared > limit) return undefined;
  if (!request.body) return '';
  const reader = request.body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > limit) {
      await reader.cancel();
      return undefined;
    }
    chunks.push(value);
  }
  return new TextDecoder().decode(concat(chunks, size));
}

function concat(chunks: Uint8Array[], size: number): Uint8Array {
  const out = new Uint8Array(size);
  let offset = 0;
  for (const chunk of chunks) {
    out.set(chunk, offset);
    offset += chunk.byteLength;
  }
  return out;
}

/** Keeps what a browser must see of an upstream answer: status, JSON body, Retry-After. */
export async function relay(upstream: Response, extraHeaders: Record<string, string>): Promise<Response> {
  const headers: Record<string, string> = { ...extraHeaders };
  const retryAfter = upstream.headers.get('Retry-After');
  if (retryAfter !== null) headers['Retry-After'] = retryAfter;
  const text = await upstream.text();
  return new Response(text, {
    status: upstream.status,
    headers: { 'Content-Type': 'application/json', 'Cache-Control': 'no-store', ...headers },
  });
}
