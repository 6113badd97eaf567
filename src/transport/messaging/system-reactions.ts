// What the transport does about a live error system message (PROTOCOL §5, §6): the classification
// is the protocol's (src/protocol/system-messages.ts); the reactions are the transport's.

import { classifySystemMessage } from '../../protocol/system-messages';

export interface SystemMessageReactions {
  /** High load: resend the message named (or every pending one) in a moment. */
  resendSoon(clientEventId: string | undefined): void;
  /** A transient failure on the server: drop the socket and reconnect. */
  reconnect(): void;
  /** The conversation is missing: join again, or give up the session if that was done already. */
  rejoinOrLose(): void;
  loseSession(): void;
  /** The connector is misconfigured: `message` is the server's own words. */
  configError(message: string): void;
}

export function reactToSystemMessage(message: string, clientEventId: string | undefined, reactions: SystemMessageReactions): void {
  // Invalid-event and agent errors ('other') are shown by the store; nothing to do on the wire.
  switch (classifySystemMessage(message)) {
    case 'retry-later':
      reactions.resendSoon(clientEventId);
      return;
    case 'transient':
      reactions.reconnect();
      return;
    case 'rejoin':
      reactions.rejoinOrLose();
      return;
    case 'new-session':
      reactions.loseSession();
      return;
    case 'config':
      reactions.configError(message);
      return;
  }
}
