// PROTOCOL §6.3: a heartbeat every heartbeat_interval_seconds while the socket is open. It also
// keeps the session alive server-side (its 10-minute idle timer counts our frames).

import type { TimerId } from '../../client/clock';
import type { Timers } from '../timers';

export function createHeartbeat(timers: Timers, intervalMs: () => number, beat: () => void) {
  let id: TimerId | undefined;
  const tick = () => {
    beat();
    id = timers.set(tick, intervalMs());
  };
  return {
    start() {
      timers.clear(id);
      id = timers.set(tick, intervalMs());
    },
    stop() {
      timers.clear(id);
      id = undefined;
    },
  };
}
