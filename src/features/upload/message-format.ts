// The fixed format of a message that carries files (the site's upload endpoint, the demo agent and
// a person reading the transcript rely on it): the visitor's words, if any, then one line per file,
// `![<name>](<url>)` for an image and `[<name>](<url>)` for anything else, `[`, `]` and `\` of the
// name escaped by a backslash, the lines joined by "\n". The platform carries text only, so this
// text is all a replayed message keeps: the transcript reads the files back from it.

/** One file of a message, as sent and as read back. */
export interface FileLink {
  name: string;
  url: string;
  image: boolean;
}

/** What a message's text shows: the visitor's words (perhaps empty) and its files, in order. */
export interface MessageParts {
  words: string;
  files: FileLink[];
}

/** The types the transcript shows as a picture (the upload endpoint keeps only these as images). */
export const isImageType = (type: string): boolean => /^image\/(png|jpeg|gif|webp|avif)$/i.test(type.trim());

// A name on one line (no line breaks or other control characters), with the format's brackets escaped.
const escapeName = (name: string) =>
  // biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what it removes
  name.replace(/[\u0000-\u001f\u007f]+/g, ' ').replace(/[\\[\]]/g, (character) => `\\${character}`);

// A URL that cannot end the line's parentheses early or break it.
const encodeUrl = (url: string) => url.replace(/[()\s]/g, (character) => `%${character.charCodeAt(0).toString(16).padStart(2, '0')}`);

/** One file's line. */
export const fileLine = ({ name, url, image }: FileLink): string => `${image ? '!' : ''}[${escapeName(name)}](${encodeUrl(url)})`;

/** The message's text: the words (trimmed), then a line per file. */
export const buildMessage = (words: string, files: readonly FileLink[]): string =>
  [words.trim(), ...files.map(fileLine)].filter(Boolean).join('\n');

/** A file's line, exactly: the name's brackets and backslashes escaped, an absolute http(s) URL without spaces or parentheses. */
const FILE_LINE = /^(!?)\[((?:[^\\[\]\n]|\\[\\[\]])+)\]\((https?:\/\/[^\s()]+)\)$/i;

/** The file a line stands for, or undefined when it is anything but a file line of the format. */
export function parseFileLine(line: string): FileLink | undefined {
  const match = FILE_LINE.exec(line);
  if (!match) return;
  const [, bang, escaped, raw] = match;
  let url: URL;
  // FILE_LINE took only http(s) URLs; some of them still do not parse (a bad host).
  try {
    url = new URL(raw ?? '');
  } catch {
    return;
  }
  return { name: (escaped ?? '').replace(/\\([\\[\]])/g, '$1'), url: url.href, image: bang === '!' };
}

/**
 * A message's words and files: the file lines are the ones that end the text, each matching the
 * format exactly; everything before them stays the words (plain text, whatever it holds).
 * Undefined when the text ends with no file line.
 */
export function parseMessage(text: string): MessageParts | undefined {
  const lines = text.split('\n');
  const files: FileLink[] = [];
  while (lines.length) {
    const file = parseFileLine(lines[lines.length - 1] ?? '');
    if (!file) break;
    files.unshift(file);
    lines.pop();
  }
  return files.length ? { words: lines.join('\n').trim(), files } : undefined;
}
