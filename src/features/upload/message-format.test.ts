// The fixed format of a message with files: built from words and links, read back from text alone
// (a replayed message), with the name's brackets and backslashes escaped, and nothing else taken
// for a file.
import { describe, expect, it } from 'vitest';
import { buildMessage, fileLine, isImageType, parseFileLine, parseMessage } from './message-format';

const invoice = { name: 'invoice.pdf', url: 'https://site.example/files/a1b2', image: false };
const photo = { name: 'parcel.jpg', url: 'https://site.example/files/c3d4', image: true };

describe('buildMessage', () => {
  it('puts the words first, then one line per file: ![name](url) for an image, [name](url) otherwise', () => {
    expect(buildMessage('  Here it is ', [invoice, photo])).toBe(
      'Here it is\n[invoice.pdf](https://site.example/files/a1b2)\n![parcel.jpg](https://site.example/files/c3d4)',
    );
  });

  it('has no empty first line without words', () => {
    expect(buildMessage('', [photo])).toBe('![parcel.jpg](https://site.example/files/c3d4)');
  });

  it('escapes [, ] and \\ in the name with a backslash, and keeps the line one line', () => {
    expect(fileLine({ name: 'a[1]\\b.txt', url: 'https://x.example/f', image: false })).toBe('[a\\[1\\]\\\\b.txt](https://x.example/f)');
    expect(fileLine({ name: 'two\nlines.txt', url: 'https://x.example/f', image: false })).toBe('[two lines.txt](https://x.example/f)');
  });

  it('encodes parentheses and spaces of the URL, so they cannot end the line early', () => {
    expect(fileLine({ name: 'a', url: 'https://x.example/a (1).txt', image: false })).toBe('[a](https://x.example/a%20%281%29.txt)');
  });
});

describe('parseMessage', () => {
  it('reads back what buildMessage wrote, escapes included', () => {
    const odd = { name: 'weird [name] \\ here.png', url: 'https://site.example/files/e5', image: true };
    expect(parseMessage(buildMessage('Look:\nthese two', [invoice, odd]))).toEqual({ words: 'Look:\nthese two', files: [invoice, odd] });
  });

  it('takes only the lines that end the message; a file line among the words stays words', () => {
    const text = '[a](https://x.example/1)\nand then\n[b](https://x.example/2)';
    expect(parseMessage(text)).toEqual({
      words: '[a](https://x.example/1)\nand then',
      files: [{ name: 'b', url: 'https://x.example/2', image: false }],
    });
  });

  it('is undefined for a text without file lines', () => {
    expect(parseMessage('hello')).toBeUndefined();
    expect(parseMessage('see [the docs](https://x.example/d) please')).toBeUndefined();
  });

  it('links only http(s) URLs', () => {
    for (const line of ['[x](javascript:alert(1))', '[x](data:text/html,hi)', '![x](file:///etc/passwd)', '[x](/relative)'])
      expect(parseFileLine(line), line).toBeUndefined();
  });

  it('wants the format exactly: no unescaped bracket, nothing around the line, no empty name', () => {
    for (const line of [
      '[a]b](https://x.example/1)',
      ' [a](https://x.example/1)',
      '[a](https://x.example/1) ',
      '[](https://x.example/1)',
      '[a\\](https://x.example/1)',
    ])
      expect(parseFileLine(line), line).toBeUndefined();
  });
});

describe('isImageType', () => {
  it('names the types a browser shows as a picture', () => {
    expect(['image/png', 'image/jpeg', 'image/webp', 'image/gif'].every(isImageType)).toBe(true);
    expect(['image/svg+xml', 'application/pdf', 'text/html', ''].some(isImageType)).toBe(false);
  });
});
