import { describe, expect, it } from 'vitest';
import { growthFactor } from '../testing/growth';
import { linkify } from './linkify';
import { safeUrl } from './safe-url';

describe('safeUrl', () => {
  it('accepts http, https, mailto and tel', () => {
    expect(safeUrl('https://example.com/a?b=1')).toBe('https://example.com/a?b=1');
    expect(safeUrl('http://example.com')).toBe('http://example.com/');
    expect(safeUrl('mailto:a@b.co')).toBe('mailto:a@b.co');
    expect(safeUrl('tel:+15551234')).toBe('tel:+15551234');
    expect(safeUrl('  HTTPS://EXAMPLE.com ')).toBe('https://example.com/');
  });
  it('rejects everything else', () => {
    for (const u of [
      'javascript:alert(1)',
      'JavaScript:alert(1)',
      ' javascript:alert(1)',
      'java\tscript:alert(1)',
      'java\nscript:alert(1)',
      'data:text/html,<script>alert(1)</script>',
      'vbscript:msgbox',
      'file:///etc/passwd',
      '/relative/path',
      '//evil.example',
      'example.com',
      '',
      undefined,
      null,
    ])
      expect(safeUrl(u as string)).toBeUndefined();
  });
  it('allows only http(s) for images', () => {
    expect(safeUrl('https://x.test/a.png', true)).toBe('https://x.test/a.png');
    expect(safeUrl('mailto:a@b.co', true)).toBeUndefined();
    expect(safeUrl('data:image/png;base64,AAAA', true)).toBeUndefined();
  });
});

describe('linkify', () => {
  it('returns plain text untouched', () => {
    expect(linkify('hello world')).toEqual(['hello world']);
    expect(linkify('')).toEqual([]);
  });
  it('links http(s), mailto, tel and www.', () => {
    expect(linkify('see https://example.com/x, then mailto:a@b.co or tel:+1555 and www.test.org.')).toEqual([
      'see ',
      { href: 'https://example.com/x', text: 'https://example.com/x' },
      ', then ',
      { href: 'mailto:a@b.co', text: 'mailto:a@b.co' },
      ' or ',
      { href: 'tel:+1555', text: 'tel:+1555' },
      ' and ',
      { href: 'https://www.test.org/', text: 'www.test.org' },
      '.',
    ]);
  });
  it('keeps balanced parentheses and drops trailing punctuation', () => {
    expect(linkify('(https://en.wikipedia.org/wiki/A_(b))')).toEqual([
      '(',
      { href: 'https://en.wikipedia.org/wiki/A_(b)', text: 'https://en.wikipedia.org/wiki/A_(b)' },
      ')',
    ]);
    expect(linkify('Go to http://x.test!')).toEqual(['Go to ', { href: 'http://x.test/', text: 'http://x.test' }, '!']);
  });
  it('never links javascript:, data: or other schemes', () => {
    for (const t of ['javascript:alert(1)', 'click javascript:alert("https")', 'data:text/html,hi', 'ftp://x.test', 'xhttps://x.test'])
      expect(linkify(t).every((s) => typeof s === 'string' || /^(https?|mailto|tel):/.test(s.href))).toBe(true);
    expect(linkify('javascript:alert(1)')).toEqual(['javascript:alert(1)']);
    expect(linkify('xhttps://x.test')).toEqual(['xhttps://x.test']);
  });
  it('does not treat markup as markup', () => {
    expect(linkify('<img src=x onerror=alert(1)> https://a.test/<b>')).toEqual([
      '<img src=x onerror=alert(1)> ',
      { href: 'https://a.test/', text: 'https://a.test/' },
      '<b>',
    ]);
  });
});

describe('linkify on hostile text', () => {
  // The implementation before it was made linear: the reference for the segments.
  function quadraticReference(text: string) {
    const out: (string | { href: string; text: string })[] = [];
    let last = 0;
    const occurrences = (s: string, c: string) => s.split(c).length - 1;
    for (const m of text.matchAll(/\b(?:https?:\/\/|mailto:|tel:|www\.)[^\s<>"]+/gi)) {
      let s = m[0];
      while (/[.,;:!?'")\]}*_]$/.test(s) && !(s.endsWith(')') && occurrences(s, '(') >= occurrences(s, ')'))) s = s.slice(0, -1);
      const href = safeUrl(/^www\./i.test(s) ? `https://${s}` : s);
      if (!href || /^(mailto|tel):$/i.test(s)) continue;
      if (m.index > last) out.push(text.slice(last, m.index));
      out.push({ href, text: s });
      last = m.index + s.length;
    }
    if (last < text.length) out.push(text.slice(last));
    return out;
  }

  it('gives the same segments as before on ordinary text', () => {
    for (const text of [
      'see https://example.com/x, then mailto:a@b.co or tel:+1555 and www.test.org.',
      '(https://en.wikipedia.org/wiki/A_(b))',
      'https://x.test/a_(b)_(c)). and (www.x.test/(y)))',
      'Go to http://x.test!?", or "https://y.test/path?q=1&r=2#frag".',
      'mailto: tel: www. https://',
      'a https://x.test/}]*_ b http://x.test/(((',
      'plain text with no link at all',
    ])
      expect(linkify(text), text).toEqual(quadraticReference(text));
  });

  it('takes linear time on trailing punctuation (32 KB → 128 KB)', () => {
    const hostile = (size: number) => [
      `see http://a${')'.repeat(size)}`,
      `see http://a${'.'.repeat(size)}`,
      `see http://a${'('.repeat(size)}`,
      `see http://a${').(,'.repeat(size / 4)}`,
      `see http://a(${')'.repeat(size)}`,
      `www.a${'!)'.repeat(size / 2)}`,
    ];
    const quarter = hostile(32 * 1024);
    hostile(128 * 1024).forEach((text, index) => {
      // Four times the text, at most eight times the time (quadratic work would take sixteen).
      const factor = growthFactor(
        () => linkify(quarter[index]!),
        () => linkify(text),
      );
      expect(factor, text.slice(0, 16)).toBeLessThanOrEqual(8);
    });
    // Invalid URLs cost an exception each: past 64 the rest stays text.
    const invalid = `${'http://[ '.repeat(10_000)}https://ok.test`;
    expect(linkify(invalid)).toEqual([invalid]);
    expect(linkify(`${'http://[ '.repeat(64)}https://ok.test`).at(-1)).toEqual({ href: 'https://ok.test/', text: 'https://ok.test' });
    expect(linkify(`see http://a${')'.repeat(100)}`)).toEqual(['see ', { href: 'http://a/', text: 'http://a' }, ')'.repeat(100)]);
  });
});
