// Block Markdown → a flat list of blocks, one pass over the lines. Containers (block quotes, list
// items) keep their inner text; it is parsed again, one level deeper, when rendered, and past
// MAX_DEPTH container markers are plain text: hostile nesting stays linear and shallow.

export type Block =
  | { kind: 'paragraph'; from: number; source: string; text: string }
  | { kind: 'heading'; from: number; source: string; level: number; text: string }
  | { kind: 'code'; from: number; source: string; lang: string; code: string }
  /**
   * Shown as written: a code fence still open while the reply streams (until it closes), or
   * what follows MAX_BLOCKS blocks (hostile input).
   */
  | { kind: 'literal'; from: number; source: string }
  | { kind: 'rule'; from: number; source: string }
  | { kind: 'quote'; from: number; source: string; inner: string }
  | { kind: 'list'; from: number; source: string; ordered: boolean; start: number; items: string[] };

export interface BlockOptions {
  /** The text is a prefix of a reply still arriving. */
  streaming?: boolean;
  /** How many containers (quotes, list items) the text is already inside. */
  depth?: number;
}

export const MAX_DEPTH = 3;
/** Blocks and list items per text; the rest is one literal block (a bounded DOM). */
export const MAX_BLOCKS = 512;

interface Line {
  from: number;
  text: string;
}

const BLANK = /^[ \t]*$/;
const FENCE = /^ {0,3}(`{3,}|~{3,})(.*)$/;
const HEADING = /^ {0,3}(#{1,6})(?:[ \t]|$)/;
const QUOTE = /^ {0,3}>/;
const RULE = /^ {0,3}([-*_])(?:[ \t]*\1){2,}[ \t]*$/;
const LIST_ITEM = /^( *)([-*+]|(\d{1,9})[.)])([ \t]+|$)/;

function indentOf(line: string): number {
  let width = 0;
  while (line[width] === ' ') width++;
  return width;
}

function listItem(line: string) {
  const match = LIST_ITEM.exec(line);
  if (!match || RULE.test(line)) return;
  const number = match[3];
  const content = line.slice(match[0].length);
  // Past four spaces after the marker, the extra indentation belongs to the content.
  const gap = match[4]!.length > 4 ? 1 : match[4]!.length || 1;
  return {
    indent: match[1]!.length,
    ordered: number !== undefined,
    start: number === undefined ? 1 : Number(number),
    contentIndent: match[1]!.length + match[2]!.length + gap,
    content: match[4]!.length > 4 ? line.slice(match[1]!.length + match[2]!.length + 1) : content,
  };
}

function headingText(line: string): string {
  let text = line.replace(HEADING, '').trim();
  // A closing run of #s is decoration when it stands apart.
  let end = text.length;
  while (end > 0 && text[end - 1] === '#') end--;
  if (end === 0) return '';
  if (end < text.length && (text[end - 1] === ' ' || text[end - 1] === '\t')) text = text.slice(0, end).trimEnd();
  return text;
}

function splitLines(text: string, from: number): Line[] {
  const lines: Line[] = [];
  let start = from;
  while (start <= text.length) {
    const newline = text.indexOf('\n', start);
    const end = newline === -1 ? text.length : newline;
    lines.push({ from: start, text: text.slice(start, end).replace(/\r$/, '') });
    if (newline === -1) break;
    start = newline + 1;
  }
  return lines;
}

/** `from` and `before` (blocks already parsed before `from`) serve the incremental parse. */
export function parseBlocks(text: string, options: BlockOptions = {}, from = 0, before = 0): Block[] {
  const depth = options.depth ?? 0;
  const containers = depth < MAX_DEPTH;
  const lines = splitLines(text, from);
  const blocks: Block[] = [];
  const sourceOf = (first: number, last: number) => {
    const end = last + 1 < lines.length ? lines[last + 1]!.from - 1 : text.length;
    return text.slice(lines[first]!.from, end);
  };
  const startsBlock = (line: string, inParagraph: boolean) => {
    if (FENCE.test(line) || HEADING.test(line) || RULE.test(line)) return true;
    if (!containers) return false;
    if (QUOTE.test(line)) return true;
    const item = listItem(line);
    // Like CommonMark: inside a paragraph only "1." or a bullet with content starts a list,
    // so "In 2024. we…" at the start of a line stays text.
    return !!item && (!inParagraph || (item.content.trim() !== '' && (!item.ordered || item.start === 1)));
  };

  let budget = MAX_BLOCKS - before;
  let index = 0;
  while (index < lines.length) {
    const line = lines[index]!.text;
    const first = index;
    if (BLANK.test(line)) {
      index++;
      continue;
    }
    if (--budget < 0) {
      blocks.push({ kind: 'literal', from: lines[first]!.from, source: sourceOf(first, lines.length - 1) });
      break;
    }
    const fence = FENCE.exec(line);
    if (fence && !(fence[1]![0] === '`' && fence[2]!.includes('`'))) {
      const marker = fence[1]!;
      const indent = indentOf(line);
      let close = index + 1;
      while (close < lines.length) {
        const candidate = lines[close]!.text.trim();
        if (candidate.startsWith(marker) && candidate.split(marker[0]!).every((part) => part === '') && indentOf(lines[close]!.text) < 4)
          break;
        close++;
      }
      if (close === lines.length && options.streaming) {
        blocks.push({ kind: 'literal', from: lines[first]!.from, source: sourceOf(first, lines.length - 1) });
        break;
      }
      const body = lines.slice(first + 1, close).map((bodyLine) => bodyLine.text.slice(Math.min(indent, indentOf(bodyLine.text))));
      const last = Math.min(close, lines.length - 1);
      blocks.push({
        kind: 'code',
        from: lines[first]!.from,
        source: sourceOf(first, last),
        lang: fence[2]!.trim().split(/\s/)[0] ?? '',
        code: body.join('\n'),
      });
      index = last + 1;
      continue;
    }
    if (HEADING.test(line)) {
      const level = /#+/.exec(line)![0].length;
      blocks.push({ kind: 'heading', from: lines[first]!.from, source: line, level, text: headingText(line) });
      index++;
      continue;
    }
    if (RULE.test(line)) {
      blocks.push({ kind: 'rule', from: lines[first]!.from, source: line });
      index++;
      continue;
    }
    if (containers && QUOTE.test(line)) {
      const inner: string[] = [];
      while (index < lines.length) {
        const current = lines[index]!.text;
        if (QUOTE.test(current)) inner.push(current.replace(/^ {0,3}> ?/, ''));
        // A lazy line continues the quoted paragraph.
        else if (!BLANK.test(current) && !BLANK.test(inner[inner.length - 1] ?? '') && !startsBlock(current, true)) inner.push(current);
        else break;
        index++;
      }
      blocks.push({ kind: 'quote', from: lines[first]!.from, source: sourceOf(first, index - 1), inner: inner.join('\n') });
      continue;
    }
    const head = containers ? listItem(line) : undefined;
    if (head) {
      const items: string[][] = [];
      let contentIndent = head.contentIndent;
      let lastLine = index;
      let previousBlank = false;
      while (index < lines.length) {
        const current = lines[index]!.text;
        const item = listItem(current);
        const indent = indentOf(current);
        if (BLANK.test(current)) {
          items[items.length - 1]!.push('');
          previousBlank = true;
          index++;
          continue;
        }
        if (item && indent < 2) {
          // The first item was counted as the list's block.
          if (item.ordered !== head.ordered || (index > first && --budget < 0)) break;
          items.push([item.content]);
          contentIndent = item.contentIndent;
        } else if (indent >= 2) {
          items[items.length - 1]!.push(current.slice(Math.min(indent, contentIndent)));
        } else if (!previousBlank && !startsBlock(current, true)) {
          items[items.length - 1]!.push(current);
        } else break;
        previousBlank = false;
        lastLine = index;
        index++;
      }
      index = lastLine + 1;
      blocks.push({
        kind: 'list',
        from: lines[first]!.from,
        source: sourceOf(first, lastLine),
        ordered: head.ordered,
        start: head.start,
        items: items.map((itemLines) => itemLines.join('\n').trimEnd()),
      });
      continue;
    }
    index++;
    while (index < lines.length && !BLANK.test(lines[index]!.text) && !startsBlock(lines[index]!.text, true)) index++;
    const paragraph = lines.slice(first, index).map((paragraphLine) => paragraphLine.text.trim());
    blocks.push({ kind: 'paragraph', from: lines[first]!.from, source: sourceOf(first, index - 1), text: paragraph.join('\n') });
  }
  return blocks;
}

// Equality of a slice is a memory compare in V8, many times faster than startsWith().
const grewFrom = (before: string, after: string) => after.length >= before.length && after.slice(0, before.length) === before;

const countBlocks = (blocks: Block[]) => blocks.reduce((count, block) => count + (block.kind === 'list' ? block.items.length : 1), 0);

export interface BlockCache {
  text: string;
  streaming: boolean;
  blocks: Block[];
}

/**
 * Parses a reply that grew by appending: the blocks before the last two cannot change (each
 * ended on a complete line), so scanning restarts at the second-to-last block.
 */
export function parseBlocksIncrementally(previous: BlockCache | undefined, text: string, streaming: boolean): BlockCache {
  if (!previous || previous.streaming !== streaming || previous.blocks.length < 3 || !grewFrom(previous.text, text)) {
    return { text, streaming, blocks: parseBlocks(text, { streaming }) };
  }
  const kept = previous.blocks.slice(0, -2);
  const restart = previous.blocks[previous.blocks.length - 2]!.from;
  return { text, streaming, blocks: kept.concat(parseBlocks(text, { streaming }, restart, countBlocks(kept))) };
}
