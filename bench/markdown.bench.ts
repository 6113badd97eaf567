// Prints the main-thread cost of rendering agent Markdown:
// - per chunk of a 2,000-chunk streamed reply of realistic Markdown, the whole text re-rendered
//   at each prefix (the <Markdown> component: block split of the whole text, memoized blocks), and for
//   comparison a full parse of every prefix without any cache;
// - for 128 KB of hostile input: this module's work (parse + vnode tree, best of 5) and, for
//   information, the DOM build in happy-dom (many times slower than a browser's).
// Run: npx tsx bench/markdown.bench.ts

import { Window } from 'happy-dom';
import { h, render } from 'preact';
import { getStrings } from '../src/strings/strings';
import { Markdown, markdownTree, parseBlocks } from '../src/ui/markdown';
import { hostileInputs } from '../src/ui/markdown/testing/hostile';

const PARAGRAPHS = [
  '## Getting started\n',
  'To **install** the _widget_, add the package and call `mount()` once the page has loaded. See [the guide](https://example.com/guide) or https://example.com/faq for details.\n\n',
  '```ts\nimport { mount } from "agent-webchat";\n\nmount({ target: document.body, locale: "fr" });\n```\n\n',
  '1. Open the **settings** page.\n2. Choose a *theme*:\n   - light\n   - dark\n3. Save once.\n\n',
  'Tip: the `locale` option accepts `en`, `fr` and `ar`; anything else falls back to English.\n\n',
  'That is all. Ask me if something is unclear, for example about **streaming** replies or the `markdown` option.\n\n',
];

function streamedReply(chunks: number): string[] {
  let text = '';
  while (text.length < chunks * 6) for (const paragraph of PARAGRAPHS) text += paragraph;
  const size = Math.ceil(text.length / chunks);
  return Array.from({ length: chunks }, (_, index) => text.slice(0, (index + 1) * size));
}

const window = new Window();
// getStrings() reads the page's language.
Object.assign(globalThis, { document: window.document, navigator: window.navigator });
const strings = getStrings('en');
const element = window.document.createElement('div');
window.document.body.appendChild(element);
// happy-dom's classes are the DOM's, under their own type names.
const container = element as unknown as HTMLElement;

function timeStream(prefixes: string[]): void {
  const renderAll = () => {
    for (const text of prefixes) {
      render(h(Markdown, { text, strings }), container);
    }
    render(null, container);
  };
  renderAll(); // warm-up (JIT)
  const start = performance.now();
  renderAll();
  const perChunk = (performance.now() - start) / prefixes.length;
  console.log(
    `streamed reply, ${prefixes.length} chunks (${prefixes[prefixes.length - 1]!.length} chars): ${(perChunk * 1000).toFixed(0)} µs per chunk, parse + render into happy-dom`,
  );

  // What the component computes per chunk, without any DOM: the block split of the whole text and
  // the tree of the block that grew (the others are memoized).
  const moduleStart = performance.now();
  for (const text of prefixes) markdownTree(parseBlocks(text).at(-1)?.source ?? '', strings);
  const modulePerChunk = (performance.now() - moduleStart) / prefixes.length;
  console.log(`  of which this module's work (block split + the growing block's tree): ${(modulePerChunk * 1000).toFixed(0)} µs per chunk`);

  const fullStart = performance.now();
  for (const text of prefixes) markdownTree(text, strings);
  const fullPerChunk = (performance.now() - fullStart) / prefixes.length;
  console.log(`  for comparison, a full parse + vnode tree of every prefix, no cache: ${(fullPerChunk * 1000).toFixed(0)} µs per chunk`);
}

function timeHostile(): void {
  const inputs = hostileInputs(128 * 1024);
  for (const [name, text] of Object.entries(inputs)) {
    let best = Number.POSITIVE_INFINITY;
    for (let run = 0; run < 5; run++) {
      const start = performance.now();
      markdownTree(text, strings);
      best = Math.min(best, performance.now() - start);
    }
    const domStart = performance.now();
    render(h(Markdown, { text, strings }), container);
    const dom = performance.now() - domStart;
    const elements = container.querySelectorAll('*').length;
    render(null, container);
    console.log(
      `hostile 128 KB ${name.padEnd(20)} parse + tree ${best.toFixed(1).padStart(5)} ms   (happy-dom DOM: ${dom.toFixed(0)} ms, ${elements} elements)`,
    );
  }
}

console.log(
  `load average: ${(await import('node:os'))
    .loadavg()
    .map((load) => load.toFixed(1))
    .join(' ')}`,
);
timeStream(streamedReply(2000));
timeHostile();
