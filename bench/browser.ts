// Shared harness of the browser benchmarks: a reference server in-process (zero pacing, so what
// is measured is the widget and loopback, not the demo agent's theatre) and Debian's Chromium.

import { fileURLToPath } from 'node:url';
import { type Browser, type CDPSession, chromium, type Page } from '@playwright/test';
import { UNLIMITED } from '../demo/server/options';
import { type PlatformServer, startPlatformServer } from '../demo/server/platform';
import { CHROMIUM_ARGS, findBrowser, INSTALL_HINT } from '../scripts/find-browser';

declare global {
  interface Window {
    /** The bundle's text, fetched before its evaluation is measured. */
    benchBundle?: string;
    /** bench/pages/bench-helpers.js */
    bench: {
      widget(): { open(): void; client: { reconnectNow(): void } };
      wait(author: string, count: number, minTextLength: number): Promise<number>;
      waitForText(text: string): Promise<number>;
      afterNextPaint(): Promise<number>;
      afterIdle(): Promise<void>;
      holdIdleCallbacks(): void;
      releaseIdleCallbacks(): void;
    };
  }
}

export interface BenchWorld {
  server: PlatformServer;
  browser: Browser;
  close(): Promise<void>;
}

export async function startWorld(): Promise<BenchWorld> {
  const executablePath = findBrowser();
  if (!executablePath) {
    console.error(INSTALL_HINT);
    process.exit(1);
  }
  const server = await startPlatformServer({
    port: 0,
    control: true,
    pacing: { chunkDelayMs: 0, thinkingDelayMs: 0, liveAgentDelayMs: 0 },
    rateLimit: { accessTokens: UNLIMITED, sessionCreations: UNLIMITED, userMessages: UNLIMITED, chatRequests: UNLIMITED },
    replayBatchSize: 100,
    staticDir: [fileURLToPath(new URL('./pages/', import.meta.url)), fileURLToPath(new URL('../dist/', import.meta.url))],
  });
  const browser = await chromium.launch({
    executablePath,
    args: [...CHROMIUM_ARGS, ...(process.env['EXTRA_ARGS']?.split(' ') ?? [])],
  });
  return {
    server,
    browser,
    async close() {
      await browser.close();
      await server.close();
    },
  };
}

export interface MainThreadTime {
  /** JavaScript run on the page's main thread (compile and evaluation included). */
  script: number;
  /** script + style recalculation + layout. */
  total: number;
}

/**
 * Main-thread busy time (ms) so far, as Chromium's own counters report it (CDP
 * Performance.getMetrics: ScriptDuration, RecalcStyleDuration, LayoutDuration, cumulative per
 * page), counted in the main thread's own CPU time (`timeDomain: 'threadTicks'`, set in
 * cdpFor). A figure is the difference of two readings around what is measured, so it is CPU time
 * the page spent, not wall time: waiting for the network or for a frame counts nothing, and
 * neither does time the thread was descheduled on a busy machine.
 */
export async function mainThread(cdp: CDPSession): Promise<MainThreadTime> {
  const { metrics } = await cdp.send('Performance.getMetrics');
  const get = (name: string) => (metrics.find((m) => m.name === name)?.value ?? 0) * 1000;
  const script = get('ScriptDuration');
  return { script, total: script + get('RecalcStyleDuration') + get('LayoutDuration') };
}

/** Main-thread busy time (ms): script, style and layout. */
export async function mainThreadMs(cdp: CDPSession): Promise<number> {
  return (await mainThread(cdp)).total;
}

export async function cdpFor(page: Page): Promise<CDPSession> {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Performance.enable', { timeDomain: 'threadTicks' });
  return cdp;
}

export function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? (sorted[mid] ?? 0) : ((sorted[mid - 1] ?? 0) + (sorted[mid] ?? 0)) / 2;
}

export const fmt = (ms: number) => `${ms.toFixed(2)} ms`;
