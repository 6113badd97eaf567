// Inline Markdown (inside one paragraph, heading or list item) → a small tree of inline nodes.
// One left-to-right pass; every look-ahead is bounded so hostile text stays linear:
// - code spans: the closing run of the same length is found in a precomputed list (cursor per length);
// - links: the label may not contain brackets and the URL stops at whitespace or a bracket, so
//   each character is looked at by at most one label scan and one URL scan;
// - emphasis: a stack of at most MAX_OPEN open delimiters (runs longer than 3 never open or close),
//   which also bounds the nesting depth of the tree.
import { linkify } from '../linkify';
import { safeUrl } from '../safe-url';

export type InlineNode =
  | string
  | { kind: 'strong' | 'em' | 'del'; children: InlineNode[] }
  | { kind: 'code'; text: string }
  | { kind: 'link'; href: string; children: InlineNode[] }
  | { kind: 'br' };

interface Frame {
  char: string;
  /** Delimiters of the run not yet used by a match. */
  count: number;
  children: InlineNode[];
}

const MAX_OPEN = 16;
/** Past this many formatted nodes in one text, the rest is shown as written: a bounded DOM. */
export const MAX_ELEMENTS = 512;
const ESCAPABLE = /[!-/:-@[-`{-~]/;
const PUNCTUATION = /[\p{P}\p{S}]/u;
const WHITESPACE = /\s/;
const URL_START = /(?:https?:\/\/|mailto:|tel:|www\.)/iy;
const URL_WORD_END = /[\s<>"]/;
const MAX_URL = 2048;
/**
 * An invalid URL costs an exception in safeUrl(); past this many in one text, URL-looking words
 * stay text (hostile input, not a reply).
 */
const MAX_URL_FAILURES = 64;
/** Characters that may start something; the text between two of them is taken in one slice. */
const SPECIAL = /[\\\n`[!*_~hmtwHMTW]/g;

function push(into: InlineNode[], node: InlineNode): void {
  const last = into.length - 1;
  const previous = into[last];
  if (typeof node === 'string' && typeof previous === 'string') into[last] = previous + node;
  else if (node !== '') into.push(node);
}

/** Start positions of every backtick run, by run length. */
function backtickRuns(text: string): Map<number, number[]> {
  const runs = new Map<number, number[]>();
  let index = text.indexOf('`');
  while (index !== -1) {
    let end = index;
    while (text[end] === '`') end++;
    const length = end - index;
    const list = runs.get(length);
    if (list) list.push(index);
    else runs.set(length, [index]);
    index = text.indexOf('`', end);
  }
  return runs;
}

// ASCII first: these run for every delimiter, and hostile text has tens of thousands of them.
function isWhitespace(char: string): boolean {
  const code = char.charCodeAt(0);
  return code <= 32 || (code > 127 && WHITESPACE.test(char));
}

function isPunctuation(char: string): boolean {
  const code = char.charCodeAt(0);
  if (code < 128)
    return (code >= 33 && code <= 47) || (code >= 58 && code <= 64) || (code >= 91 && code <= 96) || (code >= 123 && code <= 126);
  return PUNCTUATION.test(char);
}

function flanking(text: string, start: number, end: number) {
  const before = text[start - 1] ?? ' ';
  const after = text[end] ?? ' ';
  const spaceBefore = isWhitespace(before);
  const spaceAfter = isWhitespace(after);
  const punctBefore = isPunctuation(before);
  const punctAfter = isPunctuation(after);
  const left = !spaceAfter && (!punctAfter || spaceBefore || punctBefore);
  const right = !spaceBefore && (!punctBefore || spaceAfter || punctAfter);
  return { left, right, punctBefore, punctAfter };
}

/** `[label](url)` at `open`: the label's end and the link's end, or undefined. */
function linkAt(text: string, open: number): { labelEnd: number; urlStart: number; end: number } | undefined {
  let index = open + 1;
  while (index < text.length) {
    const char = text[index];
    if (char === '\\') index += 2;
    else if (char === '[') return;
    else if (char === ']') break;
    else index++;
  }
  if (text[index] !== ']' || text[index + 1] !== '(') return;
  const labelEnd = index;
  const urlStart = index + 2;
  let depth = 0;
  for (index = urlStart; index < text.length; index++) {
    const char = text[index]!;
    if (char === ')') {
      if (depth === 0) return { labelEnd, urlStart, end: index + 1 };
      depth--;
    } else if (char === '(') depth++;
    else if (char === '[' || char === ']' || char === '<' || WHITESPACE.test(char)) return;
  }
}

export interface InlineOptions {
  /** Bare URLs become links (off inside a link's label). */
  autolink?: boolean;
}

export function parseInline(text: string, options: InlineOptions = {}): InlineNode[] {
  const autolink = options.autolink !== false;
  const runs = backtickRuns(text);
  const runCursor = new Map<number, number>();
  const root: Frame = { char: '', count: 0, children: [] };
  const stack: Frame[] = [root];
  let pending = '';
  const top = () => stack[stack.length - 1]!;
  const flush = () => {
    push(top().children, pending);
    pending = '';
  };
  let elements = 0;
  const emit = (node: InlineNode) => {
    if (typeof node !== 'string') elements++;
    flush();
    push(top().children, node);
  };
  // An unmatched opener becomes text again: its delimiters, then what it had collected.
  const unwindInto = (parent: Frame, frame: Frame) => {
    push(parent.children, frame.char.repeat(frame.count));
    for (const child of frame.children) push(parent.children, child);
  };

  let urlFailures = 0;
  let index = 0;
  while (index < text.length) {
    const char = text[index]!;
    if (elements >= MAX_ELEMENTS) {
      pending += text.slice(index);
      break;
    }
    if (char === '\\' && index + 1 < text.length && ESCAPABLE.test(text[index + 1]!)) {
      pending += text[index + 1];
      index += 2;
    } else if (char === '\\' && text[index + 1] === '\n') {
      emit({ kind: 'br' });
      index += 2;
    } else if (char === '\n') {
      pending = pending.trimEnd();
      emit({ kind: 'br' });
      index++;
      while (text[index] === ' ' || text[index] === '\t') index++;
    } else if (char === '`') {
      let end = index;
      while (text[end] === '`') end++;
      const length = end - index;
      const starts = runs.get(length) ?? [];
      let cursor = runCursor.get(length) ?? 0;
      while (cursor < starts.length && starts[cursor]! < end) cursor++;
      runCursor.set(length, cursor);
      const close = starts[cursor];
      if (close === undefined) {
        pending += text.slice(index, end);
        index = end;
        continue;
      }
      let code = text.slice(end, close).replace(/\n/g, ' ');
      if (code.length > 2 && code.startsWith(' ') && code.endsWith(' ') && code.trim() !== '') code = code.slice(1, -1);
      emit({ kind: 'code', text: code });
      index = close + length;
    } else if (char === '[' || (char === '!' && text[index + 1] === '[')) {
      const image = char === '!';
      const link = linkAt(text, image ? index + 1 : index);
      if (!link) {
        pending += char;
        index++;
        continue;
      }
      const raw = text.slice(index, link.end);
      if (image) {
        // Images are never loaded: the Markdown stays as written (its URL still becomes a link).
        for (const node of autolink ? autolinkText(raw) : [raw]) emit(node);
      } else {
        const label = parseInline(text.slice(index + 1, link.labelEnd), { autolink: false });
        const href = safeUrl(text.slice(link.urlStart, link.end - 1));
        if (href) emit({ kind: 'link', href, children: label });
        else for (const node of label) emit(node);
      }
      index = link.end;
    } else if (char === '*' || char === '_' || char === '~') {
      let end = index;
      while (text[end] === char) end++;
      const length = end - index;
      const usable = char === '~' ? length === 2 : length <= 3;
      const { left, right, punctBefore, punctAfter } = flanking(text, index, end);
      const canOpen = usable && left && (char !== '_' || !right || punctBefore);
      const canClose = usable && right && (char !== '_' || !left || punctAfter);
      let remaining = length;
      if (canClose) {
        flush();
        remaining = close(stack, char, length, unwindInto);
        elements += length - remaining;
      }
      if (remaining > 0 && canOpen && stack.length <= MAX_OPEN) {
        flush();
        stack.push({ char, count: remaining, children: [] });
      } else pending += char.repeat(remaining);
      index = end;
    } else if (autolink && urlFailures < MAX_URL_FAILURES && /[hmtwHMTW]/.test(char) && !/[\p{L}\p{N}]/u.test(text[index - 1] ?? ' ')) {
      URL_START.lastIndex = index;
      if (!URL_START.test(text)) {
        pending += char;
        index++;
        continue;
      }
      let end = index;
      while (end < text.length && end - index < MAX_URL && !URL_WORD_END.test(text[end]!)) end++;
      const first = linkify(text.slice(index, end))[0];
      if (first && typeof first !== 'string') {
        emit({ kind: 'link', href: first.href, children: [first.text] });
        index += first.text.length;
      } else {
        // Looks like a URL but is not a valid one: kept as written, without looking inside.
        urlFailures++;
        pending += text.slice(index, end);
        index = end;
      }
    } else {
      SPECIAL.lastIndex = index + 1;
      const next = SPECIAL.exec(text)?.index ?? text.length;
      pending += text.slice(index, next);
      index = next;
    }
  }
  flush();
  while (stack.length > 1) unwindInto(stack[stack.length - 2]!, stack.pop()!);
  return root.children;
}

/**
 * Matches a closing run against the nearest open frame of the same character; frames above it
 * were never closed and become text. Returns the delimiters of the run left unused.
 */
function close(stack: Frame[], char: string, length: number, unwindInto: (parent: Frame, frame: Frame) => void): number {
  let remaining = length;
  while (remaining > 0) {
    let depth = stack.length - 1;
    while (depth > 0 && stack[depth]!.char !== char) depth--;
    if (depth === 0) return remaining;
    while (stack.length - 1 > depth) unwindInto(stack[stack.length - 2]!, stack.pop()!);
    const frame = stack[depth]!;
    const used = char === '~' ? 2 : remaining >= 2 && frame.count >= 2 ? 2 : 1;
    const node: InlineNode = { kind: char === '~' ? 'del' : used === 2 ? 'strong' : 'em', children: frame.children };
    frame.count -= used;
    remaining -= used;
    if (frame.count > 0) frame.children = [node];
    else {
      stack.pop();
      push(stack[stack.length - 1]!.children, node);
    }
  }
  return 0;
}

/** Text with its bare URLs as links (for text that is shown as written). */
function autolinkText(text: string): InlineNode[] {
  return linkify(text).map((segment) =>
    typeof segment === 'string' ? segment : { kind: 'link', href: segment.href, children: [segment.text] },
  );
}
