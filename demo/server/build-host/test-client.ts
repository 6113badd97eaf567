// Test helpers for the build host: a JSON client with a key, and a webhook receiver on 127.0.0.1
// that records every delivery and lets a test await the next one.

import { createServer, type IncomingHttpHeaders } from 'node:http';

export interface Answer {
  status: number;
  body: unknown;
}

export type BuildCall = (method: string, path: string, body?: unknown) => Promise<Answer>;

export function buildClient(baseUrl: string, key: string | null = 'demo-build-key'): BuildCall {
  return async (method, path, body) => {
    const headers: Record<string, string> = { 'content-type': 'application/json' };
    if (key !== null) headers['x-api-key'] = key;
    const response = await fetch(`${baseUrl}${path}`, {
      method,
      headers,
      body: body === undefined ? undefined : typeof body === 'string' ? body : JSON.stringify(body),
    });
    const text = await response.text();
    return { status: response.status, body: text === '' ? undefined : JSON.parse(text) };
  };
}

/** Reads `body.<path>` of an answer without casts: tests compare what they find. */
export function field(value: unknown, ...path: Array<string | number>): unknown {
  let current = value;
  for (const key of path) {
    if (typeof current !== 'object' || current === null) return undefined;
    current = Reflect.get(current, key);
  }
  return current;
}

export interface Delivery {
  headers: IncomingHttpHeaders;
  /** Exactly the bytes received, as text: what a signature covers. */
  body: string;
  path: string;
}

export interface WebhookReceiver {
  url: string;
  deliveries: Delivery[];
  /** Resolves with the first delivery (from now on, or already received after `fromIndex`) matching. */
  next(match?: (delivery: Delivery) => boolean, fromIndex?: number): Promise<Delivery>;
  /** Statuses to answer, in order; afterwards 200. */
  answerWith(statuses: number[]): void;
  close(): Promise<void>;
}

export async function startWebhookReceiver(): Promise<WebhookReceiver> {
  const deliveries: Delivery[] = [];
  const waiters: Array<{ match: (delivery: Delivery) => boolean; resolve: (delivery: Delivery) => void }> = [];
  let statuses: number[] = [];
  const server = createServer((req, res) => {
    const parts: Buffer[] = [];
    req.on('data', (part: Buffer) => parts.push(part));
    req.on('end', () => {
      const delivery = { headers: req.headers, body: Buffer.concat(parts).toString('utf8'), path: req.url ?? '/' };
      deliveries.push(delivery);
      res.writeHead(statuses.shift() ?? 200).end();
      for (const waiter of [...waiters]) {
        if (waiter.match(delivery)) {
          waiters.splice(waiters.indexOf(waiter), 1);
          waiter.resolve(delivery);
        }
      }
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  const port = typeof address === 'object' && address !== null ? address.port : 0;
  return {
    url: `http://127.0.0.1:${port}/hooks/alerts`,
    deliveries,
    next: (match = () => true, fromIndex) =>
      new Promise((resolve) => {
        const earlier = fromIndex === undefined ? undefined : deliveries.slice(fromIndex).find(match);
        if (earlier) resolve(earlier);
        else waiters.push({ match, resolve });
      }),
    answerWith: (list) => {
      statuses = [...list];
    },
    close: () =>
      new Promise((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}
