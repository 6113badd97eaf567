// `npx tsx bench/upload.bench.ts`: a 10 MB upload through the upload endpoint on loopback. The
// endpoint runs alone in a child process (src/server/testing/upload-instance.ts, disk storage in a
// temporary directory), so its memory is its own: before each upload the child's peak-RSS mark is
// reset (/proc/<pid>/clear_refs, Linux), and the peak it reaches while receiving, judging and
// storing the file is read back (VmHWM), with VmRSS also sampled every 5 ms. The growth of the
// peak over the RSS before the upload is what the upload cost in memory: it must stay well under
// the file's size, since the body is streamed to a temporary file, never held whole.
// Prints, per run: the time from the first byte sent to the 201, throughput, and the peak growth.
// A 50 MiB file is measured too: were the body held whole, the growth would follow the size.
// Three warm-up uploads first: over the first ones the heap grows to its working size (~12 MiB once,
// the same for 10 or 50 MiB files), which is the process's, not the upload's, cost. A later run may
// still show such a step when a GC had given pages back (see "RSS before"); the median is the upload's.
// BENCH_RUNS (default 5) measured uploads per size; BENCH_MB (default `10,50`) the sizes.

import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { startListening } from '../src/server/testing/instances';
import { rawRequest } from '../src/server/testing/servers';
import { multipartParts, pdfOf } from '../src/server/testing/upload-fixtures';
import type { UploadInstanceConfig } from '../src/server/testing/upload-instance';
import { newVisitorId } from '../src/server/visitor-cookie';

const RUNS = Number(process.env['BENCH_RUNS'] ?? 5);
const SIZES_MB = (process.env['BENCH_MB'] ?? '10,50').split(',').map(Number);
const CHUNK = 64 * 1024;
const MiB = 1024 * 1024;

const directory = await mkdtemp(join(tmpdir(), 'agent-webchat-upload-bench-'));
const config: UploadInstanceConfig = {
  directory: join(directory, 'files'),
  maxBytes: Math.max(...SIZES_MB) * MiB + MiB,
  limits: { files: 1000, bytes: 1000 * MiB * 1000 },
};
const instance = await startListening(fileURLToPath(new URL('../src/server/testing/upload-instance.ts', import.meta.url)), {
  UPLOAD_INSTANCE_CONFIG: JSON.stringify(config),
});

try {
  const visitorId = newVisitorId();
  const seeded = await rawRequest(instance.url, {
    path: '/seed',
    headers: { 'Content-Type': 'application/json' },
    parts: [JSON.stringify({ visitorId, sessionId: 'bench-session' })],
  });
  if (seeded.status !== 204) throw new Error(`seeding the visitor answered ${seeded.status}`);
  for (const megabytes of SIZES_MB) await measure(visitorId, megabytes);
} finally {
  await instance.stop();
  await rm(directory, { recursive: true, force: true });
}

async function measure(visitorId: string, megabytes: number): Promise<void> {
  const SIZE = megabytes * MiB;
  const file = pdfOf(SIZE);
  const { head, tail, contentType } = multipartParts({ name: 'large.pdf', type: 'application/pdf' });
  const parts: Buffer[] = [head];
  for (let offset = 0; offset < file.length; offset += CHUNK) parts.push(file.subarray(offset, offset + CHUNK));
  parts.push(tail);
  const length = head.length + file.length + tail.length;

  const upload = async () => {
    await resetPeak(instance.pid);
    const before = await memoryOf(instance.pid);
    let sampledPeak = before.rss;
    const sampler = setInterval(() => {
      void memoryOf(instance.pid).then((now) => {
        sampledPeak = Math.max(sampledPeak, now.rss);
      });
    }, 5);
    const started = performance.now();
    const answer = await rawRequest(instance.url, {
      path: '/api/upload',
      headers: { 'Content-Type': contentType, 'Content-Length': String(length), Cookie: `agent_webchat=${visitorId}` },
      parts,
    });
    const ms = performance.now() - started;
    clearInterval(sampler);
    const after = await memoryOf(instance.pid);
    if (answer.status !== 201) throw new Error(`upload answered ${answer.status}: ${answer.body}`);
    const peak = Math.max(after.peak, sampledPeak);
    return { ms, growth: peak - before.rss, before: before.rss, peak };
  };

  // The heap grows to its working size over the first uploads (and the endpoint's code is compiled).
  for (let warmUp = 0; warmUp < 3; warmUp++) await upload();
  console.log(
    `upload bench: ${megabytes} MiB PDF, multipart, ${CHUNK / 1024} KiB writes, disk storage, loopback, server in its own process`,
  );
  const rows = [];
  for (let run = 1; run <= RUNS; run++) {
    const row = await upload();
    rows.push(row);
    console.log(
      `  run ${run}: ${row.ms.toFixed(0)} ms (${(SIZE / MiB / (row.ms / 1000)).toFixed(0)} MiB/s), RSS before ${(row.before / MiB).toFixed(1)} MiB, peak ${(row.peak / MiB).toFixed(1)} MiB, peak growth ${(row.growth / MiB).toFixed(2)} MiB`,
    );
  }
  const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? 0;
  console.log(
    `median: ${median(rows.map((row) => row.ms)).toFixed(0)} ms, peak RSS growth ${(median(rows.map((row) => row.growth)) / MiB).toFixed(2)} MiB (max ${(Math.max(...rows.map((row) => row.growth)) / MiB).toFixed(2)} MiB), highest peak RSS ${(Math.max(...rows.map((row) => row.peak)) / MiB).toFixed(1)} MiB, for a ${megabytes} MiB file`,
  );
}

/** Resets the process's peak-RSS mark (Linux ≥ 4.0); without it VmHWM is the peak since start. */
async function resetPeak(pid: number): Promise<void> {
  await writeFile(`/proc/${pid}/clear_refs`, '5').catch(() => undefined);
}

async function memoryOf(pid: number): Promise<{ rss: number; peak: number }> {
  const status = await readFile(`/proc/${pid}/status`, 'utf8');
  const kib = (name: string) => Number(new RegExp(`^${name}:\\s+(\\d+) kB`, 'm').exec(status)?.[1] ?? 0) * 1024;
  return { rss: kib('VmRSS'), peak: kib('VmHWM') };
}
