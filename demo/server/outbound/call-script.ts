// What is said on an answered demo call, so its VOICE-SIP record holds real turns: the agent
// greets, the callee says why they asked for the call (the chat's last question when the call
// carries the chat's turns in its metadata), and the agent answers.

export const CALLEE_FALLBACK = 'Hello, I asked for a call from the chat on your website.';
export const CALL_ANSWER = 'Thank you. I have our chat in front of me, and I will write a short note of this call there once we hang up.';

/** The callee's words: they ask about what they last asked in the chat. */
export function calleeWords(metadata: Readonly<Record<string, string>>): string {
  const question = lastVisitorText(metadata['chat_turns']);
  return question === undefined ? CALLEE_FALLBACK : `Hello, I am calling about my question in the chat: ${question}`;
}

function lastVisitorText(turnsJson: string | undefined): string | undefined {
  if (turnsJson === undefined) return undefined;
  let turns: unknown;
  try {
    turns = JSON.parse(turnsJson);
  } catch {
    return undefined;
  }
  if (!Array.isArray(turns)) return undefined;
  for (const turn of [...turns].reverse()) {
    if (typeof turn !== 'object' || turn === null) continue;
    const author: unknown = Reflect.get(turn, 'author');
    const text: unknown = Reflect.get(turn, 'text');
    if (author === 'user' && typeof text === 'string' && text.trim() !== '') return text.trim().slice(0, 200);
  }
  return undefined;
}
