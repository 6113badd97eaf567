// `npm run bench`: prints the widget's speed figures, measured in Chromium against the reference
// server on loopback. Build first (`npm run build`): it measures dist/agent-webchat.js.
//   1. script evaluation of the bundle on a blank page
//   2. open() → greeting rendered, and how much of it is the page's own main-thread work
//   3. render cost per streamed chunk over a 2,000-chunk reply
//   4. time to render a 5,000-event replay after a reconnect

import type { Page } from '@playwright/test';
import { cdpFor, fmt, mainThreadMs, median, startWorld, type BenchWorld } from './browser';

const RUNS = Number(process.env['BENCH_RUNS'] ?? 7);

async function scriptEvaluation(world: BenchWorld): Promise<void> {
  const times: number[] = [];
  for (let run = 0; run < RUNS; run += 1) {
    const context = await world.browser.newContext();
    const page = await context.newPage();
    await page.goto(`${world.server.url}/blank.html`);
    times.push(
      await page.evaluate(async () => {
        const text = await (await fetch('/agent-webchat.js')).text();
        const script = document.createElement('script');
        script.textContent = text;
        const start = performance.now();
        document.head.appendChild(script); // inline scripts run synchronously on insertion
        return performance.now() - start;
      }),
    );
    await context.close();
  }
  console.log(`script evaluation (blank page, median of ${RUNS}): ${fmt(median(times))}`);
}

async function mountedPage(world: BenchWorld): Promise<Page> {
  const page = await world.browser.newPage();
  await page.goto(`${world.server.url}/widget.html`);
  await page.evaluate(() => {
    const api = window.AgentWebchat;
    if (!api || !('init' in api)) throw new Error('bundle not loaded');
    api.init({ messagingUrl: location.origin, connectorToken: 'demo-connector-token' });
  });
  return page;
}

/** Resolves once `count` items of `author` are rendered (a MutationObserver in the page). */
function waitForItems(page: Page, author: string, count: number, minTextLength = 0): Promise<number> {
  return page.evaluate(([a, c, m]) => window.bench.wait(a, c, m), [author, count, minTextLength] as const);
}

async function openToGreeting(world: BenchWorld): Promise<void> {
  const total: number[] = [];
  const busy: number[] = [];
  for (let run = 0; run < RUNS; run += 1) {
    const page = await mountedPage(world);
    const cdp = await cdpFor(page);
    const before = await mainThreadMs(cdp);
    const start = await page.evaluate(() => {
      const t = performance.now();
      window.bench.widget().open();
      return t;
    });
    const end = await waitForItems(page, 'agent', 1);
    total.push(end - start);
    busy.push((await mainThreadMs(cdp)) - before);
    await page.close();
  }
  console.log(
    `open() → greeting rendered (loopback, median of ${RUNS}): ${fmt(median(total))}, of which main-thread work ${fmt(median(busy))}`,
  );
}

/** An open widget whose greeting is rendered, and its session on the server. */
async function greetedPage(world: BenchWorld): Promise<{ page: Page; sessionId: string }> {
  const page = await mountedPage(world);
  await page.evaluate(() => window.bench.widget().open());
  await waitForItems(page, 'agent', 1);
  const sessionId = world.server.control.sessionIds().at(-1);
  if (!sessionId) throw new Error('no session');
  return { page, sessionId };
}

async function streamedChunks(world: BenchWorld): Promise<void> {
  const CHUNKS = 2000;
  const { page, sessionId } = await greetedPage(world);
  const cdp = await cdpFor(page);
  const before = await mainThreadMs(cdp);
  const rendered = waitForItems(page, 'agent', 2, CHUNKS * 5);
  const start = await page.evaluate(() => performance.now());
  for (let index = 1; index <= CHUNKS; index += 1) {
    world.server.control.emit(sessionId, 'EVENT_TYPE_SERVICE_AGENT_MESSAGE_CHUNK', {
      message_id: 'bench-stream',
      text: 'word ',
      chunk_index: index,
      is_complete: index === CHUNKS,
      attachments: [],
      response_suggestions: [],
    });
  }
  const end = await rendered;
  const busy = (await mainThreadMs(cdp)) - before;
  console.log(
    `streamed reply of ${CHUNKS} chunks: ${fmt(end - start)} until fully rendered, main-thread work ${fmt(busy)} = ${fmt(busy / CHUNKS)} per chunk`,
  );
  await page.close();
}

async function replay(world: BenchWorld): Promise<void> {
  const EVENTS = 5000;
  const { page, sessionId } = await greetedPage(world);
  const { control } = world.server;
  control.refuseUpgrades('all');
  control.dropSockets(sessionId);
  await page.locator('[data-connection="reconnecting"]').waitFor({ state: 'attached' });
  for (let index = 0; index < EVENTS; index += 1) {
    control.emit(sessionId, 'EVENT_TYPE_SERVICE_AGENT_MESSAGE', {
      message_id: `bench-${index}`,
      text: `Replayed message number ${index}`,
      attachments: [],
      response_suggestions: [],
    });
  }
  control.refuseUpgrades(0);
  const cdp = await cdpFor(page);
  const before = await mainThreadMs(cdp);
  const rendered = waitForItems(page, 'agent', EVENTS + 1);
  const start = await page.evaluate(() => {
    const t = performance.now();
    window.bench.widget().client.reconnectNow();
    return t;
  });
  const end = await rendered;
  const busy = (await mainThreadMs(cdp)) - before;
  console.log(`replay of ${EVENTS} events after reconnect: ${fmt(end - start)} until rendered, main-thread work ${fmt(busy)}`);
  await page.close();
}

const world = await startWorld();
try {
  await scriptEvaluation(world);
  await openToGreeting(world);
  await streamedChunks(world);
  await replay(world);
} finally {
  await world.close();
}
