// The opaque visitor cookie of continuity: a random 128-bit id (32 hex digits). Only its SHA-256
// hash is used as a store key, so a leaked store does not hand out working cookies.

export interface VisitorCookieOptions {
  /** Default `agent_webchat`. */
  name?: string;
  /** Default: Secure unless the request came over plain http to a loopback host. */
  secure?: boolean;
  /** Default `/`. */
  path?: string;
}

const ID_PATTERN = /^[0-9a-f]{32}$/;

/** The cookie's name: the site's, or `agent_webchat`. Every endpoint reading the cookie asks here. */
export function visitorCookieName(options: VisitorCookieOptions | undefined): string {
  return options?.name ?? 'agent_webchat';
}

export function readVisitorId(request: Request, name: string): string | undefined {
  const header = request.headers.get('Cookie');
  if (header === null) return undefined;
  for (const part of header.split(';')) {
    const separator = part.indexOf('=');
    if (separator < 0 || part.slice(0, separator).trim() !== name) continue;
    const value = part.slice(separator + 1).trim();
    if (ID_PATTERN.test(value)) return value;
  }
  return undefined;
}

export function newVisitorId(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return [...bytes].map((byte) => byte.toString(16).padStart(2, '0')).join('');
}

export function visitorKey(id: string): Promise<string> {
  return sha256Hex(id);
}

export async function sha256Hex(text: string): Promise<string> {
  const digest = await crypto.subtle.digest('SHA-256', new TextEncoder().encode(text));
  return [...new Uint8Array(digest)].map((byte) => byte.toString(16).padStart(2, '0')).join('');
}

export function visitorCookie(request: Request, id: string, maxAgeSeconds: number, options: VisitorCookieOptions): string {
  const secure = options.secure ?? !isPlainLoopback(request);
  const parts = [
    `${visitorCookieName(options)}=${id}`,
    `Path=${options.path ?? '/'}`,
    `Max-Age=${Math.max(0, Math.floor(maxAgeSeconds))}`,
    'HttpOnly',
    'SameSite=Lax',
  ];
  if (secure) parts.push('Secure');
  return parts.join('; ');
}

function isPlainLoopback(request: Request): boolean {
  const url = new URL(request.url);
  if (url.protocol !== 'http:') return false;
  const host = url.hostname.replace(/^\[|\]$/g, '');
  return host === 'localhost' || host.endsWith('.localhost') || host === '::1' || /^127\.\d+\.\d+\.\d+$/.test(host);
}
