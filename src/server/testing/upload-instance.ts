// One instance of a site's upload endpoint in its own process, for the instances test and the
// upload bench. Config (JSON in UPLOAD_INSTANCE_CONFIG); prints `listening <url>` once it serves.
//
//   *    /api/upload[/files/…]   createUploadEndpoint on disk (`directory`) or S3 (`s3`)
//   POST /seed                   {"visitorId", "sessionId"}: binds a visitor as the token endpoint would

import { createServer } from 'node:http';
import { S3Client } from '@aws-sdk/client-s3';
import { createClient } from 'redis';
import { createMemoryBindingStore } from '../binding-store';
import { createDiskStorage } from '../disk-storage';
import { toNodeListener } from '../node-adapter';
import { createRedisBindingStore } from '../redis-binding-store';
import { createS3Storage } from '../s3-storage';
import { createUploadEndpoint, type UploadLimits } from '../upload-endpoint';
import { seedVisitor, serveUntilStopped } from './instance-process';

export interface UploadInstanceConfig {
  redisUrl?: string;
  /** Disk storage in this directory… */
  directory?: string;
  /** …or S3 storage on this S3-compatible server. */
  s3?: { endpoint: string; bucket: string };
  maxBytes?: number;
  limits?: UploadLimits;
}

// Written by the test or bench that started this process.
const config: UploadInstanceConfig = JSON.parse(process.env['UPLOAD_INSTANCE_CONFIG'] ?? '{}');
const redis = config.redisUrl ? createClient({ url: config.redisUrl }) : undefined;
redis?.on('error', () => undefined);
await redis?.connect();
const store = redis ? createRedisBindingStore(redis) : createMemoryBindingStore();
const storage = config.s3
  ? createS3Storage({
      client: new S3Client({
        region: 'us-east-1',
        endpoint: config.s3.endpoint,
        forcePathStyle: true,
        credentials: { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' },
        requestChecksumCalculation: 'WHEN_REQUIRED',
        responseChecksumValidation: 'WHEN_REQUIRED',
      }),
      bucket: config.s3.bucket,
    })
  : createDiskStorage({ directory: config.directory ?? 'uploads' });
const upload = toNodeListener(
  createUploadEndpoint({ continuity: { store }, storage, path: '/api/upload', maxBytes: config.maxBytes, limits: config.limits, redis }),
);

const server = createServer((req, res) => {
  const path = (req.url ?? '/').split('?')[0] ?? '/';
  if (path === '/api/upload' || path.startsWith('/api/upload/')) return upload(req, res);
  if (path === '/seed' && req.method === 'POST') return seedVisitor(req, res, store);
  res.writeHead(404).end();
});
serveUntilStopped(server, redis);
