import { type ComponentChildren, h } from 'preact';
import { linkify } from './linkify';

/** A link out of the page: a new tab that cannot reach back (`href` already passed safeUrl()). */
export function ExternalLink({ href, children }: { href: string; children: ComponentChildren }) {
  return (
    <a href={href} target="_blank" rel="noopener noreferrer">
      {children}
    </a>
  );
}

/** Plain text with its bare URLs as links. */
export const linkified = (text: string) =>
  linkify(text).map((segment) => (typeof segment === 'string' ? segment : <ExternalLink href={segment.href}>{segment.text}</ExternalLink>));
