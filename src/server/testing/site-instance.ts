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
import { seedVisitor, serveUntilStopped } from './instance-process';

export interface SiteInstanceConfig {
  redisUrl?: string;
  /** Base of the fake platform: messaging and outbound calling. */
  platformUrl: string;
  callbackLimits?: CallbackLimits;
  tokenLimit?: { max: number; windowSeconds: number };
}

// Written by the test or bench that started this process (testing/instances.ts).
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
  if (path === '/cpu') {
    const { user, system } = process.cpuUsage();
    return void res.writeHead(200, { 'Content-Type': 'application/json' }).end(JSON.stringify({ microseconds: user + system }));
  }
  if (path === '/ratings') return void res.writeHead(200, { 'Content-Type': 'application/json' }).end(JSON.stringify(ratings));
  if (path === '/seed' && req.method === 'POST') return seedVisitor(req, res, store);
  res.writeHead(404).end();
});
serveUntilStopped(server, redis);
