// `npm start`: the platform and the demo page in one process, on PORT (default 8787).

import { fileURLToPath } from 'node:url';
import { startPlatformServer } from './server/platform';

const port = Number(process.env['PORT'] ?? 8787);
if (!Number.isInteger(port) || port < 0 || port > 65535) {
  console.error(`PORT must be a port number, got ${String(process.env['PORT'])}`);
  process.exit(2);
}

const server = await startPlatformServer({
  port,
  host: '127.0.0.1',
  staticDir: fileURLToPath(new URL('../public/', import.meta.url)),
  indexFile: fileURLToPath(new URL('./index.html', import.meta.url)),
});
console.log(`Demo: ${server.url}/`);

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
