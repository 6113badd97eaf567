// The user's typing indicator on the wire (docs/protocol.md §3): STARTED at most once per interval while
// the user types, STOPPED once when they stop (or send).

import type { TypingState } from '../../protocol/types';
import { TYPING_INTERVAL_MS } from './timings';

export function createTypingSender(sendTyping: (state: TypingState) => boolean, now: () => number) {
  /** When STARTED was last sent; 0 while not typing. */
  let typingSince = 0;
  return {
    update(typing: boolean) {
      if (typing) {
        if (now() - typingSince >= TYPING_INTERVAL_MS && sendTyping('TYPING_STATE_STARTED')) typingSince = now();
      } else if (typingSince) {
        typingSince = 0;
        sendTyping('TYPING_STATE_STOPPED');
      }
    },
    /** The socket is gone: the server forgot the indicator, the next keystroke starts it again. */
    forget() {
      typingSince = 0;
    },
  };
}
