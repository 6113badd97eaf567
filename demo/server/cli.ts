// `npm run platform -- --port <p> [--control]`: the platform alone, serving public/.

import { fileURLToPath } from 'node:url';
import { parseCliArgs, USAGE } from './cli-args';
import { startPlatformServer } from './platform';

const parsed = parseCliArgs(process.argv.slice(2));
if (!parsed.ok) {
  console.error(`${parsed.error}\n${USAGE}`);
  process.exit(2);
}

const server = await startPlatformServer({
  ...parsed.options,
  host: '127.0.0.1',
  staticDir: fileURLToPath(new URL('../../public/', import.meta.url)),
});
console.log(`listening on ${server.url}`);

let closing = false;
const shutdown = (): void => {
  if (closing) return;
  closing = true;
  server.close().then(
    () => process.exit(0),
    () => process.exit(1),
  );
};
process.on('SIGINT', shutdown);
process.on('SIGTERM', shutdown);
