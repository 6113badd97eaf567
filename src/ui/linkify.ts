// Splits plain text into text and link segments. Never produces markup: the UI renders
// strings as text nodes and links as <a> elements with a safeUrl()-checked href.
// Linear in the length of the text, whatever it holds (long runs of punctuation included).
// Hand-written: linkify-it would add ~10 KB for schemes and TLD lists this widget does not need
// (it links absolute http(s), mailto, tel and www. only, and safeUrl() has the last word).
import { safeUrl } from './safe-url';

export interface LinkSegment {
  href: string;
  text: string;
}
export type Segment = string | LinkSegment;

const URL_CANDIDATE = /\b(?:https?:\/\/|mailto:|tel:|www\.)[^\s<>"]+/gi;
/**
 * An invalid URL costs an exception inside safeUrl(); past this many in one text, the rest stays
 * text (hostile input, not a message).
 */
const MAX_INVALID = 64;
const TRAILING_PUNCTUATION = new Set('.,;:!?\'")]}*_');

const count = (text: string, char: string) => text.split(char).length - 1;

/**
 * The length of the candidate without its trailing punctuation, keeping a ")" that closes a "("
 * inside the URL. One pass from the end, with the parentheses counted once.
 */
function linkLength(candidate: string): number {
  const opening = count(candidate, '(');
  let closing = count(candidate, ')');
  let end = candidate.length;
  while (end > 0) {
    const last = candidate[end - 1]!;
    if (!TRAILING_PUNCTUATION.has(last)) break;
    if (last === ')') {
      if (opening >= closing) break;
      closing--;
    }
    end--;
  }
  return end;
}

export function linkify(text: string): Segment[] {
  const segments: Segment[] = [];
  let textStart = 0;
  let invalid = 0;
  for (const match of text.matchAll(URL_CANDIDATE)) {
    const link = match[0].slice(0, linkLength(match[0]));
    const href = safeUrl(/^www\./i.test(link) ? `https://${link}` : link);
    if (!href && ++invalid > MAX_INVALID) break;
    if (!href || /^(mailto|tel):$/i.test(link)) continue;
    if (match.index > textStart) segments.push(text.slice(textStart, match.index));
    segments.push({ href, text: link });
    textStart = match.index + link.length;
  }
  if (textStart < text.length) segments.push(text.slice(textStart));
  return segments;
}
