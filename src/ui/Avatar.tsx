import { h } from 'preact';
import { safeUrl } from './safe-url';

/** The picture at a safe http(s) URL, else the name's initial. Decorative: the name is said beside it. */
export function Avatar({ name, url }: { name: string; url?: string | undefined }) {
  const src = safeUrl(url, true);
  if (src) return <img class="avatar" src={src} alt="" />;
  return (
    <span class="avatar" aria-hidden="true">
      {(name || '?')[0]!.toUpperCase()}
    </span>
  );
}
