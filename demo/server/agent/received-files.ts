// Files the visitor sent through the site's upload endpoint reach the agent as links in the
// message text (the widget writes one line per file: `![name](url)` for an image, `[name](url)`
// for any other file, `[`, `]` and `\` of the name escaped with a backslash). The demo agent
// follows each link as the platform's agent would, and says what it received, so a person sees
// the round trip: "I got invoice.pdf, 42 KB, a PDF."
//
// It only follows links to this machine (the demo site on loopback): a double on a developer's
// machine must not become a fetcher of arbitrary URLs. Each file is read up to MAX_BYTES, within
// FETCH_TIMEOUT_MS, without cookies and without following redirects.

import { type AgentContext, say, think } from './agent-speech';
import type { FileLink } from './file-links';

export const MAX_BYTES = 25 * 1024 * 1024;
export const FETCH_TIMEOUT_MS = 5000;
const LOOPBACK_HOSTS = new Set(['127.0.0.1', 'localhost', '[::1]']);

/** Fetches every file as the platform would and answers what arrived, in one message. */
export async function replyAboutFiles(ctx: AgentContext, links: readonly FileLink[]): Promise<void> {
  await think(ctx);
  const received = await Promise.all(links.map((link) => receive(link)));
  await say(ctx, { text: received.join(' ') });
}

/** One sentence about one file: what it is and how big, or why it could not be read. */
export async function receive(link: FileLink, maxBytes = MAX_BYTES): Promise<string> {
  const url = new URL(link.url);
  if (!LOOPBACK_HOSTS.has(url.hostname)) return `I did not open ${link.name}: this demo agent only follows links to this machine.`;
  let response: Response;
  try {
    response = await fetch(url, { redirect: 'manual', signal: AbortSignal.timeout(FETCH_TIMEOUT_MS) });
  } catch {
    return `I could not reach ${link.name}.`;
  }
  if (response.status !== 200 || !response.body) {
    void response.body?.cancel().catch(() => undefined);
    return `I could not open ${link.name} (the site answered ${response.status}).`;
  }
  let size = 0;
  try {
    for await (const chunk of response.body) {
      size += chunk.byteLength;
      if (size > maxBytes) {
        void response.body.cancel().catch(() => undefined);
        return `I did not read all of ${link.name}: it is over ${sizeText(maxBytes)}.`;
      }
    }
  } catch {
    return `I could not read all of ${link.name}.`;
  }
  const type = (response.headers.get('Content-Type') ?? 'application/octet-stream').split(';')[0]?.trim() ?? '';
  return `I got ${link.name}, ${sizeText(size)}, ${kindOf(type)}.`;
}

export function sizeText(bytes: number): string {
  if (bytes < 1024) return `${bytes} ${bytes === 1 ? 'byte' : 'bytes'}`;
  if (bytes < 1024 * 1024) return `${Math.round(bytes / 1024)} KB`;
  return `${(bytes / (1024 * 1024)).toFixed(1)} MB`;
}

const KINDS: Readonly<Record<string, string>> = {
  'application/pdf': 'a PDF',
  'image/jpeg': 'a JPEG image',
  'image/png': 'a PNG image',
  'image/webp': 'a WebP image',
  'image/gif': 'a GIF image',
};

function kindOf(type: string): string {
  return KINDS[type] ?? `a file of type ${type}`;
}
