// Splits plain text into text and link segments. Never produces markup: the UI renders
// strings as text nodes and links as <a> elements with a safeUrl()-checked href.
import { safeUrl } from './safe-url';

export interface LinkSegment {
  href: string;
  text: string;
}
export type Segment = string | LinkSegment;

const RE = /\b(?:https?:\/\/|mailto:|tel:|www\.)[^\s<>"]+/gi;
const TRAIL = /[.,;:!?'")\]}*_]$/;

const count = (s: string, c: string) => s.split(c).length - 1;

export function linkify(text: string): Segment[] {
  const out: Segment[] = [];
  let last = 0;
  for (const m of text.matchAll(RE)) {
    let s = m[0];
    // Drop trailing punctuation, but keep a ")" that closes a "(" inside the URL.
    while (TRAIL.test(s) && !(s.endsWith(')') && count(s, '(') >= count(s, ')'))) s = s.slice(0, -1);
    const href = safeUrl(/^www\./i.test(s) ? `https://${s}` : s);
    if (!href || /^(mailto|tel):$/i.test(s)) continue;
    if (m.index > last) out.push(text.slice(last, m.index));
    out.push({ href, text: s });
    last = m.index + s.length;
  }
  if (last < text.length) out.push(text.slice(last));
  return out;
}
