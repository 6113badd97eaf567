// Block Markdown → a flat list of blocks, one pass over the lines. A list item keeps its inner
// text; it is parsed again, one level deeper, when rendered, and past MAX_DEPTH list markers are
// plain text: hostile nesting stays linear and shallow.

/** `source` is the block's Markdown as written: a block whose source is unchanged renders the same. */
export type Block =
  /** A literal is shown as written: what follows MAX_BLOCKS blocks (hostile input). */
  | { kind: 'paragraph' | 'heading' | 'code' | 'literal'; source: string; text: string }
  | { kind: 'list'; source: string; ordered: boolean; start: number; items: string[] };

export const MAX_DEPTH = 3;
/** Blocks and list items per text; the rest is one literal block (a bounded DOM). */
export const MAX_BLOCKS = 512;

const BLANK = /^\s*$/;
const FENCE = /^ {0,3}(`{3,}|~{3,})/;
const HEADING = /^ {0,3}#{1,6}(?:[ \t]|$)/;
const LIST_ITEM = /^ {0,3}(?:[-*+]|(\d{1,9})[.)])(?:[ \t]+|$)/;

const indentOf = (line: string) => line.length - line.trimStart().length;

/** A closing fence: the opening fence's character, at least as many times, and nothing else. */
function closesFence(line: string, fence: string): boolean {
  const trimmed = line.trim();
  return indentOf(line) < 4 && trimmed.length >= fence.length && trimmed.replaceAll(fence[0]!, '') === '';
}

export function parseBlocks(text: string, depth = 0): Block[] {
  const lines = text.split('\n');
  const blocks: Block[] = [];
  /** Blocks and list items so far. */
  let count = 0;
  let index = 0;
  const take = (first: number) => lines.slice(first, index).join('\n');
  const listItem = (line: string) => (depth < MAX_DEPTH ? LIST_ITEM.exec(line) : null);
  // Like CommonMark: inside a paragraph only a bullet or "1." starts a list, so that
  // "In 2024. we…" at the start of a line stays text.
  const startsBlock = (line: string) => {
    const item = listItem(line);
    return FENCE.test(line) || HEADING.test(line) || (!!item && (item[1] ?? '1') === '1' && !BLANK.test(line.slice(item[0].length)));
  };

  while (index < lines.length) {
    const line = lines[index]!;
    const first = index++;
    if (BLANK.test(line)) continue;
    if (count++ >= MAX_BLOCKS) {
      index = lines.length;
      blocks.push({ kind: 'literal', source: take(first), text: take(first) });
      break;
    }
    const fence = FENCE.exec(line)?.[1];
    const item = listItem(line);
    if (fence) {
      // Runs to its closing fence, or to the end (a reply still streaming shows its code as it comes).
      while (index < lines.length && !closesFence(lines[index]!, fence)) index++;
      const code = lines.slice(first + 1, index).join('\n');
      index++;
      blocks.push({ kind: 'code', source: take(first), text: code });
    } else if (HEADING.test(line)) {
      // A closing run of #s is decoration when it stands apart.
      blocks.push({
        kind: 'heading',
        source: line,
        text: line
          .replace(HEADING, '')
          .trim()
          .replace(/(^|[ \t])#+$/, '')
          .trim(),
      });
    } else if (item) {
      const ordered = item[1] !== undefined;
      const items: string[] = [];
      let itemLines = [line.slice(item[0].length)];
      let contentIndent = item[0].length;
      let previousBlank = false;
      for (; index < lines.length; index++) {
        const current = lines[index]!;
        const next = listItem(current);
        if (next && indentOf(current) < 2 && (next[1] !== undefined) === ordered && count < MAX_BLOCKS) {
          count++;
          items.push(itemLines.join('\n'));
          itemLines = [current.slice(next[0].length)];
          contentIndent = next[0].length;
        } else if (BLANK.test(current) || indentOf(current) >= 2 || (!previousBlank && !startsBlock(current))) {
          // Indented lines belong to the item (a nested list, more paragraphs); so does a lazy line.
          itemLines.push(current.slice(Math.min(indentOf(current), contentIndent)));
        } else break;
        previousBlank = BLANK.test(current);
      }
      items.push(itemLines.join('\n').trimEnd());
      // Blank lines at the end belong to what follows.
      while (index > first + 1 && BLANK.test(lines[index - 1]!)) index--;
      blocks.push({ kind: 'list', source: take(first), ordered, start: Number(item[1] ?? 1), items });
    } else {
      while (index < lines.length && !BLANK.test(lines[index]!) && !startsBlock(lines[index]!)) index++;
      const text = lines
        .slice(first, index)
        .map((paragraphLine) => paragraphLine.trim())
        .join('\n');
      blocks.push({ kind: 'paragraph', source: take(first), text });
    }
  }
  return blocks;
}
