// Timings and limits of the messaging transport (docs/protocol.md §2, §6).

/** docs/protocol.md §6.4: nothing received for this long → the server has dropped the session. */
export const SILENCE_LIMIT_MS = 10 * 60_000;

/**
 * docs/protocol.md §6.5: a resumed socket may bring no batch at all; never wait longer for one. Servers
 * replay right after the upgrade and answer frames in order, so the echo of the heartbeat sent on
 * open (any live frame, in fact) marks the replay as complete long before this.
 */
export const REPLAY_GRACE_MS = 1000;

/** A long history comes as several batches back to back: the replay is over after this pause. */
export const REPLAY_QUIET_MS = 200;

/**
 * Batches of a replay are held back and applied together when it ends (one render, not one per
 * frame of half a history), but a slow replay shows what came at least this often.
 */
export const REPLAY_HOLD_MS = 250;

/** Resends of a message without its echo; the wait before each (and before `failed`) is 5 s, 10 s, 15 s, 15 s. */
export const MAX_RESENDS = 3;

/** The wait for an echo after the send numbered `resends` (0 for the first send). */
export const echoWaitMs = (resends: number) => 5000 * Math.min(resends + 1, 3);

/** STARTED at most once per this while typing (a live agent needs no keystrokes). */
export const TYPING_INTERVAL_MS = 3000;

/**
 * A socket attempt that neither opens nor fails within this time is abandoned (and counts as
 * failed). Wall time, not the injected clock: it guards against a handshake stuck in the network
 * stack, and tests that move the clock while a socket waits to be opened must not trip it.
 */
export const CONNECT_TIMEOUT_MS = 10_000;
