// `npx tsx bench/server-load.ts`: the backend helpers under load, on loopback only.
// The handlers run in a child process (bench/server-load-target.ts) so its memory is theirs alone;
// this process is the load and a fake upstream that answers after 20 ms.
//   1. 50 hostile uploads at once: 20 chunked 10 MiB bodies sent as fast as the server reads,
//      15 that declare 100 MiB and stall, 15 that trickle one byte every 100 ms;
//   2. 500 concurrent token requests and 500 concurrent Chat proxy requests, latency percentiles.
// Prints the handler process's RSS (baseline after warm-up, peak per phase; the uploads run first,
// from the baseline). Exits non-zero when a phase's growth over the baseline passes its bound
// (UPLOAD_BOUND_MB, CONCURRENT_BOUND_MB), on an unexpected answer, or after 90 s.

import { type ChildProcess, fork } from 'node:child_process';
import type { ServerResponse } from 'node:http';
import { fileURLToPath } from 'node:url';
import { type RawRequest, rawRequest, type SeenRequest, sendJson, startFakeUpstream } from '../src/server/testing/servers';

/** Growth allowed over the warmed-up baseline while 50 hostile uploads are in flight. */
const UPLOAD_BOUND_MB = 32;
/** Growth allowed while 1,000 requests are in flight (sockets, parsers, upstream connections). */
const CONCURRENT_BOUND_MB = 96;
const DEADLINE_MS = 90_000;
const CONCURRENT = 500;
const JSON_TYPE = { 'Content-Type': 'application/json' };

let target: ChildProcess | undefined;
const deadline = setTimeout(() => {
  console.error(`server-load: not finished after ${DEADLINE_MS / 1000} s`);
  target?.kill();
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
  const ms = (value: number) => value.toFixed(1).padStart(8);
  const counts = [...statuses].map(([status, count]) => `${status}×${count}`).join(' ');
  console.log(
    `${name.padEnd(36)} p50 ${ms(percentile(sorted, 0.5))} ms  p95 ${ms(percentile(sorted, 0.95))} ms  p99 ${ms(percentile(sorted, 0.99))} ms  ${counts}`,
  );
  return outcomes.every((outcome) => expected.includes(outcome.status));
}

/** Sends one IPC message and waits for the next answer of the child. */
function ask<Answer>(child: ChildProcess, message: unknown, read: (value: unknown) => Answer | undefined): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const onMessage = (value: unknown) => {
      const answer = read(value);
      if (answer === undefined) return;
      child.off('message', onMessage);
      resolve(answer);
    };
    child.on('message', onMessage);
    child.once('exit', (code) => reject(new Error(`server-load-target exited with ${code}`)));
    child.send(message as never);
  });
}

const field = (value: unknown, name: string): unknown =>
  typeof value === 'object' && value !== null && Object.hasOwn(value, name) ? Reflect.get(value, name) : undefined;
const rssOf = (value: unknown) => {
  const rss = field(value, 'rss');
  return typeof rss === 'number' ? rss : undefined;
};

async function main(): Promise<number> {
  const upstream = await startFakeUpstream(async (seen: SeenRequest, res: ServerResponse) => {
    await new Promise((wake) => setTimeout(wake, 20));
    if (seen.path === '/api/v1/access-token')
      return sendJson(res, 200, { access_token: 'bench-token', expires_in: 600, token_type: 'Bearer' });
    sendJson(res, 200, { chat_id: 'bench-chat', messages: [{ text: 'hello' }] });
  });
  const child = fork(fileURLToPath(new URL('./server-load-target.ts', import.meta.url)), [], {
    execArgv: ['--import', 'tsx', '--expose-gc'],
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  target = child;
  const urls = await ask(child, { upstreamUrl: upstream.url }, (value) => {
    const tokensUrl = field(value, 'tokensUrl');
    const proxyUrl = field(value, 'proxyUrl');
    return typeof tokensUrl === 'string' && typeof proxyUrl === 'string' ? { tokensUrl, proxyUrl } : undefined;
  });

  // Warm up sockets, JIT and buffers so the baseline is the steady state, not a cold start.
  await Promise.all(Array.from({ length: 100 }, () => timed(urls.tokensUrl, { headers: JSON_TYPE, parts: ['{}'] })));
  await Promise.all(
    Array.from({ length: 100 }, () => timed(urls.proxyUrl, { path: '/api/chat/create', headers: JSON_TYPE, parts: ['{}'] })),
  );
  const baseline = await ask(child, 'baseline', rssOf);

  const tenMiB = Array.from({ length: 160 }, () => Buffer.alloc(64 * 1024, 'a'));
  const trickle = Array.from({ length: 40 }, (_, index) => (index % 2 === 0 ? 'a' : 100));
  const upload = (headers: Record<string, string>, spec: Omit<RawRequest, 'path' | 'headers'>) =>
    timed(urls.proxyUrl, { path: '/api/chat/create', headers: { ...JSON_TYPE, ...headers }, ...spec });
  const [chunked, stalled, slow] = await Promise.all([
    Promise.all(Array.from({ length: 20 }, () => upload({ 'Transfer-Encoding': 'chunked' }, { parts: tenMiB }))),
    Promise.all(
      Array.from({ length: 15 }, () =>
        upload({ 'Content-Length': String(100 * 1024 * 1024) }, { parts: [Buffer.alloc(1024, 'a')], stall: true }),
      ),
    ),
    Promise.all(Array.from({ length: 15 }, () => upload({ 'Content-Length': '1000' }, { parts: trickle, stall: true }))),
  ]);
  const uploadPeak = await ask(child, 'peak', rssOf);
  // The uploads' memory (process at rest): what the hostile bodies cost, nothing else.
  const restingAfterUploads = await ask(child, 'baseline', rssOf);

  const [tokenOutcomes, proxyOutcomes] = await Promise.all([
    Promise.all(Array.from({ length: CONCURRENT }, () => timed(urls.tokensUrl, { headers: JSON_TYPE, parts: ['{"streaming":true}'] }))),
    Promise.all(
      Array.from({ length: CONCURRENT }, () =>
        timed(urls.proxyUrl, { path: '/api/chat/create', headers: JSON_TYPE, parts: ['{"user_input":"hi"}'] }),
      ),
    ),
  ]);
  const concurrentPeak = await ask(child, 'peak', rssOf);

  console.log('server-load: loopback, handlers in a child process, fake upstream answering after 20 ms');
  const fine = [
    report('chunked 10 MiB upload ×20', chunked, [413]),
    report('Content-Length 100 MiB, stalled ×15', stalled, [413]),
    report('1 byte / 100 ms upload ×15', slow, [408]),
    report(`token endpoint ×${CONCURRENT} concurrent`, tokenOutcomes, [200]),
    report(`chat proxy ×${CONCURRENT} concurrent`, proxyOutcomes, [200]),
  ].every(Boolean);
  const uploadGrowth = uploadPeak - baseline;
  const concurrentGrowth = concurrentPeak - baseline;
  console.log(
    `handler process RSS: baseline ${megabytes(baseline)} MB; 50 uploads: peak ${megabytes(uploadPeak)} MB ` +
      `(+${megabytes(uploadGrowth)} MB, bound +${UPLOAD_BOUND_MB} MB), at rest after them ${megabytes(restingAfterUploads)} MB; ` +
      `1,000 requests: peak ${megabytes(concurrentPeak)} MB (+${megabytes(concurrentGrowth)} MB, bound +${CONCURRENT_BOUND_MB} MB)`,
  );
  child.disconnect();
  await upstream.close();
  if (!fine) {
    console.error('server-load: unexpected answers (see the status counts above)');
    return 1;
  }
  if (uploadGrowth > UPLOAD_BOUND_MB * 1024 * 1024 || concurrentGrowth > CONCURRENT_BOUND_MB * 1024 * 1024) {
    console.error('server-load: memory grew over its bound');
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
    target?.kill();
    process.exit(1);
  },
);
