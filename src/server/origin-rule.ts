// Who may call a handler from a browser. Browsers attach `Origin` (and `Sec-Fetch-Site`) to every
// cross-origin POST, so a page on another site is recognised; callers without them (curl, server
// to server) are not browsers acting for a visitor and are left to the per-client limit.

/**
 * Same-origin when `Sec-Fetch-Site` says so, or when the `Origin` names the host the request was
 * sent to. Schemes are not compared: behind a TLS-terminating proxy the request arrives as http.
 */
export function isSameOrigin(request: Request): boolean {
  const fetchSite = request.headers.get('Sec-Fetch-Site');
  if (fetchSite !== null) return fetchSite === 'same-origin' || fetchSite === 'none';
  const origin = request.headers.get('Origin');
  if (origin === null) return true;
  const originHost = hostOf(origin);
  const requestHost = request.headers.get('Host') ?? hostOf(request.url);
  return originHost !== undefined && requestHost !== undefined && originHost === requestHost.toLowerCase();
}

/** Allowed: same-origin (see above) or an `Origin` listed in `allowedOrigins`. */
export function originAllowed(request: Request, allowedOrigins: readonly string[] | undefined): boolean {
  const origin = request.headers.get('Origin');
  if (origin !== null && allowedOrigins?.includes(origin)) return true;
  return isSameOrigin(request);
}

function hostOf(url: string): string | undefined {
  try {
    return new URL(url).host.toLowerCase();
  } catch {
    return undefined;
  }
}
