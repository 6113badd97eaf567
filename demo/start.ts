// `npm start`: a realistic two-origin setup on 127.0.0.1, in one process.
//   PORT     (default 8787) the site: demo page, the script bundle (dist/), the npm example app
//            (demo/npm-app/dist), the React one (demo/react-app/dist) and the site backend made with `agent-webchat/server`.
//   PORT + 1 the reference platform (Messaging API + Chat REST), without the control API.

import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { startPlatformServer } from './server/platform';
import { startSiteServer } from './site-server';

const port = Number(process.env['PORT'] ?? 8787);
if (!Number.isInteger(port) || port < 1 || port > 65534) {
  console.error(`PORT must be a port number below 65535 (the platform takes PORT+1), got ${String(process.env['PORT'])}`);
  process.exit(2);
}
const path = (relative: string) => fileURLToPath(new URL(relative, import.meta.url));

const npmApp = path('./npm-app/dist/');
const reactApp = path('./react-app/dist/');
if (!existsSync(path('../dist/agent-webchat.js'))) console.warn('dist/agent-webchat.js is missing: run `npm run build` first.');
if (!existsSync(npmApp)) console.warn('demo/npm-app/dist is missing: run `npm run build:demo-app` for the npm example.');
if (!existsSync(reactApp)) console.warn('demo/react-app/dist is missing: run `npm run build:react-app` for the React example.');

const platform = await startPlatformServer({
  port: port + 1,
  host: '127.0.0.1',
  staticDir: path('../public/'),
});
const site = await startSiteServer({
  port,
  host: '127.0.0.1',
  platformUrl: platform.url,
  connectorToken: 'demo-connector-token',
  tokenHost: '127.0.0.1',
  chat: { apiKey: 'demo-api-key', token: 'demo-connector-token', account: 'demo-account', project: 'demo-project' },
  publicConnectorToken: 'demo-connector-token',
  // "Call me" rings through the platform's Outbound Calling API (the test numbers decide the outcome).
  outboundToken: 'demo-outbound-token',
  indexFile: path('./index.html'),
  scripts: { '/demo-page.js': path('./demo-page.ts'), '/page-two.js': path('./page-two.ts') },
  mounts: [
    { prefix: '/', dirs: [path('./assets/'), path('../dist/')] },
    { prefix: '/npm-app/', dirs: [npmApp] },
    { prefix: '/react-app/', dirs: [reactApp] },
  ],
}).catch(async (error: unknown) => {
  await platform.close();
  throw error;
});
console.log(`Platform: ${platform.url}/ (Messaging API, Chat REST)`);
console.log(`Demo: ${site.url}/`);

let closing = false;
const shutdown = (): void => {
  if (closing) return;
  closing = true;
  Promise.all([site.close(), platform.close()]).then(
    () => process.exit(0),
    () => process.exit(1),
  );
};
process.on('SIGINT', shutdown);
process.on('SIGTERM', shutdown);
