// The conversation's context for the voice agent, sent as the outbound call's `metadata`: string
// values only (each key reaches the agent as a SIP header), and its base64 form must stay under
// the platform's 26 KB — the oldest turns go first, then an over-long turn is shortened.

export interface ChatTurn {
  author: 'user' | 'agent' | 'live-agent';
  text: string;
}

export interface CallContext {
  /** The visitor's messaging session (the continuity binding's). */
  sessionId: string;
  turns: readonly ChatTurn[];
  locale?: string;
  /** Where the turns come from: `widget` (what the visitor's browser reported) or `site` (the site's own record). */
  turnsSource: 'widget' | 'site';
}

/** Base64 characters allowed for the whole metadata object; the platform refuses 26 KB and more. */
export const METADATA_BASE64_LIMIT = 26 * 1000;
/** Keys the helper writes itself; a site's hook cannot replace them. */
const RESERVED = ['session_id', 'chat_session_id', 'chat_turns', 'chat_turns_source', 'locale', 'channel'];
const MAX_TURN_CHARS = 2000;

export function base64Size(metadata: Record<string, string>): number {
  return Math.ceil(new TextEncoder().encode(JSON.stringify(metadata)).byteLength / 3) * 4;
}

export function callMetadata(context: CallContext, extra: Record<string, string>, limit = METADATA_BASE64_LIMIT): Record<string, string> {
  const base: Record<string, string> = {};
  for (const [key, value] of Object.entries(extra)) if (!RESERVED.includes(key)) base[key] = value;
  base['channel'] = 'webchat';
  base['session_id'] = context.sessionId;
  // Named for what it is, so the platform's agent can relate the call to the chat (and tell it about the call).
  base['chat_session_id'] = context.sessionId;
  if (context.locale) base['locale'] = context.locale;
  base['chat_turns_source'] = context.turnsSource;
  let turns = context.turns.map((turn) => ({ ...turn, text: turn.text.slice(0, MAX_TURN_CHARS) }));
  const withTurns = () => ({ ...base, chat_turns: JSON.stringify(turns) });
  // Oldest turns first: what was said last matters most to the agent picking up.
  while (turns.length > 0 && base64Size(withTurns()) >= limit) {
    if (turns.length > 1) turns = turns.slice(1);
    else turns = [{ ...turns[0]!, text: turns[0]!.text.slice(0, Math.floor(turns[0]!.text.length / 2)) }];
    if (turns.length === 1 && turns[0]!.text === '') turns = [];
  }
  const metadata = withTurns();
  if (base64Size(metadata) >= limit) throw new RangeError('Call metadata over the platform limit without any chat turn');
  return metadata;
}

/** Turns as the widget sends them: checked one by one, unknown shapes dropped, the latest kept. */
export function parseTurns(value: unknown, maxTurns: number): ChatTurn[] {
  if (!Array.isArray(value)) return [];
  const turns: ChatTurn[] = [];
  for (const entry of value.slice(-maxTurns)) {
    if (typeof entry !== 'object' || entry === null) continue;
    const author: unknown = Reflect.get(entry, 'author');
    const text: unknown = Reflect.get(entry, 'text');
    if ((author === 'user' || author === 'agent' || author === 'live-agent') && typeof text === 'string' && text.trim() !== '') {
      turns.push({ author, text: text.slice(0, MAX_TURN_CHARS) });
    }
  }
  return turns;
}
