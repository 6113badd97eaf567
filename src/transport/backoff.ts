// docs/protocol.md §6.4/§6.6: exponential backoff from 1 s, capped at 30 s, with jitter. The jitter only
// shortens a step (by up to a quarter), so the cap is a real cap and many clients dropped at
// once by the same outage do not come back in lockstep. Hand-written: reconnecting-websocket's own
// delays grow without jitter, and the HTTP retries (handshake, Chat REST) need the same steps.

export const BACKOFF_BASE_MS = 1000;
export const BACKOFF_CAP_MS = 30_000;

/** Delay before retry number `n` (0-based): ≈1 s, 2 s, 4 s … ≤ 30 s. */
export function backoffDelay(n: number, random: () => number): number {
  return Math.round(Math.min(BACKOFF_CAP_MS, BACKOFF_BASE_MS * 2 ** Math.min(n, 16)) * (1 - random() * 0.25));
}
