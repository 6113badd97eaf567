// One file to the site's upload endpoint: `POST {uploadUrl}`, multipart with one part `file`, same-
// origin credentials, with the progress of the upload (XMLHttpRequest: fetch reports none). The
// answer is parsed, never trusted: a link is kept only when it is an absolute http(s) URL.

export interface UploadedFile {
  id: string;
  url: string;
  name: string;
  type: string;
  size: number;
}

/**
 * Why an upload failed: `refused` (the site will refuse it again: 400, 403, 413, 415), `busy`
 * (429), `server` (5xx, or an answer that is not the contract's), `network` (no answer).
 */
export type UploadFailure = { kind: 'refused'; status: number } | { kind: 'busy' } | { kind: 'server' } | { kind: 'network' };

export type UploadOutcome = { ok: true; file: UploadedFile } | { ok: false; failure: UploadFailure } | { ok: false; aborted: true };

export interface UploadRequest {
  readonly done: Promise<UploadOutcome>;
  abort(): void;
}

export type Upload = (url: string, file: File, onProgress: (loaded: number, total: number) => void) => UploadRequest;

/** The 201 answer's fields, or undefined when it is not the contract's. */
export function parseUploaded(value: unknown): UploadedFile | undefined {
  if (typeof value !== 'object' || value === null) return;
  const field = (name: string): unknown => Reflect.get(value, name);
  const id = field('id');
  const url = field('url');
  const name = field('name');
  const type = field('type');
  const size = field('size');
  if (typeof id !== 'string' || typeof url !== 'string' || typeof name !== 'string' || typeof type !== 'string' || typeof size !== 'number')
    return;
  try {
    const parsed = new URL(url);
    if (parsed.protocol !== 'http:' && parsed.protocol !== 'https:') return;
  } catch {
    return;
  }
  return { id, url, name, type, size };
}

/** What a status other than 201 means for the visitor. */
export function failureOf(status: number): UploadFailure {
  if (status === 0) return { kind: 'network' };
  if (status === 429) return { kind: 'busy' };
  if (status >= 400 && status < 500) return { kind: 'refused', status };
  return { kind: 'server' };
}

const parseJson = (text: string): unknown => {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
};

/** The browser's upload (XMLHttpRequest: same-origin credentials, as fetch's default). */
export const uploadWithXhr: Upload = (url, file, onProgress) => {
  const xhr = new XMLHttpRequest();
  let aborted = false;
  const done = new Promise<UploadOutcome>((resolve) => {
    xhr.upload.onprogress = (event) => onProgress(event.loaded, event.lengthComputable ? event.total : file.size);
    xhr.onload = () => {
      const uploaded = xhr.status === 201 ? parseUploaded(parseJson(xhr.responseText)) : undefined;
      resolve(
        uploaded ? { ok: true, file: uploaded } : { ok: false, failure: xhr.status === 201 ? { kind: 'server' } : failureOf(xhr.status) },
      );
    };
    xhr.onerror = xhr.ontimeout = () => resolve(aborted ? { ok: false, aborted: true } : { ok: false, failure: { kind: 'network' } });
    xhr.onabort = () => resolve({ ok: false, aborted: true });
  });
  const body = new FormData();
  body.append('file', file, file.name);
  xhr.open('POST', url);
  xhr.send(body);
  return {
    done,
    abort() {
      aborted = true;
      xhr.abort();
    },
  };
};
