// `npx tsx bench/server-load.ts`: the backend helpers under load, on loopback only.
//   1. 500 concurrent token requests and 500 concurrent Chat proxy requests against a local fake
//      upstream (which answers after 20 ms), with latency percentiles;
//   2. 50 hostile uploads at once: 20 chunked 10 MiB bodies sent as fast as the server reads,
//      15 that declare 100 MiB and stall, 15 that trickle one byte every 100 ms;
// while sampling this process's resident memory. Exits non-zero when the peak exceeds the baseline
// by more than MEMORY_BOUND_MB, when a request gets an unexpected answer, or after 60 s.

import type { ServerResponse } from 'node:http';
import { createChatProxy, createTokenEndpoint } from '../src/server/index';
import { type RawRequest, rawRequest, type SeenRequest, sendJson, serveHandler, startFakeUpstream } from '../src/server/testing/servers';

const MEMORY_BOUND_MB = 64;
const DEADLINE_MS = 60_000;
const CONCURRENT = 500;

const deadline = setTimeout(() => {
  console.error(`server-load: not finished after ${DEADLINE_MS / 1000} s`);
  process.exit(1);
}, DEADLINE_MS);

const megabytes = (bytes: number): string => (bytes / 1024 / 1024).toFixed(1);

function percentile(sorted: readonly number[], fraction: number): number {
  return sorted[Math.min(sorted.length - 1, Math.ceil(fraction * sorted.length) - 1)] ?? Number.NaN;
}

interface Outcome {
  ms: number;
  status: number | 'reset';
}

async function timed(url: string, spec: RawRequest): Promise<Outcome> {
  const start = performance.now();
  try {
    const answer = await rawRequest(url, spec);
    return { ms: performance.now() - start, status: answer.status };
  } catch {
    return { ms: performance.now() - start, status: 'reset' };
  }
}

function report(name: string, outcomes: readonly Outcome[], expected: ReadonlyArray<number | 'reset'>): boolean {
  const sorted = outcomes.map((outcome) => outcome.ms).sort((a, b) => a - b);
  const statuses = new Map<string, number>();
  for (const { status } of outcomes) statuses.set(String(status), (statuses.get(String(status)) ?? 0) + 1);
  const fmt = (ms: number) => ms.toFixed(1).padStart(8);
  console.log(
    `${name.padEnd(34)} n=${String(outcomes.length).padStart(3)}  p50 ${fmt(percentile(sorted, 0.5))} ms  p95 ${fmt(percentile(sorted, 0.95))} ms  p99 ${fmt(percentile(sorted, 0.99))} ms  ${[...statuses].map(([status, count]) => `${status}×${count}`).join(' ')}`,
  );
  return outcomes.every((outcome) => expected.includes(outcome.status));
}

async function main(): Promise<number> {
  const upstream = await startFakeUpstream(async (seen: SeenRequest, res: ServerResponse) => {
    await new Promise((wake) => setTimeout(wake, 20));
    if (seen.path === '/api/v1/access-token')
      return sendJson(res, 200, { access_token: 'bench-token', expires_in: 600, token_type: 'Bearer' });
    sendJson(res, 200, { chat_id: 'bench-chat', messages: [{ text: 'hello' }] });
  });
  const tokens = await serveHandler(
    createTokenEndpoint({ messagingUrl: upstream.url, connectorToken: 'bench-connector', host: 'bench.example', rateLimit: false }),
  );
  const proxy = await serveHandler(
    createChatProxy({ chatUrl: `${upstream.url}/chat`, apiKey: 'bench-key', token: 'bench-chat-token', bodyTimeoutMs: 2000 }),
  );

  let peak = 0;
  const sample = () => {
    peak = Math.max(peak, process.memoryUsage.rss());
  };
  const json = { 'Content-Type': 'application/json' };
  // Warm up sockets, JIT and buffers so the baseline is the steady state, not a cold start.
  await Promise.all(Array.from({ length: 50 }, () => timed(tokens.url, { headers: json, parts: ['{}'] })));
  await Promise.all(Array.from({ length: 50 }, () => timed(proxy.url, { path: '/api/chat/create', headers: json, parts: ['{}'] })));
  globalThis.gc?.();
  const baseline = process.memoryUsage.rss();
  const sampler = setInterval(sample, 10);

  const [tokenOutcomes, proxyOutcomes] = await Promise.all([
    Promise.all(Array.from({ length: CONCURRENT }, () => timed(tokens.url, { headers: json, parts: ['{"streaming":true}'] }))),
    Promise.all(
      Array.from({ length: CONCURRENT }, () =>
        timed(proxy.url, { path: '/api/chat/create', headers: json, parts: ['{"user_input":"hi"}'] }),
      ),
    ),
  ]);

  const tenMiB = Array.from({ length: 160 }, () => Buffer.alloc(64 * 1024, 'a'));
  const trickle = Array.from({ length: 40 }, (_, index) => (index % 2 === 0 ? 'a' : 100));
  const [chunked, stalled, slow] = await Promise.all([
    Promise.all(
      Array.from({ length: 20 }, () =>
        timed(proxy.url, { path: '/api/chat/create', headers: { ...json, 'Transfer-Encoding': 'chunked' }, parts: tenMiB }),
      ),
    ),
    Promise.all(
      Array.from({ length: 15 }, () =>
        timed(proxy.url, {
          path: '/api/chat/create',
          headers: { ...json, 'Content-Length': String(100 * 1024 * 1024) },
          parts: [Buffer.alloc(1024, 'a')],
          stall: true,
        }),
      ),
    ),
    Promise.all(
      Array.from({ length: 15 }, () =>
        timed(proxy.url, { path: '/api/chat/create', headers: { ...json, 'Content-Length': '1000' }, parts: trickle, stall: true }),
      ),
    ),
  ]);
  clearInterval(sampler);
  sample();

  console.log(`server-load (loopback, fake upstream answering after 20 ms)`);
  const fine = [
    report(`token endpoint ×${CONCURRENT} concurrent`, tokenOutcomes, [200]),
    report(`chat proxy ×${CONCURRENT} concurrent`, proxyOutcomes, [200]),
    report('chunked 10 MiB upload ×20', chunked, [413, 'reset']),
    report('Content-Length 100 MiB, stalled ×15', stalled, [413]),
    report('1 byte / 100 ms upload ×15', slow, [408]),
  ].every(Boolean);
  const growth = peak - baseline;
  console.log(
    `RSS baseline ${megabytes(baseline)} MB, peak ${megabytes(peak)} MB, growth ${megabytes(growth)} MB (bound ${MEMORY_BOUND_MB} MB)`,
  );

  await Promise.all([tokens.close(), proxy.close(), upstream.close()]);
  if (!fine) {
    console.error('server-load: unexpected answers (see the status counts above)');
    return 1;
  }
  if (growth > MEMORY_BOUND_MB * 1024 * 1024) {
    console.error(`server-load: memory grew by ${megabytes(growth)} MB, over the ${MEMORY_BOUND_MB} MB bound`);
    return 1;
  }
  return 0;
}

main().then(
  (code) => {
    clearTimeout(deadline);
    process.exit(code);
  },
  (error: unknown) => {
    console.error('server-load failed:', error);
    process.exit(1);
  },
);
