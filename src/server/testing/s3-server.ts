// A throwaway S3-compatible server for tests and the demo: s3rver, pure Node, files in a temporary
// directory. Chosen over moto's server mode (Python, from PyPI) and MinIO (a Go binary): neither
// can be installed on a machine that only reaches npm, and s3rver answers the S3 calls the upload
// storage makes (PutObject with metadata, GetObject, DeleteObject) as S3 does.

import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { S3Client } from '@aws-sdk/client-s3';
import S3rver from 's3rver';
import { freePort } from './free-port';

export interface RunningS3 {
  endpoint: string;
  bucket: string;
  /** A new client of this server (each instance of a site has its own). */
  client(): S3Client;
  stop(): Promise<void>;
  /** Starts it again on the same port with the same files. */
  restart(): Promise<void>;
  /** Stops it and removes its files. */
  remove(): Promise<void>;
}

export async function startS3(bucket = 'uploads'): Promise<RunningS3> {
  const directory = await mkdtemp(join(tmpdir(), 'agent-webchat-s3-'));
  const port = await freePort();
  const start = async () => {
    const server = new S3rver({ address: '127.0.0.1', port, silent: true, directory, configureBuckets: [{ name: bucket }] });
    await server.run();
    return server;
  };
  let server: S3rver | undefined = await start();
  const endpoint = `http://127.0.0.1:${port}`;
  const stop = async () => {
    await server?.close();
    server = undefined;
  };
  return {
    endpoint,
    bucket,
    client: () =>
      new S3Client({
        region: 'us-east-1',
        endpoint,
        forcePathStyle: true,
        credentials: { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' },
        // s3rver predates the SDK's default CRC32 trailer (aws-chunked bodies) and would store the framing.
        requestChecksumCalculation: 'WHEN_REQUIRED',
        responseChecksumValidation: 'WHEN_REQUIRED',
        maxAttempts: 1,
      }),
    stop,
    async restart() {
      await stop();
      server = await start();
    },
    async remove() {
      await stop();
      await rm(directory, { recursive: true, force: true });
    },
  };
}
