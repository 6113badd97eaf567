// JSON responses of the server helpers: bodies carry both `message` and `error_message` because
// the widget (and docs/protocol.md) accept either.

export function jsonResponse(status: number, body: unknown, headers: HeadersInit = {}): Response {
  return new Response(JSON.stringify(body), {
    status,
    headers: { 'Content-Type': 'application/json', 'Cache-Control': 'no-store', ...Object.fromEntries(new Headers(headers)) },
  });
}

export function errorResponse(status: number, message: string, headers: HeadersInit = {}): Response {
  return jsonResponse(status, { message, error_message: message }, headers);
}

export function corsHeaders(request: Request, allowedOrigins: readonly string[] | undefined): Record<string, string> {
  const origin = request.headers.get('Origin');
  if (!allowedOrigins || origin === null || !allowedOrigins.includes(origin)) return {};
  return {
    'Access-Control-Allow-Origin': origin,
    'Access-Control-Allow-Credentials': 'true',
    'Access-Control-Allow-Headers': 'Content-Type',
    'Access-Control-Allow-Methods': 'POST, PUT, OPTIONS',
    'Access-Control-Expose-Headers': 'Retry-After',
    Vary: 'Origin',
  };
}
