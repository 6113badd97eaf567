// What every site-instance process of the tests and benches shares: binding a visitor as the token
// endpoint would (POST /seed), and serving on a free loopback port until the parent stops it.

import type { IncomingMessage, Server, ServerResponse } from 'node:http';
import type { BindingStore } from '../binding-store';
import { parseJsonText } from '../json-text';
import { field } from '../upstream';
import { visitorKey } from '../visitor-cookie';

/** POST /seed `{"visitorId", "sessionId"}`: the visitor gets a live binding to that session. */
export function seedVisitor(req: IncomingMessage, res: ServerResponse, store: BindingStore): void {
  const parts: Buffer[] = [];
  req.on('data', (part: Buffer) => parts.push(part));
  req.on('end', () => {
    const body = parseJsonText(Buffer.concat(parts).toString('utf8'));
    const visitorId = field(body, 'visitorId');
    const sessionId = field(body, 'sessionId');
    if (typeof visitorId !== 'string' || typeof sessionId !== 'string') return void res.writeHead(400).end();
    void visitorKey(visitorId)
      .then((key) => store.set(key, { accessToken: 'access-secret', sessionId, expiresAt: Date.now() + 600_000, streaming: true }, 600))
      .then(
        () => res.writeHead(204).end(),
        () => res.writeHead(503).end(),
      );
  });
}

/** Listens on a free loopback port, prints `listening <url>` for the parent, and ends on SIGTERM. */
export function serveUntilStopped(server: Server, redis?: { close(): Promise<unknown> }): void {
  server.listen(0, '127.0.0.1', () => {
    const address = server.address();
    const port = typeof address === 'object' && address !== null ? address.port : 0;
    process.stdout.write(`listening http://127.0.0.1:${port}\n`);
  });
  process.on('SIGTERM', () => {
    server.closeAllConnections();
    server.close();
    void redis?.close().catch(() => undefined);
    process.exit(0);
  });
}
