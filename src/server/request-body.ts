// Reads a request body while it streams: the size limit cuts it off as soon as it is passed, and a
// deadline answers a body that trickles in too slowly. Then parses it as a bounded JSON object.

export interface BodyLimits {
  maxBytes: number;
  timeoutMs: number;
  maxDepth: number;
}

export type BodyResult = { ok: true; value: Record<string, unknown> } | { ok: false; status: 400 | 408 | 413 | 415; message: string };

export const DEFAULT_BODY_TIMEOUT_MS = 10_000;
export const DEFAULT_JSON_DEPTH = 16;

export async function readJsonObject(request: Request, limits: BodyLimits): Promise<BodyResult> {
  const type = request.headers.get('Content-Type');
  if (type !== null && type.trim() !== '' && !/^application\/json\s*(;|$)/i.test(type)) {
    return { ok: false, status: 415, message: 'Request body must be application/json' };
  }
  const text = await readLimitedText(request, limits);
  if (!text.ok) return text;
  if (text.value.trim() === '') return { ok: true, value: {} };
  if (jsonDepth(text.value) > limits.maxDepth) {
    return { ok: false, status: 400, message: `Request body nests deeper than ${limits.maxDepth} levels` };
  }
  let parsed: unknown;
  try {
    parsed = JSON.parse(text.value);
  } catch {
    return { ok: false, status: 400, message: 'Request body is not valid JSON' };
  }
  if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) {
    return { ok: false, status: 400, message: 'Request body must be a JSON object' };
  }
  return { ok: true, value: { ...parsed } };
}

type TextResult = { ok: true; value: string } | { ok: false; status: 400 | 408 | 413; message: string };

export async function readLimitedText(request: Request, limits: Pick<BodyLimits, 'maxBytes' | 'timeoutMs'>): Promise<TextResult> {
  const tooLarge: TextResult = { ok: false, status: 413, message: `Request body exceeds ${limits.maxBytes} bytes` };
  const declared = request.headers.get('Content-Length');
  if (declared !== null && Number(declared) > limits.maxBytes) return tooLarge;
  if (!request.body) return { ok: true, value: '' };
  const reader = request.body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  let timer: ReturnType<typeof setTimeout> | undefined;
  const deadline = new Promise<'timeout'>((resolve) => {
    timer = setTimeout(() => resolve('timeout'), limits.timeoutMs);
  });
  try {
    for (;;) {
      const next = await Promise.race([reader.read(), deadline]);
      if (next === 'timeout') {
        void reader.cancel().catch(() => undefined);
        return { ok: false, status: 408, message: `Request body not received within ${limits.timeoutMs} ms` };
      }
      if (next.done) break;
      size += next.value.byteLength;
      if (size > limits.maxBytes) {
        void reader.cancel().catch(() => undefined);
        return tooLarge;
      }
      chunks.push(next.value);
    }
  } catch {
    return { ok: false, status: 400, message: 'Request body could not be read' };
  } finally {
    clearTimeout(timer);
  }
  const bytes = new Uint8Array(size);
  let offset = 0;
  for (const chunk of chunks) {
    bytes.set(chunk, offset);
    offset += chunk.byteLength;
  }
  return { ok: true, value: new TextDecoder().decode(bytes) };
}

/** Deepest bracket nesting outside of strings; counted before parsing so depth costs nothing. */
export function jsonDepth(text: string): number {
  let depth = 0;
  let deepest = 0;
  let inString = false;
  for (let index = 0; index < text.length; index++) {
    const char = text[index];
    if (inString) {
      if (char === '\\') index++;
      else if (char === '"') inString = false;
    } else if (char === '"') inString = true;
    else if (char === '{' || char === '[') deepest = Math.max(deepest, ++depth);
    else if (char === '}' || char === ']') depth--;
  }
  return deepest;
}
