// The e2e world: the reference platform with its fault-injection control API, quick pacing and
// no rate limits, also serving the fixture pages, public/ and the built dist/ bundle — one origin.

import { fileURLToPath } from 'node:url';
import { FAST_PACING } from '../demo/server/cli-args';
import { UNLIMITED } from '../demo/server/options';
import { startPlatformServer } from '../demo/server/platform';

const port = Number(process.env['E2E_PORT'] ?? 4310);
const dir = (path: string) => fileURLToPath(new URL(path, import.meta.url));

const server = await startPlatformServer({
  port,
  host: '127.0.0.1',
  control: true,
  pacing: FAST_PACING,
  rateLimit: { accessTokens: UNLIMITED, sessionCreations: UNLIMITED, userMessages: UNLIMITED, chatRequests: UNLIMITED },
  staticDir: [dir('./fixtures/'), dir('../dist/'), dir('../public/')],
});
console.log(`listening on ${server.url}`);
const stop = () => void server.close().then(() => process.exit(0));
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
