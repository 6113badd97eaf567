// The process under test of bench/server-load.ts: the token endpoint and the Chat proxy behind
// `toNodeListener`, nothing else, so its memory is the helpers' memory. Talks to the driver over IPC:
//   ← { upstreamUrl }        → { tokensUrl, proxyUrl }
//   ← 'baseline'             → { rss }   (and restarts the peak)
//   ← 'peak'                 → { rss }   (highest RSS since the last 'baseline' or 'peak')

import { createChatProxy, createTokenEndpoint } from '../src/server/index';
import { serveHandler } from '../src/server/testing/servers';

let peak = 0;
const sample = () => {
  peak = Math.max(peak, process.memoryUsage.rss());
};
setInterval(sample, 5).unref();

process.on('message', (message: unknown) => {
  if (message === 'baseline') {
    globalThis.gc?.();
    const rss = process.memoryUsage.rss();
    peak = rss;
    process.send?.({ rss });
  } else if (message === 'peak') {
    sample();
    process.send?.({ rss: peak });
    peak = process.memoryUsage.rss();
  } else if (typeof message === 'object' && message !== null && 'upstreamUrl' in message && typeof message.upstreamUrl === 'string') {
    void start(message.upstreamUrl);
  }
});

async function start(upstreamUrl: string): Promise<void> {
  const tokens = await serveHandler(
    createTokenEndpoint({ messagingUrl: upstreamUrl, connectorToken: 'bench-connector', host: 'bench.example', rateLimit: false }),
  );
  const proxy = await serveHandler(
    createChatProxy({ chatUrl: `${upstreamUrl}/chat`, apiKey: 'bench-key', token: 'bench-chat-token', bodyTimeoutMs: 2000 }),
  );
  process.send?.({ tokensUrl: tokens.url, proxyUrl: proxy.url });
}

// The driver's end is ours: no orphan when it exits.
process.on('disconnect', () => process.exit(0));
