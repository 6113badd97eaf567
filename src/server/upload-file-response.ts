// How a kept file is answered to whoever holds its link (the agent on the platform, a person reading
// the transcript): the type found in its bytes, never sniffed again by the browser, in a sandbox
// without any right to run anything, and downloaded rather than shown unless it is a cleaned image.

import { STRIPPED_IMAGE_TYPES } from './upload-image';
import type { FoundFile } from './upload-storage';

export const FILE_SECURITY_HEADERS = {
  'X-Content-Type-Options': 'nosniff',
  'Content-Security-Policy': "default-src 'none'; sandbox",
  'Referrer-Policy': 'no-referrer',
  'Cross-Origin-Resource-Policy': 'cross-origin',
} as const;

export function fileResponse(found: FoundFile, method: string): Response {
  const { file } = found;
  const inline = STRIPPED_IMAGE_TYPES.has(file.type);
  const headers = {
    ...FILE_SECURITY_HEADERS,
    'Content-Type': file.type,
    'Content-Length': String(file.size),
    'Content-Disposition': contentDisposition(inline ? 'inline' : 'attachment', file.name),
    // The link is a capability: shared caches must not keep a copy for others.
    'Cache-Control': 'private, max-age=3600',
  };
  if (method === 'HEAD') {
    void found.body.cancel().catch(() => undefined);
    return new Response(null, { status: 200, headers });
  }
  return new Response(found.body, { status: 200, headers });
}

/** RFC 6266: an ASCII fallback for old clients, and the exact name percent-encoded as UTF-8 (RFC 8187). */
export function contentDisposition(kind: 'inline' | 'attachment', name: string): string {
  const fallback = name.replace(/[^\x20-\x7e]|["\\%]/g, '_');
  const encoded = encodeURIComponent(name).replace(/['()*]/g, (char) => `%${char.charCodeAt(0).toString(16).toUpperCase()}`);
  return `${kind}; filename="${fallback}"; filename*=UTF-8''${encoded}`;
}
