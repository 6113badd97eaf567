// `npm start`: a realistic two-origin setup on 127.0.0.1, in one process.
//   PORT     (default 8787) the site: demo page, the script bundle (dist/), the npm example app
//            (demo/npm-app/dist), the React one (demo/react-app/dist) and the site backend made with `agent-webchat/server`.
//   PORT + 1 the reference platform (Messaging API + Chat REST), without the control API.
//
// `npm run start:instances` (`--instances 2`): the site runs as two instances, on PORT and
// PORT + 2, sharing one Redis (REDIS_URL, or a throwaway redis-server started here) for every
// binding, limit and memory of its backend, and one S3-compatible bucket (s3rver, started here)
// for the files visitors upload. A browser sends its cookie to both ports of 127.0.0.1, so the
// conversation, the call, the rating and an uploaded file carry over from one instance to the other.

import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { createS3Storage } from '../src/server/index';
import { type RunningRedis, startRedis } from '../src/server/testing/redis-server';
import { type RunningS3, startS3 } from '../src/server/testing/s3-server';
import { demoSiteOptions, EXAMPLE_APPS } from './demo-site-options';
import { startPlatformServer } from './server/platform';
import { type SiteServer, startSiteServer } from './site-server';

const port = Number(process.env['PORT'] ?? 8787);
if (!Number.isInteger(port) || port < 1 || port > 65534) {
  console.error(`PORT must be a port number below 65535 (the platform takes PORT+1), got ${String(process.env['PORT'])}`);
  process.exit(2);
}
const flag = process.argv.indexOf('--instances');
const instances = flag < 0 ? 1 : Number(process.argv[flag + 1]);
if (!Number.isInteger(instances) || instances < 1 || instances > 8) {
  console.error(`--instances must be a number from 1 to 8, got ${String(process.argv[flag + 1])}`);
  process.exit(2);
}
const path = (relative: string) => fileURLToPath(new URL(relative, import.meta.url));

const { npm: npmApp, react: reactApp } = EXAMPLE_APPS;
if (!existsSync(path('../dist/agent-webchat.js'))) console.warn('dist/agent-webchat.js is missing: run `npm run build` first.');
if (!existsSync(npmApp)) console.warn('demo/npm-app/dist is missing: run `npm run build:demo-app` for the npm example.');
if (!existsSync(reactApp)) console.warn('demo/react-app/dist is missing: run `npm run build:react-app` for the React example.');

const platform = await startPlatformServer({
  port: port + 1,
  host: '127.0.0.1',
  staticDir: path('../public/'),
});
// One instance keeps everything in its memory; several share Redis.
let redis: RunningRedis | undefined;
let redisUrl = process.env['REDIS_URL'];
if (instances > 1 && redisUrl === undefined) {
  redis = await startRedis();
  redisUrl = redis.url;
}
// One instance keeps uploads on its disk; several share one bucket, so each serves every link.
const s3: RunningS3 | undefined = instances > 1 ? await startS3('demo-uploads') : undefined;
const sitePorts = Array.from({ length: instances }, (_, index) => (index === 0 ? port : port + 1 + index));
const sites: SiteServer[] = [];
for (const sitePort of sitePorts) {
  const site = await startSite(sitePort).catch(async (error: unknown) => {
    await Promise.all([platform.close(), ...sites.map((started) => started.close()), redis?.stop(), s3?.remove()]);
    throw error;
  });
  sites.push(site);
}
console.log(`Platform: ${platform.url}/ (Messaging API, Chat REST)`);
if (redisUrl !== undefined) console.log(`Redis: ${redisUrl} (${redis ? 'started for this demo' : 'REDIS_URL'})`);
if (s3) console.log(`Uploads: S3-compatible bucket ${s3.bucket} at ${s3.endpoint} (s3rver, started for this demo)`);
for (const site of sites) console.log(`Demo: ${site.url}/`);
console.log(`Console: ${platform.url}/console/ (conversations, concurrency, calls, alerts, deployments)`);

function startSite(sitePort: number): Promise<SiteServer> {
  return startSiteServer(
    demoSiteOptions(platform.url, sitePort, {
      redisUrl,
      ...(s3 ? { uploadStorage: createS3Storage({ client: s3.client(), bucket: s3.bucket }) } : {}),
    }),
  );
}

let closing = false;
const shutdown = (): void => {
  if (closing) return;
  closing = true;
  Promise.all([...sites.map((site) => site.close()), platform.close()])
    .then(() => Promise.all([redis?.stop(), s3?.remove()]))
    .then(
      () => process.exit(0),
      () => process.exit(1),
    );
};
process.on('SIGINT', shutdown);
process.on('SIGTERM', shutdown);
