// A live agent only needs to know that the user is typing, not every keystroke: STARTED at most
// once per interval while typing, STOPPED once when typing stops.

import type { TypingState } from '../../protocol/types';

export const TYPING_INTERVAL_MS = 3000;

export function createTypingThrottle(now: () => number, send: (state: TypingState) => boolean) {
  let typing = false;
  let lastStarted = -Infinity;
  return {
    set(on: boolean) {
      if (on) {
        if (typing && now() - lastStarted < TYPING_INTERVAL_MS) return;
        if (send('TYPING_STATE_STARTED')) {
          typing = true;
          lastStarted = now();
        }
      } else if (typing) {
        typing = false;
        lastStarted = -Infinity;
        send('TYPING_STATE_STOPPED');
      }
    },
    /** A new socket or session: the server no longer shows us typing. */
    reset() {
      typing = false;
      lastStarted = -Infinity;
    },
  };
}
