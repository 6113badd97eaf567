// Upload storage in an S3 bucket (AWS S3, Cloudflare R2, MinIO, any S3-compatible store): what
// several instances of a site share, so a link made by one is served by every other. The file's
// description travels as the object's metadata, so serving needs one GetObject and no other store.
//
// `@aws-sdk/client-s3` is an optional peer dependency: only this module needs it, and it is loaded
// on the first use, so `agent-webchat/server` loads without it for sites that keep files on disk.

import { Readable } from 'node:stream';
import type { GetObjectCommandOutput, S3Client } from '@aws-sdk/client-s3';
import { type FoundFile, parseStoredFile, requireFileId, type StoredFile, type UploadStorage, webStreamOf } from './upload-storage';

export interface S3StorageOptions {
  /** A configured `S3Client` (region, credentials, and `endpoint` + `forcePathStyle` for R2 or MinIO). */
  client: S3Client;
  /** A private bucket; expire objects with a lifecycle rule (docs/server.md). */
  bucket: string;
  /** Key prefix of every object, e.g. `webchat-uploads/`; default none. */
  prefix?: string;
}

type S3Module = typeof import('@aws-sdk/client-s3');
let s3Module: Promise<S3Module> | undefined;
const loadS3 = () => {
  s3Module ??= import('@aws-sdk/client-s3');
  return s3Module;
};

export function createS3Storage(options: S3StorageOptions): UploadStorage {
  if (typeof options.client?.send !== 'function')
    throw new TypeError('agent-webchat/server: option "client" of createS3Storage must be an S3Client');
  if (typeof options.bucket !== 'string' || options.bucket === '')
    throw new TypeError('agent-webchat/server: option "bucket" of createS3Storage is required');
  const { client, bucket } = options;
  const key = (id: string) => `${options.prefix ?? ''}${requireFileId(id)}`;

  return {
    async put(id, source, file) {
      const { PutObjectCommand } = await loadS3();
      await client.send(
        new PutObjectCommand({
          Bucket: bucket,
          Key: key(id),
          Body: source.open(),
          // Known in advance (the file was received whole): S3 needs it for a streamed body.
          ContentLength: source.size,
          ContentType: file.type,
          Metadata: metadataOf(file),
        }),
      );
    },
    async get(id): Promise<FoundFile | undefined> {
      const { GetObjectCommand } = await loadS3();
      let output: GetObjectCommandOutput;
      try {
        output = await client.send(new GetObjectCommand({ Bucket: bucket, Key: key(id) }));
      } catch (error) {
        if (isNotFound(error)) return undefined;
        throw error;
      }
      const body: unknown = output.Body;
      const file = fileOf(output.Metadata, output.ContentLength);
      if (!file || !(body instanceof Readable)) {
        if (body instanceof Readable) body.destroy();
        return undefined;
      }
      return { file, body: webStreamOf(body) };
    },
    async delete(id) {
      const { DeleteObjectCommand } = await loadS3();
      await client.send(new DeleteObjectCommand({ Bucket: bucket, Key: key(id) }));
    },
  };
}

/** Metadata values must be ASCII: the name travels percent-encoded. */
function metadataOf(file: StoredFile): Record<string, string> {
  return { 'file-name': encodeURIComponent(file.name), 'file-type': file.type, 'expires-at': String(file.expiresAt) };
}

function fileOf(metadata: unknown, size: unknown): StoredFile | undefined {
  if (typeof metadata !== 'object' || metadata === null) return undefined;
  const name = Reflect.get(metadata, 'file-name');
  const expiresAt = Reflect.get(metadata, 'expires-at');
  if (typeof name !== 'string' || typeof expiresAt !== 'string') return undefined;
  let decoded: string;
  try {
    decoded = decodeURIComponent(name);
  } catch {
    return undefined;
  }
  return parseStoredFile({ name: decoded, type: Reflect.get(metadata, 'file-type'), size, expiresAt: Number(expiresAt) });
}

function isNotFound(error: unknown): boolean {
  if (typeof error !== 'object' || error === null) return false;
  const name = Reflect.get(error, 'name');
  const metadata: unknown = Reflect.get(error, '$metadata');
  const status = typeof metadata === 'object' && metadata !== null ? Reflect.get(metadata, 'httpStatusCode') : undefined;
  return name === 'NoSuchKey' || name === 'NotFound' || status === 404;
}
