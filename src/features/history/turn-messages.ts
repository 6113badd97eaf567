import type { SiteTurn } from '../../protocol/site-history';
import type { AgentMessage, UserMessage } from '../../store/state';

/**
 * An earlier conversation's turns as the transcript's messages, so that they are drawn by the same
 * component as the live ones (MessageItem): sent, complete, without actions.
 */
export function turnMessages(conversationId: string, turns: readonly SiteTurn[]): (UserMessage | AgentMessage)[] {
  return turns.map((turn, index) => {
    const key = `${conversationId}-${index}`;
    if (turn.author === 'visitor') return { kind: 'user', key, clientEventId: key, text: turn.text, status: 'sent', timestamp: turn.at };
    return {
      kind: turn.author,
      key,
      messageId: key,
      text: turn.text,
      attachments: [],
      suggestions: [],
      streaming: false,
      timestamp: turn.at,
    };
  });
}
