// Markdown in agent replies: a small hand-written parser, because no library fit — the ones that
// build Preact elements (markdown-to-jsx) exceed the 4 KB gzip budget and parse raw HTML by
// default; the small ones (snarkdown) and marked/micromark produce HTML strings.
//
// Subset rendered (everything else, raw HTML included, stays text; output is built with h()):
//   paragraphs (each line break → <br>), **bold** / __bold__, *italic* / _italic_, ~~strike~~,
//   `inline code`, fenced code blocks (``` or ~~~), "-", "*", "+" and "1." lists (a nested level
//   and more, up to MAX_DEPTH containers), > block quotes, # headings (a bold line, not h1-h6),
//   --- rules, [text](url) links and bare URLs (both through safeUrl(); an unsafe URL leaves the
//   label as text). Images ![alt](src) are shown as written, never loaded. Backslash escapes work.
//   An unclosed ** or ` is text until it closes; while streaming, an unclosed fence is plain text.
//
// Limits (hostile input stays linear and its DOM bounded): containers nest MAX_DEPTH (3) deep;
// past MAX_ELEMENTS (512) formatted inline nodes in one block the rest of it is text; past
// MAX_BLOCKS (512) blocks or list items the rest is one literal block.
//
// Output (CSS hooks, styled by markdownCss):
//   <div data-md="root">                      the whole message body
//     <p> <ul>/<ol start> <li> <blockquote> <strong> <em> <del> <code dir=auto> <a target=_blank> <br>
//     <p data-md="heading" data-level="1-6"><strong>…</strong></p>
//     <p data-md="literal">                   shown as written (pre-wrap): an unclosed fence while
//                                              streaming, or what follows MAX_BLOCKS blocks
//     <div data-md="rule" role="separator">
//     <div data-md="code-block">
//       <div data-md="code-bar"><span data-md="code-lang">js</span>
//         <button data-md="copy">Copy</button><span data-md="status" role="status"></span></div>
//       <pre dir="ltr" tabindex="0"><code>…</code></pre>
export { Markdown, markdownTree, type MarkdownProps } from './render';
export { parseBlocks, parseBlocksIncrementally, MAX_BLOCKS, MAX_DEPTH, type Block, type BlockCache, type BlockOptions } from './blocks';
export { parseInline, MAX_ELEMENTS, type InlineNode, type InlineOptions } from './inline';
export { markdownStrings, type MarkdownStrings } from './strings';
export { markdownCss } from './styles';
