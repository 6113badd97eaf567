// What a reader sees of agent Markdown: each construct, safety (no HTML, no unsafe links),
// streaming stability (node identity), random input (properties), hostile input (time).

import { h, render } from 'preact';
import { act } from 'preact/test-utils';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { rng } from '../../store/testing/prng';
import { getStrings } from '../../strings/strings';
import { growthFactor } from '../../testing/growth';
import { registerAllLocales } from '../../testing/locales';
import { MAX_BLOCKS, Markdown, markdownTree, parseBlocks } from './index';
import { hostileInputs } from './testing/hostile';

beforeAll(registerAllLocales);

let containers: HTMLElement[] = [];
afterEach(() => {
  for (const container of containers) render(null, container);
  containers = [];
  vi.useRealTimers();
});

const en = getStrings('en');

function show(text: string, container = document.createElement('div'), strings = en): HTMLElement {
  if (!containers.includes(container)) containers.push(container);
  act(() => render(h(Markdown, { text, strings }), container));
  return container;
}

const ALLOWED = new Set(['DIV', 'SPAN', 'P', 'STRONG', 'EM', 'CODE', 'PRE', 'UL', 'OL', 'LI', 'A', 'BUTTON']);

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
  it('renders emphasis and inline code, and keeps line breaks', () => {
    const root = show('a **bold** and *italic*, _also_ __strong__ ***both*** `x < y`\nnext line');
    const paragraph = root.querySelector('[data-md=root] > p')!;
    expect([...paragraph.querySelectorAll('strong')].map((strong) => strong.textContent)).toEqual(['bold', 'strong', 'both']);
    expect([...paragraph.querySelectorAll('em')].map((em) => em.textContent)).toEqual(['italic', 'also', 'both']);
    expect(paragraph.querySelector('code')!.textContent).toBe('x < y');
    expect(paragraph.textContent).toBe('a bold and italic, also strong both x < y\nnext line');
  });

  it('keeps snake_case, lone asterisks, escapes and unclosed markers as written', () => {
    expect(show('use snake_case_name and 2 * 3 * 4').textContent).toBe('use snake_case_name and 2 * 3 * 4');
    expect(show('\\*not em\\* **open `tick').textContent).toBe('*not em* **open `tick');
    expect(show('**a *b* c** *x **y** z*').innerHTML).toContain('<strong>a <em>b</em> c</strong> <em>x <strong>y</strong> z</em>');
  });

  it('renders separate paragraphs', () => {
    expect([...show('one\n\ntwo').querySelectorAll('p')].map((p) => p.textContent)).toEqual(['one', 'two']);
  });

  it('renders a fenced code block with no Markdown inside', () => {
    const root = show('Run:\n\n```sh\nnpm i **x** <b>\n  indented\n```\nafter');
    const block = root.querySelector('[data-md=code]')!;
    expect(block.querySelector('pre > code')!.textContent).toBe('npm i **x** <b>\n  indented');
    expect(block.querySelector('pre')!.getAttribute('dir')).toBe('ltr');
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
    expect(button.textContent).toBe('Copy code');
    await act(async () => {
      button.click();
    });
    expect(writeText).toHaveBeenCalledWith('const a = 1;');
    expect(button.textContent).toBe('Copied');
    expect(root.querySelector('[role=status]')!.textContent).toBe('Copied');
    act(() => {
      vi.advanceTimersByTime(1500);
    });
    expect(button.textContent).toBe('Copy code');
    expect(root.querySelector('[role=status]')!.textContent).toBe('');
  });

  it('uses the strings it is given', () => {
    expect(show('```\nx\n```', undefined, getStrings('fr')).querySelector('button')!.textContent).toBe('Copier le code');
    expect(show('```\nx\n```', undefined, getStrings('ar')).querySelector('button')!.textContent).toBe('نسخ الرمز');
  });

  it('renders bulleted and numbered lists, nested one level', () => {
    const root = show('- one\n- two\n  - two.a\n  - two.b\n- three\n\n3. c\n4. d\n\nIn 2024. we\n1999. was');
    const list = root.querySelector('[data-md=root] > ul')!;
    expect([...list.children].map((item) => item.tagName)).toEqual(['LI', 'LI', 'LI']);
    expect([...list.querySelectorAll('li > ul > li')].map((item) => item.textContent)).toEqual(['two.a', 'two.b']);
    const ordered = root.querySelector('ol')!;
    expect(ordered.getAttribute('start')).toBe('3');
    expect(ordered.textContent).toBe('cd');
    expect(root.querySelector('[data-md=root] > p')!.textContent).toBe('In 2024. we\n1999. was');
  });

  it('keeps a code block inside a list item', () => {
    const root = show('1. Install:\n   ```\n   npm i x\n   ```\n2. Run');
    expect(root.querySelector('ol > li pre')!.textContent).toBe('npm i x');
    expect(root.querySelectorAll('ol > li')).toHaveLength(2);
  });

  it('renders headings as bold paragraphs (no h1-h6)', () => {
    const root = show('## Summary ##\ntext');
    const heading = root.querySelector('[data-md=root] > p')!;
    expect(heading.querySelector('strong')!.textContent).toBe('Summary');
    expect(root.querySelector('h1,h2,h3,h4,h5,h6')).toBeNull();
    expect(root.querySelector('p:last-child')!.textContent).toBe('text');
  });

  it('renders links and bare URLs through the allowlist', () => {
    const root = show('See [the **docs**](https://docs.example/a_(b)) or https://example.com/x_y. Mail mailto:a@b.test');
    const links = [...root.querySelectorAll('a')];
    expect(links.map((link) => [link.textContent, link.getAttribute('href')])).toEqual([
      ['the docs', 'https://docs.example/a_(b)'],
      ['https://example.com/x_y', 'https://example.com/x_y'],
      ['mailto:a@b.test', 'mailto:a@b.test'],
    ]);
    expect(links[0]!.querySelector('strong')!.textContent).toBe('docs');
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

  it('turns links with unsafe URLs into their text, and a URL in a label into text', () => {
    const root = show('[click](javascript:alert(1)) [rel](/relative) [data](data:text/html,x) javascript:alert(2)');
    expect(root.querySelector('a')).toBeNull();
    expect(root.textContent).toBe('click rel data javascript:alert(2)');
    expect(show('[https://a.test](https://b.test)').querySelectorAll('a')).toHaveLength(1);
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
  '2. Then read the notes:',
  '   - first **note**',
  '   - second',
  '',
  'Tip: see https://example.com/faq for *more*.',
  '',
  'Done.',
].join('\n');

describe('Markdown while streaming', () => {
  it('renders every prefix of a reply, with unclosed markers as written', () => {
    const container = document.createElement('div');
    for (let length = 0; length <= SAMPLE.length; length++) {
      show(SAMPLE.slice(0, length), container);
      assertSafe(container);
      // The same DOM as a fresh render of that text: nothing is left over from earlier prefixes.
      expect(container.innerHTML).toBe(show(SAMPLE.slice(0, length)).innerHTML);
    }
    show('To **inst', container);
    expect(container.textContent).toBe('To **inst');
    expect(container.querySelector('strong')).toBeNull();
    show('To **install**', container);
    expect(container.querySelector('strong')!.textContent).toBe('install');
  });

  it('shows the code of a fence still open as code, without Markdown', () => {
    const container = document.createElement('div');
    show('Run:\n```sh\nnpm **i**', container);
    expect(container.querySelector('pre')!.textContent).toBe('npm **i**');
    expect(container.querySelector('strong')).toBeNull();
    const pre = container.querySelector('pre');
    show('Run:\n```sh\nnpm **i**\nnext\n```\nafter', container);
    expect(container.querySelector('pre')).toBe(pre);
    expect(pre!.textContent).toBe('npm **i**\nnext');
  });

  it('keeps the DOM nodes of completed blocks while the last block grows', () => {
    const container = document.createElement('div');
    const cut = SAMPLE.indexOf('Tip');
    show(SAMPLE.slice(0, cut + 5), container);
    const before = [...container.querySelector('[data-md=root]')!.children];
    const codeText = container.querySelector('pre code')!.firstChild;
    for (let length = cut + 6; length <= SAMPLE.length; length++) show(SAMPLE.slice(0, length), container);
    const after = [...container.querySelector('[data-md=root]')!.children];
    expect(after.length).toBe(before.length + 1);
    // Heading, paragraph, code block and list: the same nodes; the last paragraph grew in place.
    for (let index = 0; index < before.length; index++) expect(after[index]).toBe(before[index]);
    expect(container.querySelector('pre code')!.firstChild).toBe(codeText);
    expect(after[after.length - 1]!.textContent).toBe('Done.');
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
        show(text, container);
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
      (word: string) => [`__${word}__`, word],
      (word: string) => [`\`${word}\``, word],
      (word: string) => [`[${word}](https://x.test/${word})`, word],
    ];
    const blocks = [(line: string) => line, (line: string) => `- ${line}`, (line: string) => `1. ${line}`, (line: string) => `# ${line}`];
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

describe('Markdown on hostile input', () => {
  const inputs = hostileInputs(128 * 1024);
  const quarterInputs = hostileInputs(32 * 1024);

  // This module's whole work (parse + vnode tree) must grow linearly with the input: four times
  // the input, at most eight times the time (quadratic work would take sixteen). The absolute
  // figures are printed by bench/markdown.bench.ts. The DOM engine's share is bounded by the
  // element budgets below instead: happy-dom builds elements many times slower than a browser.
  it('parses and renders adversarial Markdown in time linear in its size (32 KB → 128 KB)', () => {
    for (const [name, text] of Object.entries(inputs)) {
      const quarter = quarterInputs[name]!;
      const factor = growthFactor(
        () => markdownTree(quarter, en),
        () => markdownTree(text, en),
      );
      expect.soft(factor, name).toBeLessThanOrEqual(8);
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
