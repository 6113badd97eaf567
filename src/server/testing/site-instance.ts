// One instance of a site's backend in its own process, for the tests and the bench of several
// instances: the token, callback and rating endpoints on one port, sharing Redis when given its URL.
// Config (JSON in SITE_INSTANCE_CONFIG); prints `listening <url>` once it serves.
//
//   POST /token              createTokenEndpoint (continuity)
//   *    /api/callback[/sid] createCallbackEndpoint
//   *    /api/rating         createRatingEndpoint; GET /ratings lists what its hook received
//   POST /seed               {"visitorId", "sessionId"}: binds a visitor as the token endpoint would

import { createServer } from 'node:http';
import { createClient } from 'redis';
import { createMemoryBindingStore } from '../binding-store';
import { type CallbackLimits, createCallbackEndpoint } from '../callback-endpoint';
import { toNodeListener } from '../node-adapter';
import { createRatingEndpoint, type Rating } from '../rating-endpoint';
import { createRedisBindingStore } from '../redis-binding-store';
import { createTokenEndpoint } from '../token-endpoint';
import { visitorKey } from '../visitor-cookie';

export interface SiteInstanceConfig {
  redisUrl?: string;
  /** Base of the fake platform: messaging and outbound calling. */
  platformUrl: string;
  callbackLimits?: CallbackLimits;
  tokenLimit?: { max: number; windowSeconds: number };
}

const config: SiteInstanceConfig = JSON.parse(process.env['SITE_INSTANCE_CONFIG'] ?? '{}');
const redis = config.redisUrl
  ? createClient({ url: config.redisUrl, socket: { reconnectStrategy: (retries) => Math.min(50 * (retries + 1), 200) } })
  : undefined;
// Without a listener node-redis throws its connection errors: Redis going away must not end the site.
redis?.on('error', () => undefined);
await redis?.connect();
const store = redis ? createRedisBindingStore(redis) : createMemoryBindingStore();
const ratings: Rating[] = [];

const token = toNodeListener(
  createTokenEndpoint({
    messagingUrl: config.platformUrl,
    connectorToken: 'connector-secret',
    host: 'site.example',
    continuity: { store },
    rateLimit: config.tokenLimit ?? { max: 1_000_000, windowSeconds: 60 },
    redis,
  }),
);
const callback = toNodeListener(
  createCallbackEndpoint({
    runtimeUrl: config.platformUrl,
    serviceAuthToken: 'service-secret',
    allowedCountries: ['US', 'GB', 'FR'],
    continuity: { store },
    limits: config.callbackLimits,
    statusRateLimit: { max: 1_000_000, windowSeconds: 60 },
    path: '/api/callback',
    placeRetries: 0,
    redis,
  }),
);
const rating = toNodeListener(createRatingEndpoint({ continuity: { store }, onRating: (value) => void ratings.push(value), redis }));

const server = createServer((req, res) => {
  const path = (req.url ?? '/').split('?')[0] ?? '/';
  if (path === '/token') return token(req, res);
  if (path === '/api/callback' || path.startsWith('/api/callback/')) return callback(req, res);
  if (path === '/api/rating') return rating(req, res);
  if (path === '/ratings') return void res.writeHead(200, { 'Content-Type': 'application/json' }).end(JSON.stringify(ratings));
  if (path === '/seed' && req.method === 'POST') {
    const parts: Buffer[] = [];
    req.on('data', (part: Buffer) => parts.push(part));
    req.on('end', () => {
      const { visitorId, sessionId } = JSON.parse(Buffer.concat(parts).toString('utf8'));
      void visitorKey(String(visitorId))
        .then((key) =>
          store.set(
            key,
            { accessToken: 'access-secret', sessionId: String(sessionId), expiresAt: Date.now() + 600_000, streaming: true },
            600,
          ),
        )
        .then(
          () => res.writeHead(204).end(),
          () => res.writeHead(503).end(),
        );
    });
    return;
  }
  res.writeHead(404).end();
});
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
