// A live agent only needs to know that the user is typing, not every keystroke: STARTED at most
// once per interval while typing, STOPPED once when typing stops.

import type { TypingState } from '../../protocol/types';

const TYPING_INTERVAL_MS = 3000;

export function createTypingThrottle(now: () => number, send: (state: TypingState) => boolean) {
  /** When STARTED was last sent; -Infinity while not typing. */
  let started = -Infinity;
  return {
    set(on: boolean) {
      if (on) {
        if (now() - started >= TYPING_INTERVAL_MS && send('TYPING_STATE_STARTED')) started = now();
      } else if (started > -Infinity) {
        started = -Infinity;
        send('TYPING_STATE_STOPPED');
      }
    },
    /** A new socket or session: the server no longer shows us typing. */
    reset() {
      started = -Infinity;
    },
  };
}
