// Blocks and inline nodes → Preact vnodes with h(): text stays text, never HTML.
// Each top-level block is its own memoized component keyed by position and kind, so while a reply
// streams only the growing last block re-renders; completed blocks keep their DOM.
import { Component, h, type ComponentChildren } from 'preact';
import { type Block, type BlockCache, parseBlocks, parseBlocksIncrementally } from './blocks';
import { type InlineNode, parseInline } from './inline';
import { type MarkdownStrings, markdownStrings } from './strings';

export interface MarkdownProps {
  text: string;
  /** The reply is still arriving: an unclosed code fence stays plain text until it closes. */
  streaming?: boolean;
  strings?: MarkdownStrings;
}

const COPIED_MS = 1500;

function renderInline(nodes: InlineNode[]): ComponentChildren[] {
  return nodes.map((node) => {
    if (typeof node === 'string') return node;
    switch (node.kind) {
      case 'br':
        return h('br', null);
      case 'code':
        // dir=auto: code such as "mount()" keeps its order inside right-to-left text.
        return h('code', { dir: 'auto' }, node.text);
      case 'link':
        return h('a', { href: node.href, target: '_blank', rel: 'noopener noreferrer' }, renderInline(node.children));
      default:
        return h(node.kind, null, renderInline(node.children));
    }
  });
}

const inline = (text: string) => renderInline(parseInline(text));

interface CodeBlockProps {
  code: string;
  lang: string;
  strings: MarkdownStrings;
}

// Class components, not hooks: the widget does not otherwise need preact/hooks.
class CodeBlock extends Component<CodeBlockProps, { copied: boolean }> {
  #timer: ReturnType<typeof setTimeout> | undefined;

  #copy = () => {
    // No clipboard (insecure page) or a refusal: the button simply does not say "Copied".
    navigator.clipboard?.writeText(this.props.code).then(
      () => {
        clearTimeout(this.#timer);
        this.setState({ copied: true });
        this.#timer = setTimeout(() => this.setState({ copied: false }), COPIED_MS);
      },
      () => undefined,
    );
  };

  override componentWillUnmount(): void {
    clearTimeout(this.#timer);
  }

  override render() {
    const { code, lang, strings } = this.props;
    const copied = this.state.copied === true;
    return h(
      'div',
      { 'data-md': 'code-block' },
      h(
        'div',
        { 'data-md': 'code-bar' },
        h('span', { 'data-md': 'code-lang' }, lang),
        h(
          'button',
          { type: 'button', 'data-md': 'copy', 'aria-label': copied ? undefined : strings.copyCode, onClick: this.#copy },
          copied ? strings.copied : strings.copy,
        ),
        h('span', { 'data-md': 'status', role: 'status' }, copied ? strings.copied : ''),
      ),
      // Focusable so that a keyboard can scroll a long line.
      h('pre', { dir: 'ltr', tabIndex: 0 }, h('code', null, code)),
    );
  }
}

function renderBlocks(text: string, depth: number, strings: MarkdownStrings): ComponentChildren[] {
  return parseBlocks(text, { depth }).map((block) => renderBlock(block, depth, strings));
}

function renderListItem(body: string, depth: number, strings: MarkdownStrings): ComponentChildren {
  const blocks = parseBlocks(body, { depth: depth + 1 });
  const only = blocks[0];
  // A tight item (one paragraph) needs no <p> inside its <li>.
  if (blocks.length === 1 && only?.kind === 'paragraph') return inline(only.text);
  return blocks.map((block) => renderBlock(block, depth + 1, strings));
}

function renderBlock(block: Block, depth: number, strings: MarkdownStrings): ComponentChildren {
  switch (block.kind) {
    case 'paragraph':
      return h('p', null, inline(block.text));
    case 'heading':
      // Shown as a bold line: real h1-h6 would break the dialog's heading outline.
      return h('p', { 'data-md': 'heading', 'data-level': String(block.level) }, h('strong', null, inline(block.text)));
    case 'code':
      return h(CodeBlock, { code: block.code, lang: block.lang, strings });
    case 'literal':
      return h('p', { 'data-md': 'literal' }, block.source);
    case 'rule':
      return h('div', { 'data-md': 'rule', role: 'separator' });
    case 'quote':
      return h('blockquote', null, renderBlocks(block.inner, depth + 1, strings));
    case 'list':
      return h(
        block.ordered ? 'ol' : 'ul',
        { start: block.ordered && block.start !== 1 ? block.start : undefined },
        block.items.map((item) => h('li', null, renderListItem(item, depth, strings))),
      );
  }
}

interface BlockViewProps {
  block: Block;
  strings: MarkdownStrings;
}

// Compared by content: a caller may build the strings object afresh at every render.
const sameStrings = (one: MarkdownStrings, other: MarkdownStrings) =>
  one.copy === other.copy && one.copyCode === other.copyCode && one.copied === other.copied;

class BlockView extends Component<BlockViewProps> {
  override shouldComponentUpdate(next: BlockViewProps): boolean {
    const { block, strings } = this.props;
    return next.block.source !== block.source || next.block.kind !== block.kind || !sameStrings(next.strings, strings);
  }

  override render() {
    return renderBlock(this.props.block, 0, this.props.strings);
  }
}

/**
 * The whole vnode tree at once, without the per-block components: what one full render of the
 * text costs this module, whatever DOM then builds it (the hostile-input test and the bench).
 */
export function markdownTree(text: string, streaming = false, strings = markdownStrings.en): ComponentChildren {
  return h(
    'div',
    { 'data-md': 'root' },
    parseBlocks(text, { streaming }).map((block) => renderBlock(block, 0, strings)),
  );
}

/** Renders Markdown text (the safe subset described in ./index.ts). */
export class Markdown extends Component<MarkdownProps> {
  #cache: BlockCache | undefined;

  override render() {
    const { text, streaming = false, strings = markdownStrings.en } = this.props;
    this.#cache = parseBlocksIncrementally(this.#cache, text, streaming);
    return h(
      'div',
      { 'data-md': 'root' },
      this.#cache.blocks.map((block, index) => h(BlockView, { key: `${index}:${block.kind}`, block, strings })),
    );
  }
}
