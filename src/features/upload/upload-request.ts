// One file to the site's upload endpoint: `POST {uploadUrl}`, multipart with one part `file`, same-
// origin credentials, with the progress of the upload (XMLHttpRequest: fetch reports none). The
// answer is parsed, never trusted: a link is kept only when it is an absolute http(s) URL.

/** What the widget keeps of the site's 201 answer (it also holds `id` and `size`). */
export interface UploadedFile {
  url: string;
  name: string;
  type: string;
}

/**
 * Why an upload failed, from the answer's status: the site's refusals (400 `empty`, 403
 * `forbidden`, 413 `too-big`, 415 `type`, another 4xx `refused`), 429 `busy`, no answer `network`,
 * anything else (5xx, an answer that is not the contract's) `server`.
 */
export type UploadFailure = 'empty' | 'forbidden' | 'too-big' | 'type' | 'refused' | 'busy' | 'network' | 'server';

export type UploadOutcome = { file: UploadedFile } | { failure: UploadFailure } | { aborted: true };

export interface UploadRequest {
  readonly done: Promise<UploadOutcome>;
  abort(): void;
}

export type Upload = (url: string, file: File, onProgress: (loaded: number, total: number) => void) => UploadRequest;

/** The 201 answer's fields the widget uses, or undefined when it is not the contract's (the link must be absolute http(s)). */
export function parseUploaded(value: unknown): UploadedFile | undefined {
  if (typeof value !== 'object' || value === null) return;
  const url: unknown = Reflect.get(value, 'url');
  const name: unknown = Reflect.get(value, 'name');
  const type: unknown = Reflect.get(value, 'type');
  if (typeof url !== 'string' || typeof name !== 'string' || typeof type !== 'string') return;
  try {
    if (!/^https?:$/.test(new URL(url).protocol)) return;
  } catch {
    return;
  }
  return { url, name, type };
}

const FAILURES: Record<number, UploadFailure> = { 0: 'network', 400: 'empty', 403: 'forbidden', 413: 'too-big', 415: 'type', 429: 'busy' };

/** What a status other than 201 means for the visitor. */
export const failureOf = (status: number): UploadFailure => FAILURES[status] ?? (status >= 400 && status < 500 ? 'refused' : 'server');

/** The browser's upload (XMLHttpRequest: same-origin credentials, as fetch's default). */
export const uploadWithXhr: Upload = (url, file, onProgress) => {
  const xhr = new XMLHttpRequest();
  const done = new Promise<UploadOutcome>((resolve) => {
    xhr.upload.onprogress = (event) => onProgress(event.loaded, event.lengthComputable ? event.total : file.size);
    xhr.onload = () => {
      const uploaded = xhr.status === 201 ? parseUploaded(xhr.response) : undefined;
      resolve(uploaded ? { file: uploaded } : { failure: xhr.status === 201 ? 'server' : failureOf(xhr.status) });
    };
    // abort() fires `abort`, never `error` (XMLHttpRequest standard): an error is the network's.
    xhr.onerror = () => resolve({ failure: 'network' });
    xhr.onabort = () => resolve({ aborted: true });
  });
  const body = new FormData();
  body.append('file', file, file.name);
  xhr.open('POST', url);
  // Parsed by the browser: null for an answer that is not JSON.
  xhr.responseType = 'json';
  xhr.send(body);
  return { done, abort: () => xhr.abort() };
};
