import { h } from 'preact';

/** A link out of the page: a new tab that cannot reach back (`href` already passed safeUrl()). */
export function ExternalLink({ href, text }: { href: string; text: string }) {
  return (
    <a href={href} target="_blank" rel="noopener noreferrer">
      {text}
    </a>
  );
}
