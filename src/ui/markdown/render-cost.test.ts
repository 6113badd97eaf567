// While a reply streams, only the block that grew is parsed again (inline parses are counted).

import { h, render } from 'preact';
import { act } from 'preact/test-utils';
import { afterEach, expect, it, vi } from 'vitest';
import { getStrings } from '../../strings/strings';
import { parseInline } from './inline';
import { Markdown } from './render';

vi.mock('./inline', async (original) => {
  const actual = await original<typeof import('./inline')>();
  return { ...actual, parseInline: vi.fn(actual.parseInline) };
});
const parsed = vi.mocked(parseInline);

const container = document.createElement('div');
afterEach(() => render(null, container));

const show = (text: string) => act(() => render(h(Markdown, { text, strings: getStrings('en') }), container));

it('re-parses only the growing block of a streamed reply', () => {
  const paragraphs = Array.from({ length: 30 }, (_, index) => `Paragraph **${index}** with \`code\`.`);
  let text = paragraphs.join('\n\n');
  show(text);
  expect(parsed).toHaveBeenCalledTimes(30);
  for (const chunk of [' more', ' *words*', ' here']) {
    parsed.mockClear();
    text += chunk;
    show(text);
    expect(parsed).toHaveBeenCalledTimes(1);
    expect(parsed).toHaveBeenLastCalledWith(expect.stringMatching(/^Paragraph \*\*29\*\*/));
  }
  expect(container.querySelectorAll('p')).toHaveLength(30);
  expect(container.querySelector('p:last-child em')!.textContent).toBe('words');
});
