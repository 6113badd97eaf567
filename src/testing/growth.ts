// Linear-time checks that do not depend on how fast the machine is: the same work at a quarter of
// the size and at the full size, best of a few runs each. Linear work grows about 4×, quadratic
// work 16×; a floor keeps sub-millisecond timings (all noise) from failing a ratio.

const RUNS = 5;
/** Below this the quarter-size timing is noise, not a base for a ratio. */
const FLOOR_MS = 2;

function bestOf(work: () => void): number {
  let best = Number.POSITIVE_INFINITY;
  for (let run = 0; run < RUNS; run++) {
    const start = performance.now();
    work();
    best = Math.min(best, performance.now() - start);
  }
  return best;
}

/** How many times longer the full-size work takes than the quarter-size one (linear ≈ 4). */
export function growthFactor(quarter: () => void, full: () => void): number {
  quarter(); // the first run compiles the code
  return bestOf(full) / Math.max(bestOf(quarter), FLOOR_MS);
}
