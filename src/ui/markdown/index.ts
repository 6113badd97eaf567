// Markdown in agent replies: a small hand-written parser, because no library fit — the ones that
// build Preact elements (markdown-to-jsx) are several times the budget and parse raw HTML by
// default; the small ones (snarkdown) and marked/micromark produce HTML strings.
//
// Subset rendered (everything else, raw HTML included, stays text; output is built with h()):
//   paragraphs (line breaks kept: white-space: pre-line), **bold** / __bold__, *italic* / _italic_, `inline code`,
//   fenced code blocks (``` or ~~~; one still open runs to the end, so streamed code shows as it
//   comes), "-", "*", "+" and "1." lists (nested up to MAX_DEPTH), # headings (a bold line, not
//   h1-h6), [text](url) links and bare URLs (both through safeUrl(); an unsafe URL leaves the
//   label as text). Images ![alt](src) are shown as written, never loaded. Backslash escapes work.
//   An unclosed ** or ` is text until it closes.
//
// Limits (hostile input stays linear and its DOM bounded): lists nest MAX_DEPTH (3) deep; past
// MAX_ELEMENTS (512) formatted inline nodes in one block the rest of it is text; past MAX_BLOCKS
// (512) blocks and list items the rest is one literal block.
//
// Output (CSS hooks, styled by markdown.css, which src/ui/styles.ts appends to the widget's stylesheet):
//   <div data-md="root">                      the whole message body
//     <p> <ul>/<ol start> <li> <strong> <em> <code dir=auto> <a target=_blank>
//     <p><strong>…</strong></p>                 a heading
//     <p data-md="literal">                    what follows MAX_BLOCKS blocks, shown as written
//     <div data-md="code">
//       <button>Copy code</button><span role="status" class="visually-hidden"></span>
//       <pre dir="ltr" tabindex="0"><code>…</code></pre>

export { type Block, MAX_BLOCKS, MAX_DEPTH, parseBlocks } from './blocks';
export { MAX_ELEMENTS, parseInline } from './inline';
export { Markdown, type MarkdownProps, markdownTree } from './render';
