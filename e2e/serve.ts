// The e2e world: the reference platform with its fault-injection control API, quick pacing and
// no rate limits, also serving the fixture pages, public/ and the built dist/ bundle — one origin.
// Next to it, on E2E_PORT + 1, a "site" server (demo/site-server.ts): the same fixture pages and
// dist/ on a second origin, the npm example app under /npm-app/, the React one under /react-app/, and a site backend made with
// `agent-webchat/server` (POST /api/webchat-token, /api/chat/*, /api/callback, /api/history,
// /api/rating, /api/upload) that holds the secrets.

import { copyFileSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { FAST_PACING } from '../demo/server/cli-args';
import { UNLIMITED } from '../demo/server/options';
import { startPlatformServer } from '../demo/server/platform';
import { startSiteServer } from '../demo/site-server';

const port = Number(process.env['E2E_PORT'] ?? 4310);
const sitePort = Number(process.env['E2E_SITE_PORT'] ?? port + 1);
const dir = (path: string) => fileURLToPath(new URL(path, import.meta.url));

// /tampered/ on the site: the loader as built beside a conversation file changed after the build
// (what a compromised or mixed-up CDN copy would serve), which the loader must refuse.
const tampered = mkdtempSync(join(tmpdir(), 'agent-webchat-tampered-'));
copyFileSync(dir('../dist/agent-webchat.js'), join(tampered, 'agent-webchat.js'));
const conversation = readFileSync(dir('../dist/agent-webchat-conversation.js'), 'utf8');
writeFileSync(join(tampered, 'agent-webchat-conversation.js'), `${conversation};window.tampered=true;\n`);

// /tampered-feature/ on the site: every script file as built, but the voice feature's changed
// after the build: the loader must refuse that one file and start the chat without voice.
const tamperedFeature = mkdtempSync(join(tmpdir(), 'agent-webchat-tampered-feature-'));
for (const name of readdirSync(dir('../dist/')).filter((file) => /^agent-webchat(-[\w-]+)?\.js$/.test(file)))
  copyFileSync(dir(`../dist/${name}`), join(tamperedFeature, name));
const voice = readFileSync(dir('../dist/agent-webchat-voice.js'), 'utf8');
writeFileSync(join(tamperedFeature, 'agent-webchat-voice.js'), `${voice};window.tampered=true;\n`);

// Every test and engine calls the same test numbers: the per-number limit is tested by unit tests.
const callbackLimits = { perVisitor: 50, perNumber: 1000, perSite: 10_000 };

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
  outboundToken: 'demo-outbound-token',
  callbackLimits,
  mounts: [
    { prefix: '/', dirs: [dir('./fixtures/'), dir('../dist/')] },
    { prefix: '/npm-app/', dirs: [dir('../demo/npm-app/dist/')] },
    { prefix: '/react-app/', dirs: [dir('../demo/react-app/dist/')] },
    { prefix: '/tampered/', dirs: [tampered] },
    { prefix: '/tampered-feature/', dirs: [tamperedFeature] },
  ],
});
const server = await startPlatformServer({
  port,
  host: '127.0.0.1',
  control: true,
  pacing: FAST_PACING,
  rateLimit: { accessTokens: UNLIMITED, sessionCreations: UNLIMITED, userMessages: UNLIMITED, chatRequests: UNLIMITED },
  staticDir: [dir('./fixtures/'), dir('../dist/'), dir('../public/')],
  // Alert rules evaluated often over windows 100× shorter (5m = 3 s), so a spec sees an alert
  // fire and resolve within seconds.
  alerts: { evaluationIntervalMs: 200, windowScale: 0.01 },
  // Every answer the specs get is checked against the OpenAPI document; the teardown reads the result.
  validateResponses: true,
});
console.log(`listening on ${server.url} (site on ${site.url})`);
const stop = () =>
  void Promise.all([site.close(), server.close()]).then(() => {
    rmSync(tampered, { recursive: true, force: true });
    rmSync(tamperedFeature, { recursive: true, force: true });
    process.exit(0);
  });
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
