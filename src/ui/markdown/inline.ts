// Inline Markdown (one paragraph, heading or list item) → Preact nodes, in one left-to-right pass.
// A construct is taken only once its end is found; every search for an end either succeeds (and
// what it passed over is consumed) or fails once per kind of end (remembered in `unclosed`), and
// nesting is capped at MAX_NESTING: hostile text stays linear. Plain runs go through linkify().
import { type ComponentChildren, h } from 'preact';
import { ExternalLink, linkified } from '../ExternalLink';
import { safeUrl } from '../safe-url';

/** Past this many formatted nodes in one text, the rest is shown as written: a bounded DOM. */
export const MAX_ELEMENTS = 512;
const MAX_NESTING = 8;
const ESCAPABLE = /[!-/:-@[-`{-~]/;
const SPACE = /\s/;
const WORD = /[\p{L}\p{N}]/u;

/** Markers are runs of one character ("**", "```"). */
function runAt(text: string, index: number): string {
  let end = index;
  while (text[end] === text[index]) end++;
  return text.slice(index, end);
}

export function parseInline(source: string): ComponentChildren[] {
  let elements = 0;

  const parse = (text: string, depth: number, inLink: boolean): ComponentChildren[] => {
    const nodes: ComponentChildren[] = [];
    /** Ends already looked for in vain: any later search for them fails too. */
    const unclosed = new Set<string>();
    let plain = '';
    let index = 0;
    const emit = (node: ComponentChildren, end: number) => {
      // Inside a link's label, URLs stay text: no link within a link.
      nodes.push(...(inLink ? [plain] : linkified(plain)), node);
      plain = '';
      elements++;
      index = end;
    };
    /** The start of the next run of exactly `marker` (or of three `*`/`_` when closing emphasis), past `from`. */
    const findEnd = (marker: string, from: number, emphasis: boolean): number => {
      if (unclosed.has(marker)) return -1;
      for (let start = text.indexOf(marker, from); start !== -1; start = text.indexOf(marker, start)) {
        let end = start;
        while (text[end] === marker[0]) end++;
        const run = end - start;
        const close = end - marker.length;
        if (!emphasis && run === marker.length) return start;
        // Emphasis closes after a non-space; "_" not inside a word.
        if (
          emphasis &&
          (run === marker.length || run === 3) &&
          !SPACE.test(text[close - 1]!) &&
          !(marker[0] === '_' && WORD.test(text[end] ?? ''))
        )
          return close;
        start = end;
      }
      unclosed.add(marker);
      return -1;
    };

    while (index < text.length) {
      const char = text[index]!;
      if (elements >= MAX_ELEMENTS) {
        // Not even linkified.
        emit(text.slice(index), text.length);
        break;
      }
      if (char === '\\' && ESCAPABLE.test(text[index + 1] ?? '')) {
        plain += text[index + 1];
        index += 2;
      } else if (char === '`') {
        const run = runAt(text, index);
        const end = index + run.length;
        const close = findEnd(run, end, false);
        if (close === -1) {
          plain += run;
          index = end;
        } else emit(h('code', { dir: 'auto' }, text.slice(end, close).replace(/\n/g, ' ')), close + run.length);
      } else if ((char === '*' || char === '_') && depth < MAX_NESTING) {
        const run = runAt(text, index);
        const end = index + run.length;
        // "***" opens strong with an emphasis inside; "_" does not open inside a word, nor any before a space.
        const marker = run.length === 1 ? char : char + char;
        const opens = run.length <= 3 && !SPACE.test(text[end] ?? ' ') && !(char === '_' && WORD.test(text[index - 1] ?? ''));
        const close = opens ? findEnd(marker, index + marker.length + 1, true) : -1;
        if (close === -1) {
          plain += run;
          index = end;
        } else {
          const inner = parse(text.slice(index + marker.length, close), depth + 1, inLink);
          emit(h(marker.length === 1 ? 'em' : 'strong', null, inner), close + marker.length);
        }
      } else if (char === '[' && text[index - 1] !== '!' && !inLink && depth < MAX_NESTING) {
        // [label](url): the label holds no bracket and the URL no space, so each scan stops at the next "[".
        let labelEnd = index + 1;
        while (labelEnd < text.length && !/[[\]]/.test(text[labelEnd]!)) labelEnd++;
        let urlEnd = text[labelEnd] === ']' && text[labelEnd + 1] === '(' ? labelEnd + 2 : text.length;
        for (let parens = 0; urlEnd < text.length && (text[urlEnd] !== ')' || parens-- > 0); urlEnd++) {
          if (/[\s<[\]]/.test(text[urlEnd]!)) urlEnd = text.length;
          else if (text[urlEnd] === '(') parens++;
        }
        if (urlEnd >= text.length) {
          plain += char;
          index++;
        } else {
          const label = parse(text.slice(index + 1, labelEnd), depth + 1, true);
          const href = safeUrl(text.slice(labelEnd + 2, urlEnd));
          // A link with an unsafe URL shows its label only.
          emit(href ? h(ExternalLink, { href, children: label }) : label, urlEnd + 1);
        }
      } else {
        plain += char;
        index++;
      }
    }
    nodes.push(...(inLink ? [plain] : linkified(plain)));
    return nodes;
  };

  return parse(source, 0, false);
}
