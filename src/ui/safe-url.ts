// The only URLs the widget ever puts in href/src: absolute http(s), mailto and tel (links);
// http(s) only for images. Anything else (javascript:, data:, vbscript:, relative…) → undefined.

const LINK_PROTOCOLS = /^(https?|mailto|tel):$/;
const IMAGE_PROTOCOLS = /^https?:$/;

export function safeUrl(raw: string | undefined | null, image?: boolean): string | undefined {
  if (!raw) return;
  try {
    // The URL parser strips tabs/newlines and leading spaces the way browsers do,
    // so "java\tscript:" is seen as "javascript:" here too.
    const url = new URL(raw.trim());
    if ((image ? IMAGE_PROTOCOLS : LINK_PROTOCOLS).test(url.protocol)) return url.href;
  } catch {
    // not an absolute URL
  }
}
