// Prints how long the reducer takes to apply a 5,000-event history replay in one action
// (target: well under 100 ms), and the cost of one live frame (one action) on top of a
// transcript of a realistic and of an extreme size.
// Run: npx tsx bench/reducer-replay.bench.ts

import { reduce } from '../src/store/reducer';
import { createInitialState, type WebchatState } from '../src/store/state';
import { chunk, longHistory } from '../src/store/testing/events';

function median(samples: number[]): number {
  const sorted = samples.slice().sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] ?? NaN;
}

function timeReplay(label: string, fn: () => WebchatState): void {
  fn(); // warm-up (JIT)
  const samples: number[] = [];
  let state = createInitialState();
  for (let i = 0; i < 10; i++) {
    const start = performance.now();
    state = fn();
    samples.push(performance.now() - start);
  }
  console.log(
    `${label}: median ${median(samples).toFixed(2)} ms, worst ${Math.max(...samples).toFixed(2)} ms (${state.items.length} items)`,
  );
}

function timeLiveFrames(historySize: number, frames: number): void {
  const base = reduce(createInitialState(), { type: 'server-events', events: longHistory(historySize) });
  const live = Array.from({ length: frames }, (_, i) => chunk(100_000 + i, 'live', i + 1, 'x', i === frames - 1));
  let state = base;
  const start = performance.now();
  for (const event of live) state = reduce(state, { type: 'server-events', events: [event] });
  const perFrame = (performance.now() - start) / frames;
  console.log(`one live chunk frame on a ${historySize}-event session: ${(perFrame * 1000).toFixed(0)} µs per action (${frames} frames)`);
}

const history = longHistory(5000);
const reversed = history.slice().reverse();
const cold = createInitialState();

timeReplay('replay 5,000 events, one action, in order', () => reduce(cold, { type: 'server-events', events: history }));
timeReplay('replay 5,000 events, one action, reversed', () => reduce(cold, { type: 'server-events', events: reversed }));
timeLiveFrames(200, 300);
timeLiveFrames(1000, 300);
// Each applied event id stays in `appliedIds` (a plain record, copied once per action): this is
// the O(history) part of a single-frame action.
timeLiveFrames(5000, 300);
