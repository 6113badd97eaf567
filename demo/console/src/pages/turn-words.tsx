// What the visitor said in a turn, with the files they sent (the widget's `[name](url)` lines)
// shown as links a person can follow; everything else stays plain text, never parsed as HTML.

import { Fragment, h } from 'preact';
import { fileLinksIn } from '../../../server/agent/file-links';

export function TurnWords({ text }: { text: string }) {
  const lines = text.split('\n');
  return (
    <p class="words">
      {lines.map((line, index) => {
        const [link] = fileLinksIn(line);
        const separator = index < lines.length - 1 ? '\n' : '';
        return (
          <Fragment key={index}>
            {link ? (
              <a class="file-link" href={link.url} target="_blank" rel="noopener noreferrer">
                {link.image ? `Image: ${link.name}` : `File: ${link.name}`}
              </a>
            ) : (
              line
            )}
            {separator}
          </Fragment>
        );
      })}
    </p>
  );
}
