// What a reader sees of agent Markdown: each construct, safety (no HTML, no unsafe links),
// streaming stability (node identity), random input (properties), hostile input (time).
import { afterEach, describe, expect, it, vi } from 'vitest';
import { h, render } from 'preact';
import { act } from 'preact/test-utils';
import { rng } from '../../store/testing/prng';
import { type BlockCache, MAX_BLOCKS, Markdown, markdownStrings, markdownTree, parseBlocks, parseBlocksIncrementally } from './index';
import { hostileInputs } from './testing/hostile';

let containers: HTMLElement[] = [];
afterEach(() => {
  for (const container of containers) render(null, container);
  containers = [];
  vi.useRealTimers();
});

function show(text: string, streaming = false, container = document.createElement('div')): HTMLElement {
  if (!containers.includes(container)) containers.push(container);
  act(() => render(h(Markdown, { text, streaming }), container));
  return container;
}

const ALLOWED = new Set(['DIV', 'SPAN', 'P', 'STRONG', 'EM', 'DEL', 'CODE', 'PRE', 'UL', 'OL', 'LI', 'BLOCKQUOTE', 'A', 'BR', 'BUTTON']);

function assertSafe(container: HTMLElement): void {
  for (const element of container.querySelectorAll('*')) {
    expect(ALLOWED.has(element.tagName), element.tagName).toBe(true);
    for (const attribute of element.getAttributeNames()) expect(attribute.startsWith('on'), attribute).toBe(false);
    if (element.tagName === 'A') {
      expect(element.getAttribute('href')).toMatch(/^(https?:|mailto:|tel:)/);
      expect(element.getAttribute('rel')).toBe('noopener noreferrer');
      expect(element.getAttribute('target')).toBe('_blank');
    }
  }
}

describe('Markdown constructs', () => {
  it('renders emphasis, strike, inline code and line breaks', () => {
    const root = show('a **bold** and *italic*, _also_ ~~gone~~ `x < y`\nnext line');
    const paragraph = root.querySelector('[data-md=root] > p')!;
    expect(paragraph.querySelector('strong')!.textContent).toBe('bold');
    expect([...paragraph.querySelectorAll('em')].map((em) => em.textContent)).toEqual(['italic', 'also']);
    expect(paragraph.querySelector('del')!.textContent).toBe('gone');
    expect(paragraph.querySelector('code')!.textContent).toBe('x < y');
    expect(paragraph.querySelectorAll('br')).toHaveLength(1);
    expect(paragraph.textContent).toBe('a bold and italic, also gone x < ynext line');
  });

  it('keeps snake_case and lone asterisks as written', () => {
    expect(show('use snake_case_name and 2 * 3 * 4').textContent).toBe('use snake_case_name and 2 * 3 * 4');
  });

  it('renders separate paragraphs', () => {
    expect([...show('one\n\ntwo').querySelectorAll('p')].map((p) => p.textContent)).toEqual(['one', 'two']);
  });

  it('renders a fenced code block with a language and no Markdown inside', () => {
    const root = show('Run:\n\n```sh\nnpm i **x** <b>\n  indented\n```\nafter');
    const block = root.querySelector('[data-md=code-block]')!;
    expect(block.querySelector('pre > code')!.textContent).toBe('npm i **x** <b>\n  indented');
    expect(block.querySelector('[data-md=code-lang]')!.textContent).toBe('sh');
    expect(block.querySelector('strong')).toBeNull();
    expect(root.querySelector('[data-md=root] > p:last-child')!.textContent).toBe('after');
  });

  it('copies the code with the Copy button, which says Copied for a moment', async () => {
    vi.useFakeTimers();
    const writeText = vi.fn(async (_text: string) => undefined);
    Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
    const root = show('```\nconst a = 1;\n```');
    const button = root.querySelector('button')!;
    expect(button.getAttribute('type')).toBe('button');
    expect(button.getAttribute('aria-label')).toBe('Copy code');
    expect(button.textContent).toBe('Copy');
    await act(async () => {
      button.click();
    });
    expect(writeText).toHaveBeenCalledWith('const a = 1;');
    expect(button.textContent).toBe('Copied');
    expect(root.querySelector('[role=status]')!.textContent).toBe('Copied');
    act(() => {
      vi.advanceTimersByTime(1500);
    });
    expect(button.textContent).toBe('Copy');
    expect(root.querySelector('[role=status]')!.textContent).toBe('');
  });

  it('uses the strings it is given', () => {
    const container = document.createElement('div');
    containers.push(container);
    act(() => render(h(Markdown, { text: '```\nx\n```', strings: markdownStrings.fr }), container));
    expect(container.querySelector('button')!.textContent).toBe('Copier');
    expect(Object.keys(markdownStrings)).toEqual(['en', 'fr', 'ar']);
  });

  it('renders bulleted and numbered lists, nested one level', () => {
    const root = show('- one\n- two\n  - two.a\n  - two.b\n- three\n\n3. c\n4. d');
    const list = root.querySelector('[data-md=root] > ul')!;
    expect([...list.children].map((item) => item.tagName)).toEqual(['LI', 'LI', 'LI']);
    expect([...list.querySelectorAll('li > ul > li')].map((item) => item.textContent)).toEqual(['two.a', 'two.b']);
    const ordered = root.querySelector('ol')!;
    expect(ordered.getAttribute('start')).toBe('3');
    expect(ordered.textContent).toBe('cd');
  });

  it('renders block quotes, and headings as bold paragraphs (no h1-h6)', () => {
    const root = show('## Summary ##\n> quoted **text**\n> > inner');
    const heading = root.querySelector('[data-md=heading]')!;
    expect(heading.tagName).toBe('P');
    expect(heading.querySelector('strong')!.textContent).toBe('Summary');
    expect(root.querySelector('h1,h2,h3,h4,h5,h6')).toBeNull();
    const quote = root.querySelector('blockquote')!;
    expect(quote.querySelector('strong')!.textContent).toBe('text');
    expect(quote.querySelector('blockquote')!.textContent).toBe('inner');
  });

  it('renders links and bare URLs through the allowlist', () => {
    const root = show('See [the docs](https://docs.example/a_(b)) or https://example.com/x_y. Mail mailto:a@b.test');
    const links = [...root.querySelectorAll('a')];
    expect(links.map((link) => [link.textContent, link.getAttribute('href')])).toEqual([
      ['the docs', 'https://docs.example/a_(b)'],
      ['https://example.com/x_y', 'https://example.com/x_y'],
      ['mailto:a@b.test', 'mailto:a@b.test'],
    ]);
    assertSafe(root);
  });
});

describe('Markdown safety', () => {
  it('shows raw HTML as text', () => {
    const root = show('<img src=x onerror=alert(1)> <script>alert(1)</script> **<b>x</b>**');
    expect(root.querySelector('img,script,b')).toBeNull();
    expect(root.textContent).toBe('<img src=x onerror=alert(1)> <script>alert(1)</script> <b>x</b>');
    assertSafe(root);
  });

  it('turns links with unsafe URLs into their text', () => {
    const root = show('[click](javascript:alert(1)) [rel](/relative) [data](data:text/html,x) javascript:alert(2)');
    expect(root.querySelector('a')).toBeNull();
    expect(root.textContent).toBe('click rel data javascript:alert(2)');
  });

  it('never loads images', () => {
    const root = show('![a cat](https://img.test/cat.png)');
    expect(root.querySelector('img')).toBeNull();
    expect(root.textContent).toBe('![a cat](https://img.test/cat.png)');
  });
});

const SAMPLE = [
  '## Steps',
  'To **install** the _package_, run `npm i` in a shell:',
  '',
  '```sh',
  'npm install agent-webchat',
  '```',
  '',
  '1. Open [the guide](https://example.com/guide).',
  '2. Then ~~skip~~ read the notes:',
  '   - first **note**',
  '   - second',
  '',
  '> Tip: see https://example.com/faq for *more*.',
  '',
  'Done.',
].join('\n');

describe('Markdown while streaming', () => {
  it('renders every prefix of a reply, with unclosed markers as written', () => {
    const container = document.createElement('div');
    for (let length = 0; length <= SAMPLE.length; length++) {
      const prefix = SAMPLE.slice(0, length);
      show(prefix, length < SAMPLE.length, container);
      assertSafe(container);
    }
    show('To **inst', true, container);
    expect(container.textContent).toBe('To **inst');
    expect(container.querySelector('strong')).toBeNull();
    show('To **install**', true, container);
    expect(container.querySelector('strong')!.textContent).toBe('install');
  });

  it('shows an unclosed code fence as plain text until it closes', () => {
    const container = document.createElement('div');
    show('Run:\n```sh\nnpm **i**', true, container);
    expect(container.querySelector('pre')).toBeNull();
    expect(container.querySelector('strong')).toBeNull();
    expect(container.querySelector('[data-md=literal]')!.textContent).toBe('```sh\nnpm **i**');
    show('Run:\n```sh\nnpm **i**\n```', true, container);
    expect(container.querySelector('pre')!.textContent).toBe('npm **i**');
  });

  it('keeps the DOM nodes of completed blocks while the last block grows', () => {
    const container = document.createElement('div');
    const cut = SAMPLE.indexOf('> Tip');
    show(SAMPLE.slice(0, cut + 5), true, container);
    const before = [...container.querySelector('[data-md=root]')!.children];
    const codeText = container.querySelector('pre code')!.firstChild;
    for (let length = cut + 6; length <= SAMPLE.length; length++) show(SAMPLE.slice(0, length), true, container);
    const after = [...container.querySelector('[data-md=root]')!.children];
    expect(after.length).toBe(before.length + 1);
    // Heading, paragraph, code block and list: the same nodes; the quote grew in place.
    for (let index = 0; index < before.length; index++) expect(after[index]).toBe(before[index]);
    expect(container.querySelector('pre code')!.firstChild).toBe(codeText);
    expect(after[after.length - 1]!.textContent).toBe('Done.');
  });

  it('parses incrementally to the same blocks as a full parse', () => {
    const container = document.createElement('div');
    for (let length = 0; length <= SAMPLE.length; length++) {
      show(SAMPLE.slice(0, length), true, container);
      const full = document.createElement('div');
      show(SAMPLE.slice(0, length), true, full);
      expect(container.innerHTML).toBe(full.innerHTML);
    }
  });
});

const TOKENS = [
  'a',
  'word',
  ' ',
  ' ',
  '\n',
  '\n\n',
  '*',
  '**',
  '***',
  '_',
  '__',
  '~~',
  '~',
  '`',
  '``',
  '```',
  '[',
  ']',
  '(',
  ')',
  '](',
  '!',
  '\\',
  '#',
  '## ',
  '> ',
  '- ',
  '* ',
  '1. ',
  '  ',
  '---',
  '<b>',
  '<img src=x onerror=alert(1)>',
  'https://x.test/p',
  'www.y.test',
  'javascript:alert(1)',
  '[l](https://l.test)',
  '[j](javascript:x)',
  'é',
  'مرحبا',
  '\t',
  '|',
];

describe('Markdown properties (seeded)', () => {
  it('never throws and only produces allowed elements and safe links', () => {
    for (let seed = 1; seed <= 300; seed++) {
      const random = rng(seed);
      const text = Array.from({ length: random.int(40) }, () => random.pick(TOKENS)).join('');
      const container = document.createElement('div');
      try {
        show(text, random.int(2) === 0, container);
        assertSafe(container);
      } catch (error) {
        throw new Error(`seed ${seed}: ${JSON.stringify(text)}: ${String(error)}`);
      }
    }
  });

  it('shows the text without its markup for well-formed input', () => {
    const wrap = [
      (word: string) => [word, word],
      (word: string) => [`**${word}**`, word],
      (word: string) => [`*${word}*`, word],
      (word: string) => [`_${word}_`, word],
      (word: string) => [`~~${word}~~`, word],
      (word: string) => [`\`${word}\``, word],
      (word: string) => [`[${word}](https://x.test/${word})`, word],
    ];
    const blocks = [(line: string) => line, (line: string) => `- ${line}`, (line: string) => `> ${line}`, (line: string) => `# ${line}`];
    for (let seed = 1; seed <= 200; seed++) {
      const random = rng(seed);
      let markdown = '';
      let plain = '';
      for (let block = 0; block < 1 + random.int(4); block++) {
        const pieces = Array.from({ length: 1 + random.int(6) }, () =>
          random.pick(wrap)(random.pick(['alpha', 'beta', 'gamma', 'déjà', 'سلام'])),
        );
        markdown += `${random.pick(blocks)(pieces.map(([source]) => source).join(' '))}\n\n`;
        plain += pieces.map(([, text]) => text).join(' ');
      }
      expect(show(markdown).textContent, `seed ${seed}: ${markdown}`).toBe(plain);
    }
  });
});

describe('incremental block parse (seeded)', () => {
  const streamInChunks = (text: string, random: ReturnType<typeof rng>, maxChunk = 12) => {
    let cache: BlockCache | undefined;
    let length = 0;
    while (length < text.length) {
      length = Math.min(text.length, length + 1 + random.int(maxChunk));
      cache = parseBlocksIncrementally(cache, text.slice(0, length), true);
      expect(cache.blocks, JSON.stringify(text.slice(0, length))).toEqual(parseBlocks(text.slice(0, length), { streaming: true }));
    }
  };

  it('gives the blocks of a full parse at every chunk of random Markdown', () => {
    for (let seed = 1; seed <= 200; seed++) {
      const random = rng(seed);
      streamInChunks(Array.from({ length: 20 + random.int(60) }, () => random.pick(TOKENS)).join(''), random);
    }
  });

  it('gives the blocks of a full parse past the block budget', () => {
    const text = Array.from({ length: MAX_BLOCKS + 40 }, (_, index) => (index % 7 === 0 ? '- a\n- b\n\n' : `line ${index}\n\n`)).join('');
    streamInChunks(text, rng(7), 60);
    expect(parseBlocks(text).at(-1)!.kind).toBe('literal');
  });
});

describe('Markdown on hostile input', () => {
  const inputs = hostileInputs(128 * 1024);

  // Timed: this module's whole work (parse + vnode tree). The DOM engine's share is bounded by
  // the element budgets below instead: happy-dom builds elements many times slower than a browser.
  it('parses and renders 128 KB of adversarial Markdown in 50 ms or less', () => {
    for (const [name, text] of Object.entries(inputs)) {
      // Best of up to ten runs: the machine may be busy with other work.
      let best = Number.POSITIVE_INFINITY;
      for (let run = 0; run < 10 && best > 50; run++) {
        const start = performance.now();
        markdownTree(text);
        best = Math.min(best, performance.now() - start);
      }
      expect.soft(best, name).toBeLessThanOrEqual(50);
    }
  });

  it('keeps the DOM of hostile input bounded and shallow, and its text', () => {
    for (const [name, text] of Object.entries(inputs)) {
      const root = show(text);
      expect.soft(root.querySelectorAll('*').length, name).toBeLessThanOrEqual(16 * MAX_BLOCKS);
      expect.soft(maxDepth(root), name).toBeLessThanOrEqual(24);
      assertSafe(root);
    }
    expect(parseBlocks(inputs.quotes!)).toHaveLength(1);
    expect(show(inputs.openBrackets!).textContent).toBe(inputs.openBrackets);
  });
});

function maxDepth(element: Element): number {
  let deepest = 0;
  for (const child of element.children) deepest = Math.max(deepest, maxDepth(child));
  return deepest + 1;
}
