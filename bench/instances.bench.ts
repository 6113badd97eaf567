// `npm run bench:instances`: the site backend's token and callback endpoints as two instances in
// separate processes (src/server/testing/site-instance.ts), their limits and memories in each
// process's memory, then shared through one redis-server. This process is the load (requests
// alternate between the instances, as a round-robin load balancer sends them) and a fake platform
// that answers at once, so the figures are the endpoints' own cost plus loopback.
//   token:    POST /token without a cookie: limit, access token + session from the platform, binding stored
//   callback: POST /api/callback by a bound visitor: binding, lock, current call, three limits, placement, call stored
// Prints requests per second and latency percentiles per endpoint and mode, and the CPU time the
// two instances spent per request: on a machine busy with other work the wall-clock figures follow
// the contention, the CPU time much less.
// BENCH_REQUESTS (default 1000) per endpoint and mode, BENCH_CONCURRENCY (default 32) in flight,
// BENCH_MODES (default `memory,redis`) which modes, in that order.

import type { ServerResponse } from 'node:http';
import { type RunningInstance, startInstance } from '../src/server/testing/instances';
import { startRedis } from '../src/server/testing/redis-server';
import { type SeenRequest, sendJson, startFakeUpstream } from '../src/server/testing/servers';
import { newVisitorId } from '../src/server/visitor-cookie';

const REQUESTS = Number(process.env['BENCH_REQUESTS'] ?? 1000);
const CONCURRENCY = Number(process.env['BENCH_CONCURRENCY'] ?? 32);
// Enough for both processes and this one to have compiled their hot paths (the first row was slower otherwise).
const WARM_UP = 300;
const JSON_TYPE = { 'Content-Type': 'application/json' };

let placed = 0;
let minted = 0;
function platform(seen: SeenRequest, res: ServerResponse): void {
  if (seen.path === '/api/v1/access-token') return sendJson(res, 200, { access_token: `token-${++minted}`, expires_in: 600 });
  if (seen.path === '/api/v1/sessions') return sendJson(res, 200, { session_id: `session-${minted}` });
  if (seen.path === '/v1/outbound-calling') return sendJson(res, 200, { call_sid: `OUT-${++placed}` });
  sendJson(res, 200, { status: 'success', reason: '' });
}

interface Figures {
  perSecond: number;
  /** CPU time of both instances per request, ms. */
  cpuMs: number;
  p50: number;
  p99: number;
  statuses: Map<number, number>;
}

async function cpuMicroseconds(instances: readonly RunningInstance[]): Promise<number> {
  let total = 0;
  for (const instance of instances) total += Number((await (await fetch(`${instance.url}/cpu`)).json()).microseconds);
  return total;
}

/** `count` requests, `CONCURRENCY` at a time; `send(i)` makes the i-th. */
async function load(instances: readonly RunningInstance[], count: number, send: (index: number) => Promise<Response>): Promise<Figures> {
  const cpuBefore = await cpuMicroseconds(instances);
  const latencies: number[] = [];
  const statuses = new Map<number, number>();
  let next = 0;
  const started = performance.now();
  await Promise.all(
    Array.from({ length: CONCURRENCY }, async () => {
      while (next < count) {
        const index = next++;
        const at = performance.now();
        const response = await send(index);
        await response.arrayBuffer();
        latencies.push(performance.now() - at);
        statuses.set(response.status, (statuses.get(response.status) ?? 0) + 1);
      }
    }),
  );
  const seconds = (performance.now() - started) / 1000;
  const cpuMs = (await cpuMicroseconds(instances)) - cpuBefore;
  latencies.sort((a, b) => a - b);
  const at = (fraction: number) => latencies[Math.min(latencies.length - 1, Math.ceil(fraction * latencies.length) - 1)] ?? Number.NaN;
  return { perSecond: count / seconds, cpuMs: cpuMs / 1000 / count, p50: at(0.5), p99: at(0.99), statuses };
}

async function seed(instance: RunningInstance, visitorId: string, sessionId: string): Promise<void> {
  const answer = await fetch(`${instance.url}/seed`, {
    method: 'POST',
    headers: JSON_TYPE,
    body: JSON.stringify({ visitorId, sessionId }),
  });
  if (answer.status !== 204) throw new Error(`seeding answered ${answer.status}`);
}

async function measure(mode: 'memory' | 'redis', platformUrl: string): Promise<Record<string, Figures>> {
  const redis = mode === 'redis' ? await startRedis() : undefined;
  const config = {
    platformUrl,
    ...(redis ? { redisUrl: redis.url } : {}),
    callbackLimits: { perVisitor: 1_000_000, perNumber: 1_000_000, perSite: 1_000_000 },
  };
  const instances = await Promise.all([startInstance(config), startInstance(config)]);
  const at = (index: number) => instances[index % instances.length]!;
  try {
    const token = (index: number) => fetch(`${at(index).url}/token`, { method: 'POST', headers: JSON_TYPE, body: '{"streaming":true}' });
    await load(instances, WARM_UP, token);
    const tokenFigures = await load(instances, REQUESTS, token);

    // One bound visitor per request, bound on the instance that will receive it (memory mode needs it).
    const visitors = Array.from({ length: WARM_UP + REQUESTS }, () => newVisitorId());
    for (let start = 0; start < visitors.length; start += 50) {
      await Promise.all(visitors.slice(start, start + 50).map((id, offset) => seed(at(start + offset), id, `session-${start + offset}`)));
    }
    const callback = (offset: number) => (index: number) =>
      fetch(`${at(offset + index).url}/api/callback`, {
        method: 'POST',
        headers: { ...JSON_TYPE, Cookie: `agent_webchat=${visitors[offset + index]}` },
        body: JSON.stringify({ to_number: `+1202555${String(100 + ((offset + index) % 800)).padStart(4, '0')}` }),
      });
    await load(instances, WARM_UP, callback(0));
    const callbackFigures = await load(instances, REQUESTS, callback(WARM_UP));
    return { token: tokenFigures, callback: callbackFigures };
  } finally {
    await Promise.all(instances.map((instance) => instance.stop()));
    await redis?.stop();
  }
}

const upstream = await startFakeUpstream(platform);
console.log(
  `instances bench: 2 site instances (separate processes), fake platform answering at once, ${REQUESTS} requests per row, ${CONCURRENCY} in flight, round-robin`,
);
try {
  const modes = (process.env['BENCH_MODES'] ?? 'memory,redis').split(',').filter((mode) => mode === 'memory' || mode === 'redis');
  for (const mode of modes) {
    const figures = await measure(mode, upstream.url);
    for (const [endpoint, row] of Object.entries(figures)) {
      const statuses = [...row.statuses].map(([status, count]) => `${count}×${status}`).join(' ');
      console.log(
        `${endpoint.padEnd(8)} ${mode.padEnd(6)} ${row.perSecond.toFixed(0).padStart(6)} req/s  p50 ${row.p50.toFixed(1)} ms  p99 ${row.p99.toFixed(1)} ms  CPU ${row.cpuMs.toFixed(2)} ms/request  ${statuses}`,
      );
    }
  }
} finally {
  await upstream.close();
}
