// Where uploaded files are kept: a small interface with one implementation per kind of store
// (disk-storage.ts for one machine, s3-storage.ts for several instances). Everything needed to
// serve a file later — its cleaned name, the type found in its bytes, its expiry — is kept with
// the bytes in the store, so any instance using the same store serves any link.

import type { Readable } from 'node:stream';

/** What the endpoint knows about a kept file; stored beside its bytes. */
export interface StoredFile {
  /** The visitor's file name, cleaned (upload-file-name.ts). */
  name: string;
  /** The MIME type judged from the bytes. */
  type: string;
  size: number;
  /** Epoch milliseconds after which the link answers 404. */
  expiresAt: number;
}

/** The bytes to keep: `open()` may be called more than once (a retried write), each time from the start. */
export interface FileSource {
  size: number;
  open(): Readable;
}

export interface FoundFile {
  file: StoredFile;
  /** The bytes; cancel it when they are not sent (HEAD). */
  body: ReadableStream<Uint8Array>;
}

export interface UploadStorage {
  /** Keeps the bytes under `id` with their description. Throws when the store cannot be reached. */
  put(id: string, source: FileSource, file: StoredFile): Promise<void>;
  /** The file under `id`, or undefined when there is none. Throws when the store cannot be reached. */
  get(id: string): Promise<FoundFile | undefined>;
  delete(id: string): Promise<void>;
}

/**
 * Ids are made by the endpoint only: 128 random bits, base64url (22 characters). A store is never
 * handed anything else, so no visitor's text becomes a path or an object key.
 */
export const FILE_ID_PATTERN = /^[A-Za-z0-9_-]{22}$/;

export function newFileId(): string {
  return Buffer.from(crypto.getRandomValues(new Uint8Array(16))).toString('base64url');
}

export function requireFileId(id: string): string {
  if (!FILE_ID_PATTERN.test(id)) throw new TypeError('agent-webchat/server: not an upload id');
  return id;
}

/** A stored description read back (sidecar JSON, object metadata): checked field by field. */
export function parseStoredFile(value: unknown): StoredFile | undefined {
  if (typeof value !== 'object' || value === null) return undefined;
  const name = Reflect.get(value, 'name');
  const type = Reflect.get(value, 'type');
  const size = Reflect.get(value, 'size');
  const expiresAt = Reflect.get(value, 'expiresAt');
  if (typeof name !== 'string' || name === '' || typeof type !== 'string' || type === '') return undefined;
  if (typeof size !== 'number' || !Number.isSafeInteger(size) || size < 0) return undefined;
  if (typeof expiresAt !== 'number' || !Number.isFinite(expiresAt)) return undefined;
  return { name, type, size, expiresAt };
}

/** A Node stream as a web stream, read only as fast as the answer is sent. */
export function webStreamOf(readable: Readable): ReadableStream<Uint8Array> {
  const iterator = readable[Symbol.asyncIterator]();
  return new ReadableStream<Uint8Array>(
    {
      async pull(controller) {
        try {
          const next = await iterator.next();
          if (next.done) return controller.close();
          const chunk: unknown = next.value;
          controller.enqueue(typeof chunk === 'string' ? new TextEncoder().encode(chunk) : toBuffer(chunk));
        } catch (error) {
          controller.error(error);
        }
      },
      cancel() {
        readable.destroy();
      },
    },
    { highWaterMark: 1 },
  );
}

function toBuffer(chunk: unknown): Buffer {
  if (Buffer.isBuffer(chunk)) return chunk;
  if (chunk instanceof Uint8Array) return Buffer.from(chunk.buffer, chunk.byteOffset, chunk.byteLength);
  throw new TypeError('Unexpected chunk in a file stream');
}
