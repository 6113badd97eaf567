import type { ComponentChildren } from 'preact';
import { h } from '../kit';
import type { MessageParts } from './message-format';

interface FileLinesProps {
  parts: MessageParts;
  /** The core's plain text with its links (the words are shown as any visitor's words). */
  linkified(text: string): ComponentChildren;
}

/**
 * A visitor's message that carries files: the words as plain text, then each file as a link named
 * by its name (a new tab), an image also as a thumbnail of bounded size inside that link. The parts
 * come from the message's text alone (message-format.ts), so a replayed message shows the same.
 */
export function FileLines({ parts, linkified }: FileLinesProps) {
  return (
    <span class="upload-message">
      {parts.words && <span>{linkified(parts.words)}</span>}
      {parts.files.map((file, index) => (
        <a key={index} href={file.url} target="_blank" rel="noopener noreferrer">
          {file.image && <img src={file.url} alt={file.name} loading="lazy" />}
          {/* An image's link is named by its alt text: the caption would say the name twice. */}
          <span aria-hidden={file.image ? 'true' : undefined}>{file.name}</span>
        </a>
      ))}
    </span>
  );
}
