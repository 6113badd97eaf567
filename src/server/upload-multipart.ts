// Receives the one `file` part of a multipart upload while it streams, into a temporary file: the
// body is never held whole in memory (busboy parses as bytes arrive and holds back the socket while
// the disk catches up), and the answer is 413 as soon as the file passes the limit, without reading
// the rest of the body.

import { createWriteStream, type WriteStream } from 'node:fs';
import { rm } from 'node:fs/promises';
import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import busboy from 'busboy';

export interface ReceiveLimits {
  maxBytes: number;
  /** Longest wait for the next bytes of the body. */
  idleTimeoutMs: number;
}

export interface ReceivedFile {
  /** The temporary file holding the bytes; the caller removes it. */
  path: string;
  size: number;
  /** The name the browser gave, as sent (clean it before use). */
  name: string;
}

export type ReceiveResult = { ok: true; file: ReceivedFile } | { ok: false; status: 400 | 408 | 413 | 503; message: string };

/** Room for the multipart framing around the file when the declared length is checked up front. */
const FRAMING_BYTES = 16 * 1024;
const NO_FILE = 'Expected multipart/form-data with one non-empty part named "file"';

export async function receiveFile(request: Request, temporaryPath: string, limits: ReceiveLimits): Promise<ReceiveResult> {
  const tooLarge: ReceiveResult = { ok: false, status: 413, message: `The file is larger than ${limits.maxBytes} bytes` };
  const contentType = request.headers.get('Content-Type') ?? '';
  if (!/^multipart\/form-data\s*;/i.test(contentType) || !request.body) return { ok: false, status: 400, message: NO_FILE };
  const declared = Number(request.headers.get('Content-Length') ?? Number.NaN);
  if (declared > limits.maxBytes + FRAMING_BYTES) return tooLarge;
  let parser: busboy.Busboy;
  try {
    parser = busboy({
      headers: { 'content-type': contentType },
      // Browsers send file names as raw UTF-8.
      defParamCharset: 'utf8',
      limits: { fileSize: limits.maxBytes, files: 1, fields: 16, fieldSize: 4096, parts: 32, headerPairs: 32 },
    });
  } catch {
    return { ok: false, status: 400, message: NO_FILE };
  }

  const reader = request.body.getReader();
  let writer: WriteStream | undefined;
  let written: Promise<void> | undefined;
  let name = '';
  let settle: (result: ReceiveResult) => void = () => undefined;
  const outcome = new Promise<ReceiveResult>((resolve) => {
    settle = (result) => {
      settle = () => undefined;
      resolve(result);
    };
  });

  parser.on('file', (field: string, stream: Readable, info: busboy.FileInfo) => {
    if (field !== 'file' || writer) return void stream.resume();
    name = info.filename ?? '';
    writer = createWriteStream(temporaryPath, { flags: 'wx' });
    // The server's own disk failing is not the visitor's fault (settled before the pipeline's rejection).
    writer.once('error', () => settle({ ok: false, status: 503, message: 'File storage unavailable' }));
    stream.once('limit', () => settle(tooLarge));
    written = pipeline(stream, writer);
    // A failed write is reported when the body ends (or already is: the result is settled once).
    written.catch(() => settle({ ok: false, status: 400, message: 'The file could not be received' }));
  });
  parser.once('error', () => settle({ ok: false, status: 400, message: 'Malformed multipart body' }));
  parser.once('close', () => {
    void (async () => {
      if (!writer || !written) return settle({ ok: false, status: 400, message: NO_FILE });
      await written;
      if (writer.bytesWritten === 0) return settle({ ok: false, status: 400, message: 'The file is empty' });
      settle({ ok: true, file: { path: temporaryPath, size: writer.bytesWritten, name } });
    })().catch(() => undefined);
  });

  void pump(reader, parser, limits.idleTimeoutMs, outcome).then((failure) => {
    if (failure) settle(failure);
  });
  const result = await outcome;
  if (!result.ok) {
    void reader.cancel().catch(() => undefined);
    parser.destroy();
    await discard(writer, temporaryPath);
  }
  return result;
}

/** Feeds the body to the parser as fast as it takes it, until the body ends or the outcome is known. */
async function pump(
  reader: ReadableStreamDefaultReader<Uint8Array>,
  parser: busboy.Busboy,
  idleTimeoutMs: number,
  outcome: Promise<ReceiveResult>,
): Promise<ReceiveResult | undefined> {
  let settled = false;
  void outcome.then(() => {
    settled = true;
  });
  for (;;) {
    let timer: ReturnType<typeof setTimeout> | undefined;
    const idle = new Promise<'idle'>((resolve) => {
      timer = setTimeout(() => resolve('idle'), idleTimeoutMs);
    });
    let next: ReadableStreamReadResult<Uint8Array> | 'idle';
    try {
      next = await Promise.race([reader.read(), idle]);
    } catch {
      return { ok: false, status: 400, message: 'The request body could not be read' };
    } finally {
      clearTimeout(timer);
    }
    if (settled) return undefined;
    if (next === 'idle') return { ok: false, status: 408, message: `No bytes of the file arrived for ${idleTimeoutMs} ms` };
    if (next.done) {
      parser.end();
      return undefined;
    }
    if (!parser.write(next.value)) await drainOrClose(parser);
  }
}

function drainOrClose(parser: busboy.Busboy): Promise<void> {
  return new Promise((resume) => {
    const done = () => {
      parser.off('drain', done);
      parser.off('close', done);
      parser.off('error', done);
      resume();
    };
    parser.once('drain', done);
    parser.once('close', done);
    parser.once('error', done);
  });
}

async function discard(writer: WriteStream | undefined, path: string): Promise<void> {
  if (writer) {
    if (!writer.closed) {
      const closed = new Promise<void>((resolve) => writer.once('close', () => resolve()));
      writer.destroy();
      await closed;
    }
    await rm(path, { force: true });
  }
}
