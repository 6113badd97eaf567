// The e2e world: the reference platform with its fault-injection control API, quick pacing and
// no rate limits, also serving the fixture pages, public/ and the built dist/ bundle — one origin.
// Next to it, on E2E_PORT + 1, a "site" server (demo/site-server.ts): the same fixture pages and
// dist/ on a second origin, the npm example app under /npm-app/, and a site backend made with
// `agent-webchat/server` (POST /api/webchat-token, /api/chat/*) that holds the secrets.

import { fileURLToPath } from 'node:url';
import { FAST_PACING } from '../demo/server/cli-args';
import { UNLIMITED } from '../demo/server/options';
import { startPlatformServer } from '../demo/server/platform';
import { startSiteServer } from '../demo/site-server';

const port = Number(process.env['E2E_PORT'] ?? 4310);
const sitePort = Number(process.env['E2E_SITE_PORT'] ?? port + 1);
const dir = (path: string) => fileURLToPath(new URL(path, import.meta.url));

// The site first: Playwright starts testing as soon as the platform answers.
const site = await startSiteServer({
  port: sitePort,
  host: '127.0.0.1',
  platformUrl: `http://127.0.0.1:${port}`,
  connectorToken: 'demo-connector-token',
  tokenHost: '127.0.0.1',
  chat: { apiKey: 'demo-api-key', token: 'demo-connector-token', account: 'demo-account', project: 'demo-project' },
  // The npm example app reads it from /demo-config.json (the script-tag mode's token is public).
  publicConnectorToken: 'demo-connector-token',
  mounts: [
    { prefix: '/', dirs: [dir('./fixtures/'), dir('../dist/')] },
    { prefix: '/npm-app/', dirs: [dir('../demo/npm-app/dist/')] },
  ],
});
const server = await startPlatformServer({
  port,
  host: '127.0.0.1',
  control: true,
  pacing: FAST_PACING,
  rateLimit: { accessTokens: UNLIMITED, sessionCreations: UNLIMITED, userMessages: UNLIMITED, chatRequests: UNLIMITED },
  staticDir: [dir('./fixtures/'), dir('../dist/'), dir('../public/')],
});
console.log(`listening on ${server.url} (site on ${site.url})`);
const stop = () => void Promise.all([site.close(), server.close()]).then(() => process.exit(0));
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
