// Markdown → the readable text of a reply, for a plain-text transcript: the words a person sees
// without the marks, a link as its label followed by its address, list items as "- " or "1. ".
// The same parser as the display, so the file says what the screen said (and read-aloud, which
// takes its inline text from here, says it too).
import type { ComponentChildren } from 'preact';
import { type Block, parseBlocks } from './blocks';
import { parseInline } from './inline';

/** The text of rendered inline nodes; with `linkAddresses`, a link whose label is not its address keeps both. */
function textOf(node: ComponentChildren, linkAddresses: boolean): string {
  if (typeof node === 'string' || typeof node === 'number') return `${node}`;
  if (Array.isArray(node)) return node.map((child) => textOf(child, linkAddresses)).join('');
  if (!node || typeof node !== 'object' || !('props' in node)) return '';
  const label = textOf(node.props.children, linkAddresses);
  const href: unknown = node.props.href;
  return linkAddresses && typeof href === 'string' && href !== label ? `${label} (${href})` : label;
}

/** The words of one block's inline Markdown without the marks (link labels, emphasis, code). */
export function inlineText(markdown: string, { linkAddresses }: { linkAddresses: boolean }): string {
  return textOf(parseInline(markdown), linkAddresses);
}

function blockLines(block: Block, depth: number): string[] {
  switch (block.kind) {
    case 'code':
    case 'literal':
      return [block.text];
    case 'list':
      return block.items.map((item, index) => {
        const marker = block.ordered ? `${block.start + index}.` : '-';
        const inner = parseBlocks(item, depth + 1).flatMap((child) => blockLines(child, depth + 1));
        return `${marker} ${inner.join(' ')}`;
      });
    default:
      return [inlineText(block.text, { linkAddresses: true })];
  }
}

/** The lines of a Markdown reply as plain text. */
export function markdownLines(markdown: string): string[] {
  return parseBlocks(markdown).flatMap((block) => blockLines(block, 0));
}
