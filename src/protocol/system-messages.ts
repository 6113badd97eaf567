// What an error system message (docs/protocol.md §5) asks the client to do. Matching is by phrase,
// case-insensitive, so small wording changes on the server still classify.

export type SystemMessageAction =
  /** High load: retry after 2–5 s. */
  | 'retry-later'
  /** `Error: Unable to retrieve session`: transient, retry. */
  | 'transient'
  /** `Error: Session not found`: the session is gone, start a new one. */
  | 'new-session'
  /** Conversation missing: send the join request again (then, if that fails, a new session). */
  | 'rejoin'
  /** `Error: Connector not found`: configuration, do not retry. */
  | 'config'
  /**
   * Nothing to do on the wire: the store shows the message. Among these the server's rejection of
   * what the client sent (`Unknown event type or invalid message format`, `Event type not
   * allowed: …`) and the agent failing to answer or forward (the user re-sends).
   */
  | 'other';

// Order matters: the more specific phrases come first.
const RULES: ReadonlyArray<readonly [RegExp, SystemMessageAction]> = [
  [/high load/i, 'retry-later'],
  [/unable to retrieve session/i, 'transient'],
  [/conversation (id )?not found|unable to start (a )?conversation/i, 'rejoin'],
  [/session not found/i, 'new-session'],
  [/connector not found/i, 'config'],
];

export function classifySystemMessage(message: string): SystemMessageAction {
  for (const [pattern, action] of RULES) if (pattern.test(message)) return action;
  return 'other';
}
