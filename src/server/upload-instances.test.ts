// Two upload endpoints in separate processes, sharing one s3rver bucket and one redis-server, as two
// instances of a site behind a load balancer: a link made by one is served by the other, and the
// per-visitor limits are one limit across both.
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type RunningInstance, startListening } from './testing/instances';
import { type RunningRedis, startRedis } from './testing/redis-server';
import { type RunningS3, startS3 } from './testing/s3-server';
import { rawRequest } from './testing/servers';
import { multipartBody, pdfOf, photoWithLocation, SECRET_PLACE } from './testing/upload-fixtures';
import type { UploadInstanceConfig } from './testing/upload-instance';
import { newVisitorId } from './visitor-cookie';

const SCRIPT = fileURLToPath(new URL('./testing/upload-instance.ts', import.meta.url));
let redis: RunningRedis;
let s3: RunningS3;
let instances: RunningInstance[] = [];

beforeAll(async () => {
  [redis, s3] = await Promise.all([startRedis(), startS3()]);
  const config: UploadInstanceConfig = { redisUrl: redis.url, s3: { endpoint: s3.endpoint, bucket: s3.bucket }, limits: { files: 3 } };
  const env = { UPLOAD_INSTANCE_CONFIG: JSON.stringify(config) };
  instances = await Promise.all([startListening(SCRIPT, env), startListening(SCRIPT, env)]);
}, 60_000);

afterAll(async () => {
  await Promise.all(instances.map((instance) => instance.stop()));
  await Promise.all([s3?.remove(), redis?.stop()]);
});

/** A visitor bound through instance 0 (the binding is in Redis), uploading through either. */
async function visitor() {
  const id = newVisitorId();
  const seeded = await rawRequest(instances[0]!.url, {
    path: '/seed',
    headers: { 'Content-Type': 'application/json' },
    parts: [JSON.stringify({ visitorId: id, sessionId: `session-${id}` })],
  });
  expect(seeded.status).toBe(204);
  return {
    async upload(at: number, file: { name: string; type: string; bytes: Buffer }) {
      const { body, contentType } = multipartBody(file);
      const answer = await rawRequest(instances[at]!.url, {
        path: '/api/upload',
        headers: { 'Content-Type': contentType, 'Content-Length': String(body.length), Cookie: `agent_webchat=${id}` },
        parts: [body],
      });
      const parsed: unknown = JSON.parse(answer.body);
      const url = typeof parsed === 'object' && parsed !== null ? Reflect.get(parsed, 'url') : undefined;
      return { status: answer.status, url: typeof url === 'string' ? url : '', headers: answer.headers };
    },
  };
}

describe('two upload endpoints sharing one bucket and one Redis', () => {
  it('serves from one instance the file uploaded through the other, metadata removed', async () => {
    const ann = await visitor();
    const pdf = pdfOf(4096);
    const uploaded = await ann.upload(0, { name: 'invoice.pdf', type: 'application/pdf', bytes: pdf });
    expect(uploaded.status).toBe(201);
    expect(uploaded.url.startsWith(`${instances[0]!.url}/api/upload/files/`)).toBe(true);
    const other = await fetch(uploaded.url.replace(instances[0]!.url, instances[1]!.url));
    expect([other.status, other.headers.get('content-type')]).toEqual([200, 'application/pdf']);
    expect(Buffer.from(await other.arrayBuffer()).equals(pdf)).toBe(true);

    const photo = await ann.upload(1, { name: 'parcel.jpg', type: 'image/jpeg', bytes: await photoWithLocation('jpeg') });
    const served = await fetch(photo.url.replace(instances[1]!.url, instances[0]!.url));
    expect([served.status, served.headers.get('content-type')]).toEqual([200, 'image/jpeg']);
    expect(Buffer.from(await served.arrayBuffer()).includes(SECRET_PLACE)).toBe(false);
  });

  it('counts one visitor against one limit across both instances', async () => {
    const bob = await visitor();
    const file = { name: 'a.pdf', type: 'application/pdf', bytes: pdfOf() };
    const statuses = [];
    for (const at of [0, 1, 0, 1]) statuses.push((await bob.upload(at, file)).status);
    expect(statuses).toEqual([201, 201, 201, 429]);
  });
});
