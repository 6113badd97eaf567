// Linear-time checks that do not depend on how fast or how busy the machine is: the same work at a
// quarter of the size and at the full size. Linear work grows about 4×, quadratic work 16×. Each
// run is measured in CPU time of this process, not wall time, so that other processes taking
// the cores do not stretch a long run more than a short one; the sizes are timed in turns, best
// of several runs each, and a floor keeps sub-millisecond timings (all noise) from failing a ratio.

const RUNS = 9;
/** Below this the quarter-size timing is noise, not a base for a ratio. */
const FLOOR_MS = 2;

/** CPU time the work takes, in milliseconds. */
function timed(work: () => void): number {
  const start = process.cpuUsage();
  work();
  const { user, system } = process.cpuUsage(start);
  return (user + system) / 1000;
}

/** How many times longer the full-size work takes than the quarter-size one (linear ≈ 4). */
export function growthFactor(quarter: () => void, full: () => void): number {
  quarter(); // the first run compiles the code
  let bestQuarter = Number.POSITIVE_INFINITY;
  let bestFull = Number.POSITIVE_INFINITY;
  for (let run = 0; run < RUNS; run++) {
    bestQuarter = Math.min(bestQuarter, timed(quarter));
    bestFull = Math.min(bestFull, timed(full));
  }
  return bestFull / Math.max(bestQuarter, FLOOR_MS);
}
