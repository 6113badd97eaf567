// Prints the Conversations API's figures with 100,000 stored conversations, measured over HTTP on
// loopback against the reference server in its own process (`--seed-history 100000`): a cursor
// page of 500, transcript and semantic searches (medians of many requests, from the request to
// the last byte of the JSON answer); the
// memory the stored conversations and their search indexes take per turn; and how long
// `npm run platform` takes to print "listening".
// Targets on a 2-core machine: page ≤ 25 ms, transcript ≤ 50 ms, semantic ≤ 200 ms,
// ≤ 2 KB per stored turn, listening within 2 s.
// Every answer is also checked against the platform's OpenAPI document (outside the timings).
// Run: node --expose-gc --import tsx bench/conversations.bench.ts   (BENCH_CONVERSATIONS=n to change the count)

import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { ConversationIndex } from '../demo/server/conversations/conversation-index';
import { PlatformModel } from '../demo/server/model/platform-model';
import { seedHistory } from '../demo/server/model/seed-history';
import { checkQuery } from '../demo/server/openapi/request-validation';
import { checkAnswer } from '../demo/server/openapi/response-validation';

const COUNT = Number(process.env['BENCH_CONVERSATIONS'] ?? 100_000);
const REPO = fileURLToPath(new URL('../', import.meta.url));
const KEY = { 'x-api-key': 'demo-api-key' };

function median(samples: readonly number[]): number {
  const sorted = [...samples].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] ?? Number.NaN;
}

function settleHeap(): number {
  const collect = (globalThis as { gc?: () => void }).gc;
  collect?.();
  collect?.();
  const usage = process.memoryUsage();
  return usage.heapUsed + usage.arrayBuffers;
}

async function memoryPerTurn(): Promise<void> {
  const before = settleHeap();
  const model = new PlatformModel();
  const index = new ConversationIndex(model.conversations);
  const started = performance.now();
  seedHistory(model, { count: COUNT, seed: 1 });
  const seedMs = performance.now() - started;
  const after = settleHeap();
  let turns = 0;
  for (const record of model.conversations.ordered()) turns += record.turns.length;
  const bytes = after - before;
  const gcNote = 'gc' in globalThis ? '' : ' (run with --expose-gc for settled figures)';
  console.log(
    `memory: ${COUNT.toLocaleString('en')} conversations, ${turns.toLocaleString('en')} turns, ${(bytes / 1048576).toFixed(1)} MB with indexes ` +
      `→ ${(bytes / turns).toFixed(0)} B per turn (target ≤ 2048)${gcNote}; stored and indexed in ${(seedMs / 1000).toFixed(1)} s; ` +
      `search postings ${(index.postingBytes() / turns).toFixed(0)} B per turn`,
  );
}

/** What checking a query against the OpenAPI document costs one request (the bench's own page query and a filtered one). */
function validationCost(): void {
  const queries = [
    new URLSearchParams('limit=500'),
    new URLSearchParams(
      'limit=100&client_env=live&channel=voice&channel=chat&in_progress=false&start_time=2026-01-01T00:00:00Z&end_time=2026-12-31T00:00:00Z',
    ),
  ];
  for (const query of queries) checkQuery('listConversationsV3', query);
  const rounds = 20_000;
  const started = performance.now();
  for (let round = 0; round < rounds; round += 1) for (const query of queries) checkQuery('listConversationsV3', query);
  const microseconds = ((performance.now() - started) * 1000) / (rounds * queries.length);
  console.log(`request validation against the OpenAPI document: ${microseconds.toFixed(1)} µs per Conversations query`);
}

let checkedAnswers = 0;
const outsideDocument: string[] = [];

async function timed(url: string): Promise<{ ms: number; serverMs: number; body: Record<string, unknown> }> {
  const start = performance.now();
  const response = await fetch(url, { headers: KEY });
  const text = await response.text();
  const ms = performance.now() - start;
  const serverMs = Number(/dur=([\d.]+)/.exec(response.headers.get('Server-Timing') ?? '')?.[1]);
  // Every answer is checked against the OpenAPI document, after the clock stopped.
  const problem = checkAnswer('GET', new URL(url).pathname, response.status, response.headers.get('content-type') ?? '', text);
  checkedAnswers += 1;
  if (problem) outsideDocument.push(`${url}: ${problem}`);
  if (response.status !== 200) throw new Error(`${response.status} ${text.slice(0, 200)}`);
  const body: unknown = JSON.parse(text);
  if (typeof body !== 'object' || body === null) throw new Error('not an object');
  return { ms, serverMs, body: Object.fromEntries(Object.entries(body)) };
}

/** `npm run platform` with the seeded history, in a child process: the client's work is not the server's. */
function startSeededPlatform(): Promise<{ url: string; stop: () => void }> {
  return new Promise((resolve, reject) => {
    const child = spawn(
      process.execPath,
      ['--import', 'tsx', 'demo/server/cli.ts', '--port', '0', '--seed-history', String(COUNT), '--seed', '1'],
      {
        cwd: REPO,
        stdio: ['ignore', 'pipe', 'inherit'],
      },
    );
    let output = '';
    child.stdout.on('data', (data: Buffer) => {
      output += data.toString();
      const url = /listening on (http:\/\/\S+)/.exec(output)?.[1];
      if (url) resolve({ url, stop: () => child.kill('SIGTERM') });
    });
    child.on('exit', (code) => reject(new Error(`platform exited (${code})`)));
  });
}

async function apiLatency(): Promise<void> {
  const server = await startSeededPlatform();
  const base = `${server.url}/v3/demo-account/demo-project/conversations`;
  const range = `start_time=${new Date(Date.now() - 40 * 86_400_000).toISOString()}&end_time=${new Date().toISOString()}`;

  // Cursor pages of 500 across the whole live history (all channels).
  const pages: number[] = [];
  const pagesServer: number[] = [];
  let cursor: unknown = null;
  let served = 0;
  for (let page = 0; page < 60; page += 1) {
    const query = `limit=500${typeof cursor === 'string' ? `&cursor=${cursor}` : ''}`;
    const { ms, serverMs, body } = await timed(`${base}?${query}`);
    pages.push(ms);
    pagesServer.push(serverMs);
    served += Array.isArray(body['conversations']) ? body['conversations'].length : 0;
    cursor = body['cursor'];
    if (cursor === null) break;
  }
  console.log(
    `cursor page of 500: median ${median(pages.slice(1)).toFixed(1)} ms to the last byte (server ${median(pagesServer.slice(1)).toFixed(1)} ms), worst ${Math.max(...pages).toFixed(1)} ms over ${pages.length} pages (${served} conversations) (target ≤ 25 ms)`,
  );

  for (const [label, query, target] of [
    ['transcript search "book a table" (page of 100)', 'query_type=transcript&query=book%20a%20table&limit=100', 50],
    ['transcript search "where is my parcel" (page of 100)', 'query_type=transcript&query=where%20is%20my%20parcel&limit=100', 50],
    ['semantic search "settle my invoice" (page of 100)', 'query_type=semantic&query=settle%20my%20invoice&limit=100', 200],
    [
      'semantic search "speak to a real person about a refund" (page of 100)',
      'query_type=semantic&query=speak%20to%20a%20real%20person%20about%20a%20refund&limit=100',
      200,
    ],
  ] as const) {
    const samples: number[] = [];
    const serverSamples: number[] = [];
    let matched = 0;
    for (let run = 0; run < 15; run += 1) {
      const { ms, serverMs, body } = await timed(`${base}?${range}&${query}`);
      samples.push(ms);
      serverSamples.push(serverMs);
      matched = Array.isArray(body['conversations']) ? body['conversations'].length : 0;
    }
    console.log(
      `${label}: median ${median(samples.slice(1)).toFixed(1)} ms (server ${median(serverSamples.slice(1)).toFixed(1)} ms), worst ${Math.max(...samples).toFixed(1)} ms, ${matched} on the page (target ≤ ${target} ms)`,
    );
  }
  server.stop();
}

function listeningTime(): Promise<void> {
  return new Promise((resolve, reject) => {
    const started = performance.now();
    // Its own process group: npm does not pass SIGTERM on to the server it started, the group gets it.
    const child = spawn('npm', ['run', 'platform', '--', '--port', '0'], {
      cwd: REPO,
      stdio: ['ignore', 'pipe', 'inherit'],
      detached: true,
    });
    let output = '';
    child.stdout.on('data', (data: Buffer) => {
      output += data.toString();
      if (output.includes('listening on')) {
        console.log(`npm run platform → "listening": ${((performance.now() - started) / 1000).toFixed(2)} s (target ≤ 2 s)`);
        if (child.pid !== undefined) process.kill(-child.pid, 'SIGTERM');
        resolve();
      }
    });
    child.on('exit', (code) => {
      if (!output.includes('listening on')) reject(new Error(`platform exited (${code}) before listening`));
    });
  });
}

console.log(
  `load average before: ${(await import('node:os'))
    .loadavg()
    .map((value) => value.toFixed(1))
    .join(' ')} (2 cores)`,
);
await memoryPerTurn();
validationCost();
await apiLatency();
await listeningTime();
console.log(`answers checked against the OpenAPI document: ${checkedAnswers}, outside it: ${outsideDocument.length}`);
if (outsideDocument.length > 0) {
  console.error(outsideDocument.join('\n'));
  process.exitCode = 1;
}
