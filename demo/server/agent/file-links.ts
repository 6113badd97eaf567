// The widget's file lines in a user message, read back (the demo agent follows them; the console
// shows them as links): one line per file, `![name](url)` for an image, `[name](url)` for any other
// file, `[`, `]` and `\` of the name escaped with a backslash. Pure: runs in Node and in the console.

export interface FileLink {
  name: string;
  url: string;
  /** Written as an image (`![…](…)`). */
  image: boolean;
}

const LINE = /^(!?)\[((?:\\[\\[\]]|[^\\[\]])+)\]\((\S+)\)$/;

/** The file lines of a message, in order; lines that are not one link each are the visitor's words. */
export function fileLinksIn(text: string): FileLink[] {
  const links: FileLink[] = [];
  for (const line of text.split('\n')) {
    const match = LINE.exec(line.trim());
    const url = match?.[3];
    if (!match || url === undefined || !isHttpUrl(url)) continue;
    links.push({ name: (match[2] ?? '').replace(/\\([\\[\]])/g, '$1'), url, image: match[1] === '!' });
  }
  return links;
}

function isHttpUrl(text: string): boolean {
  try {
    const url = new URL(text);
    return url.protocol === 'http:' || url.protocol === 'https:';
  } catch {
    return false;
  }
}
