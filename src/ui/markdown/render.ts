// Blocks → Preact vnodes with h(): text stays text, never HTML.
// Each top-level block is its own memoized component keyed by position, so while a reply streams
// only the growing last block is parsed and rendered again; completed blocks keep their DOM.
import { Component, type ComponentChildren, h } from 'preact';
import type { Strings } from '../../strings/strings';
import { type Block, parseBlocks } from './blocks';
import { parseInline } from './inline';

export interface MarkdownProps {
  text: string;
  strings: Strings;
}

const COPIED_MS = 1500;

interface CodeBlockProps {
  code: string;
  strings: Strings;
}

/** A fenced code block with a "Copy code" button that says "Copied" for a moment. */
class CodeBlock extends Component<CodeBlockProps, { copied: boolean }> {
  override state = { copied: false };
  #resetTimer: ReturnType<typeof setTimeout> | undefined;

  override componentWillUnmount(): void {
    clearTimeout(this.#resetTimer);
  }

  #copy = () =>
    // No clipboard (insecure page) or a refusal: the button simply does not say "Copied".
    navigator.clipboard?.writeText(this.props.code).then(
      () => {
        this.setState({ copied: true });
        clearTimeout(this.#resetTimer);
        this.#resetTimer = setTimeout(() => this.setState({ copied: false }), COPIED_MS);
      },
      () => undefined,
    );

  override render({ code, strings }: CodeBlockProps, { copied }: { copied: boolean }) {
    return h(
      'div',
      { 'data-md': 'code' },
      h('button', { type: 'button', onClick: this.#copy }, strings.translate(copied ? 'copied' : 'copyCode')),
      h('span', { class: 'visually-hidden', role: 'status' }, copied ? strings.translate('copied') : ''),
      // Code reads left to right in every locale; focusable so that a keyboard can scroll a long line.
      h('pre', { dir: 'ltr', tabIndex: 0 }, h('code', null, code)),
    );
  }
}

function renderBlock(block: Block, strings: Strings, depth: number): ComponentChildren {
  switch (block.kind) {
    case 'paragraph':
      return h('p', null, parseInline(block.text));
    case 'heading':
      // A bold line: real h1-h6 would break the dialog's heading outline.
      return h('p', null, h('strong', null, parseInline(block.text)));
    case 'code':
      return h(CodeBlock, { code: block.text, strings });
    case 'literal':
      return h('p', { 'data-md': 'literal' }, block.text);
    case 'list':
      return h(
        block.ordered ? 'ol' : 'ul',
        { start: block.start !== 1 ? block.start : undefined },
        block.items.map((item) => {
          const blocks = parseBlocks(item, depth + 1);
          const only = blocks[0];
          // A tight item (one paragraph) needs no <p> inside its <li>.
          return h(
            'li',
            null,
            blocks.length === 1 && only?.kind === 'paragraph'
              ? parseInline(only.text)
              : blocks.map((inner) => renderBlock(inner, strings, depth + 1)),
          );
        }),
      );
  }
}

interface BlockViewProps {
  block: Block;
  strings: Strings;
}

class BlockView extends Component<BlockViewProps> {
  override shouldComponentUpdate(next: BlockViewProps): boolean {
    return next.block.source !== this.props.block.source || next.strings !== this.props.strings;
  }

  override render() {
    return renderBlock(this.props.block, this.props.strings, 0);
  }
}

/**
 * The whole vnode tree at once, without the per-block components: what one full render of the
 * text costs this module, whatever DOM then builds it (the hostile-input test and the bench).
 */
export const markdownTree = (text: string, strings: Strings) =>
  h(
    'div',
    { 'data-md': 'root' },
    parseBlocks(text).map((block) => renderBlock(block, strings, 0)),
  );

/** Renders Markdown text (the safe subset described in ./index.ts). */
export const Markdown = ({ text, strings }: MarkdownProps) =>
  h(
    'div',
    { 'data-md': 'root' },
    parseBlocks(text).map((block, index) => h(BlockView, { key: index, block, strings })),
  );
