// The console's budgets, printed: `npx tsx bench/console.bench.ts` (after `npm run build`, which
// builds the console into demo/console/dist/).
//   1. first load: gzip size of every script the console's page loads (target ≤ 150 KB)
//   2. a list page of 100 conversations out of a seeded history of 10,000: from the moment its
//      data has arrived and been parsed (User Timing mark `console:conversations-data`) until
//      the table is in the DOM (`…-rendered`) and painted (`…-painted`); target ≤ 100 ms.
//      Medians over BENCH_RUNS fresh pages (default 7), with the page's main-thread work.

import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { chromium } from '@playwright/test';
import { CONSOLE_DIST, consoleIsBuilt } from '../demo/server/console/console-build';
import { startPlatformServer } from '../demo/server/platform';
import { CHROMIUM_ARGS, findBrowser, INSTALL_HINT } from '../scripts/find-browser';
import { cdpFor, fmt, mainThread, median } from './browser';

const RUNS = Number(process.env['BENCH_RUNS'] ?? 7);
const HISTORY = 10_000;

if (!consoleIsBuilt()) {
  console.error('demo/console/dist is missing: run `npm run build` (or `npm run build:console`) first.');
  process.exit(1);
}

// 1. Every script the page loads: its module entry and what that entry imports (Vite writes
// modulepreload links for shared chunks, so the html names them all).
const html = readFileSync(join(CONSOLE_DIST, 'index.html'), 'utf8');
const scripts = [...html.matchAll(/(?:src|href)="\/console\/(assets\/[^"]+\.js)"/g)].map((match) => match[1] ?? '');
const gzipBytes = scripts.reduce((total, file) => total + gzipSync(readFileSync(join(CONSOLE_DIST, file)), { level: 9 }).byteLength, 0);
console.log(`console first load: ${(gzipBytes / 1024).toFixed(1)} KB gzip of script in ${scripts.length} file(s) (target ≤ 150 KB)`);

// 2. The list page.
const executablePath = findBrowser();
if (!executablePath) {
  console.error(INSTALL_HINT);
  process.exit(1);
}
const server = await startPlatformServer({ port: 0, seedHistory: { count: HISTORY, seed: 1 } });
const browser = await chromium.launch({ executablePath, args: CHROMIUM_ARGS });
const committed: number[] = [];
const painted: number[] = [];
const work: number[] = [];
try {
  for (let run = 0; run < RUNS; run += 1) {
    const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
    const page = await context.newPage();
    // Marks are cleared once the shell is up, so the figures are the list's render alone.
    await page.goto(`${server.url}/console/#/about-to-list`);
    await page.waitForSelector('nav');
    const cdp = await cdpFor(page);
    const before = await mainThread(cdp);
    await page.evaluate(() => {
      performance.clearMarks();
      location.hash = '#/conversations?range=30d';
    });
    await page.waitForFunction(() => performance.getEntriesByName('console:conversations-painted').length > 0);
    const after = await mainThread(cdp);
    // One expression per mark: a helper function inside evaluate would not survive the transpiler.
    const marks = await page.evaluate(() => ({
      data: performance.getEntriesByName('console:conversations-data')[0]?.startTime ?? Number.NaN,
      rendered: performance.getEntriesByName('console:conversations-rendered')[0]?.startTime ?? Number.NaN,
      painted: performance.getEntriesByName('console:conversations-painted')[0]?.startTime ?? Number.NaN,
      rows: document.querySelectorAll('table.list tbody tr').length,
    }));
    if (marks.rows !== 100) throw new Error(`expected 100 rows, got ${marks.rows}`);
    committed.push(marks.rendered - marks.data);
    painted.push(marks.painted - marks.data);
    work.push(after.total - before.total);
    await context.close();
  }
} finally {
  await browser.close();
  await server.close();
}
console.log(
  `list page of 100 (of ${HISTORY.toLocaleString('en')} seeded): data → table in the DOM ${fmt(median(committed))}, → painted ${fmt(median(painted))} (target ≤ 100 ms); ` +
    `main-thread work of the whole navigation (fetch, parse, render, paint) ${fmt(median(work))}; median of ${RUNS}`,
);
