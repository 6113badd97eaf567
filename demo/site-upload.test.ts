// The demo site serves the upload endpoint: on its disk alone, and as two instances sharing one
// Redis and one S3-compatible bucket (what `npm run start:instances` runs), a file uploaded through
// one is served by the other.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createS3Storage } from '../src/server/index';
import { type RunningRedis, startRedis } from '../src/server/testing/redis-server';
import { type RunningS3, startS3 } from '../src/server/testing/s3-server';
import { multipartBody, pdfOf } from '../src/server/testing/upload-fixtures';
import type { PlatformServer } from './server/platform';
import { startTestPlatform } from './server/test-kit';
import { type SiteServer, startSiteServer } from './site-server';

let platform: PlatformServer;
let redis: RunningRedis;
let s3: RunningS3;
const sites: SiteServer[] = [];

const site = (extra: Partial<Parameters<typeof startSiteServer>[0]> = {}) =>
  startSiteServer({
    port: 0,
    platformUrl: platform.url,
    connectorToken: 'demo-connector-token',
    tokenHost: '127.0.0.1',
    chat: { apiKey: 'demo-api-key', token: 'demo-connector-token', account: 'demo-account', project: 'demo-project' },
    mounts: [],
    ...extra,
  }).then((started) => {
    sites.push(started);
    return started;
  });

beforeAll(async () => {
  [platform, redis, s3] = await Promise.all([startTestPlatform(), startRedis(), startS3('demo-uploads')]);
}, 30_000);

afterAll(async () => {
  await Promise.all(sites.map((started) => started.close()));
  await Promise.all([platform?.close(), redis?.stop(), s3?.remove()]);
});

/** A visitor with a live conversation: the token endpoint's cookie. */
async function cookieFrom(siteUrl: string): Promise<string> {
  const answer = await fetch(`${siteUrl}/api/webchat-token`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: '{"streaming":true}',
  });
  expect(answer.status).toBe(200);
  return (answer.headers.getSetCookie()[0] ?? '').split(';')[0] ?? '';
}

async function upload(siteUrl: string, cookie: string, bytes: Buffer): Promise<{ status: number; url: string }> {
  const { body, contentType } = multipartBody({ name: 'invoice.pdf', type: 'application/pdf', bytes });
  const answer = await fetch(`${siteUrl}/api/upload`, {
    method: 'POST',
    headers: { 'Content-Type': contentType, Cookie: cookie },
    body: new Uint8Array(body),
  });
  const parsed: unknown = await answer.json();
  const url = typeof parsed === 'object' && parsed !== null ? Reflect.get(parsed, 'url') : undefined;
  return { status: answer.status, url: typeof url === 'string' ? url : '' };
}

describe('demo site uploads', () => {
  it('keeps a file on its disk and serves its link; /demo-config.json names the endpoint', async () => {
    const alone = await site();
    const config: unknown = await (await fetch(`${alone.url}/demo-config.json`)).json();
    expect(config).toMatchObject({ uploadUrl: '/api/upload' });
    expect(await (await fetch(`${alone.url}/api/upload`)).json()).toMatchObject({ maxBytes: 10 * 1024 * 1024 });
    const bytes = pdfOf(3000);
    const uploaded = await upload(alone.url, await cookieFrom(alone.url), bytes);
    expect(uploaded.status).toBe(201);
    const file = await fetch(uploaded.url);
    expect(Buffer.from(await file.arrayBuffer()).equals(bytes)).toBe(true);
  });

  it('two instances on one Redis and one bucket: uploaded through one, served by the other', async () => {
    const [first, second] = await Promise.all(
      [0, 1].map(() => site({ redisUrl: redis.url, uploadStorage: createS3Storage({ client: s3.client(), bucket: s3.bucket }) })),
    );
    const cookie = await cookieFrom(first!.url);
    const bytes = pdfOf(4000);
    const uploaded = await upload(second!.url, cookie, bytes);
    expect(uploaded.status).toBe(201);
    const file = await fetch(uploaded.url.replace(second!.url, first!.url));
    expect([file.status, file.headers.get('content-type')]).toEqual([200, 'application/pdf']);
    expect(Buffer.from(await file.arrayBuffer()).equals(bytes)).toBe(true);
  });
});
