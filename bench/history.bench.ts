// Prints what a returning visitor's history costs through the site: listing 50 earlier
// conversations (GET /api/history) and opening one of 200 turns (GET /api/history/{id}), p50 and
// p99 from the request to the last byte of the JSON answer, over HTTP on loopback. The site's
// endpoints and the reference platform run in this process; every conversation is one the visitor
// really had on the platform (joined, talked and said goodbye over the Messaging socket), among
// other visitors' conversations in the same hours, which the one Conversations request per answer
// has to read past. It also prints how many platform requests each answer made (at most one).
// Run: npx tsx bench/history.bench.ts   (BENCH_REQUESTS=n answers per figure, default 200)

import { browser, startPlatform, startSite } from '../src/server/testing/history-world';

const REQUESTS = Number(process.env['BENCH_REQUESTS'] ?? 200);
const EARLIER = 50;
const LONG_TURNS = 200;
const OTHERS = 100;

function percentile(samples: readonly number[], p: number): number {
  const sorted = [...samples].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? Number.NaN;
}

async function timed(requests: number, run: () => Promise<void>): Promise<number[]> {
  const samples: number[] = [];
  for (let index = 0; index < requests + 10; index++) {
    const started = performance.now();
    await run();
    // The first ten warm the JIT and the connection pool.
    if (index >= 10) samples.push(performance.now() - started);
  }
  return samples;
}

const platform = await startPlatform();
const site = await startSite(platform, { history: { rateLimit: { max: 1_000_000, windowSeconds: 60 } } });
try {
  const setupStarted = performance.now();
  const visitor = browser(site, platform);
  // One conversation of 200 turns: the greeting, 198 messages, the goodbye.
  const long = await visitor.chat(
    Array.from({ length: LONG_TURNS - 2 }, (_, index) => `Question number ${index + 1} about my order`),
    { end: true },
  );
  for (let index = 1; index < EARLIER; index++) {
    await visitor.chat([`Earlier conversation ${index}: where is parcel ${1000 + index}?`, 'Thanks'], { end: true, fresh: true });
    // Other visitors talk in between: the platform request reads past their records.
    if (index % (EARLIER / 10) === 0) {
      await Promise.all(
        Array.from({ length: OTHERS / 10 }, (_, other) => browser(site, platform).chat([`Someone else ${other}`], { end: true })),
      );
    }
  }
  const setupSeconds = (performance.now() - setupStarted) / 1000;

  const list = async () => {
    const answer = await visitor.ask('GET', '/api/history');
    const body = await answer.json();
    if (body.conversations.length !== EARLIER) throw new Error(`listed ${body.conversations.length}, expected ${EARLIER}`);
  };
  const open = async () => {
    const answer = await visitor.ask('GET', `/api/history/${long}`);
    const body = await answer.json();
    // Each platform turn is the visitor's words and the agent's answer (the greeting has no words).
    if (body.turns.length !== 2 * LONG_TURNS - 1) throw new Error(`opened ${body.turns.length} turns`);
  };
  await list();
  await open();

  const before = site.conversationRequests();
  const listSamples = await timed(REQUESTS, list);
  const listRequests = (site.conversationRequests() - before) / (REQUESTS + 10);
  const between = site.conversationRequests();
  const openSamples = await timed(REQUESTS, open);
  const openRequests = (site.conversationRequests() - between) / (REQUESTS + 10);

  const line = (name: string, samples: number[], perAnswer: number) =>
    console.log(
      `${name}: p50 ${percentile(samples, 50).toFixed(1)} ms, p99 ${percentile(samples, 99).toFixed(1)} ms ` +
        `(${samples.length} answers; ${perAnswer} Conversations API request per answer)`,
    );
  console.log(
    `history: ${EARLIER} earlier conversations of one visitor among ${platform.model.conversations.size} on the platform ` +
      `(set up by chatting in ${setupSeconds.toFixed(1)} s)`,
  );
  line(`list ${EARLIER} conversations`, listSamples, listRequests);
  line(`open one of ${LONG_TURNS} turns`, openSamples, openRequests);
} finally {
  await site.close();
  await platform.close();
}
