// What follows an open socket (docs/protocol.md §6.5): the server replays what the cursor missed, then goes
// live. The heartbeat sent on open is answered after the whole replay, so its echo (any live
// frame) ends the wait; a replay in several batches ends after a quiet pause; a resumed socket
// that brings nothing is given a grace period. Once the replay is applied (`onSettled`: join,
// outbox), heartbeats keep the session alive.

import type { Attempts } from '../attempts';
import { REPLAY_GRACE_MS, REPLAY_QUIET_MS } from './timings';

export interface ReplayWatchDeps {
  timers: Pick<Attempts, 'setTimer' | 'clearTimer'>;
  sendHeartbeat(): void;
  isOpen(): boolean;
  heartbeatIntervalSeconds(): number;
  /** The replay is over: the transport may apply it, join and deliver. */
  onSettled(): void;
}

export function createReplayWatch({ timers, sendHeartbeat, isOpen, heartbeatIntervalSeconds, onSettled }: ReplayWatchDeps) {
  let settled = false;
  /** One timer in turn: the replay wait, then the heartbeat. */
  let timer: ReturnType<Attempts['setTimer']> | undefined;

  const settleAfter = (ms: number) => {
    timers.clearTimer(timer);
    timer = timers.setTimer(settle, ms);
  };

  function settle() {
    if (settled || !isOpen()) return;
    settled = true;
    timers.clearTimer(timer);
    onSettled();
    // Applying the replay may have ended the session.
    if (!isOpen()) return;
    // Heartbeats start here, not on open: the replay may have brought the session's interval.
    const heartbeat = () => {
      timer = timers.setTimer(() => {
        sendHeartbeat();
        heartbeat();
      }, Math.max(1, heartbeatIntervalSeconds()) * 1000);
    };
    heartbeat();
  }

  return {
    isSettled: () => settled,
    socketOpened() {
      settled = false;
      // Its echo comes after the whole replay: the replay is then applied, with no wait.
      sendHeartbeat();
      settleAfter(REPLAY_GRACE_MS);
    },
    /** A frame was applied: a live one, or an empty batch (nothing after our cursor), ends the replay. */
    frameApplied(frame: { isBatch: boolean; eventCount: number; skipped: number }) {
      if (!frame.isBatch || (!frame.eventCount && !frame.skipped)) settle();
      else if (!settled) settleAfter(REPLAY_QUIET_MS);
    },
    socketClosed() {
      settled = false;
      timers.clearTimer(timer);
    },
  };
}
