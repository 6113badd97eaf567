// `npm run platform -- --port <p> [--control]`: the platform alone, serving public/.

import { fileURLToPath } from 'node:url';
import { parseCliArgs, USAGE } from './cli-args';
import { buildConsoleWhenMissing } from './console/console-build';
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
buildConsoleWhenMissing().catch((error: unknown) => {
  // The APIs work without it: /console/ then answers 503 saying how to build it.
  console.error(`The console could not be built: ${error instanceof Error ? error.message : String(error)}`);
});
console.log(`console on ${server.url}/console/`);

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
