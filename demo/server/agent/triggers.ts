// The demo agent's script is driven by keywords in the user's text (case-insensitive). The
// same table drives the Messaging agent and the Chat REST agent, and is listed on the demo page.

export type TriggerKind =
  | 'high-load'
  | 'language'
  | 'handoff-fail'
  | 'handoff-timeout'
  | 'client-handoff'
  | 'human'
  | 'bye'
  | 'pay'
  | 'markdown'
  | 'long'
  | 'stream'
  | 'suggest'
  | 'link'
  | 'image'
  | 'help'
  | 'plain';

export type Trigger = { kind: Exclude<TriggerKind, 'language'> } | { kind: 'language'; code: string };

interface Rule {
  kind: Exclude<TriggerKind, 'language' | 'plain'>;
  pattern: RegExp;
  /** What a person types; shown on the demo page and in the agent's help. */
  example: string;
  effect: string;
}

// Order matters: the more specific phrases ("handoff fail") come before the general ones ("human").
const RULES: readonly Rule[] = [
  { kind: 'high-load', pattern: /\bhigh load\b/, example: 'high load', effect: 'system message: high load (transient error)' },
  { kind: 'handoff-fail', pattern: /\bhandoff fail/, example: 'handoff fail', effect: 'handoff triggered, then HANDOFF_FAILED' },
  {
    kind: 'handoff-timeout',
    pattern: /\bhandoff timeout\b/,
    example: 'handoff timeout',
    effect: 'handoff accepted and queued, then HANDOFF_TIMEOUT',
  },
  {
    kind: 'client-handoff',
    pattern: /\bclient handoff\b/,
    example: 'client handoff',
    effect: 'CLIENT_HANDOFF_REQUIRED (the site routes the user)',
  },
  {
    kind: 'human',
    pattern: /\b(human|live agent|handoff)\b/,
    example: 'talk to a human',
    effect: 'handoff to a live agent: queue, typing, replies',
  },
  {
    kind: 'bye',
    pattern: /\b(bye|goodbye)\b/,
    example: 'bye',
    effect: 'goodbye, then SESSION_END (natural end); during a handoff the live agent leaves first',
  },
  {
    kind: 'pay',
    pattern: /\bpay\b/,
    example: 'I want to pay',
    effect: 'a payment link carrying event_id=<id>; the External Events webhook with that id makes the agent announce the status',
  },
  {
    kind: 'markdown',
    pattern: /\b(markdown|format)/,
    example: 'markdown',
    effect: 'a formatted reply (Markdown: heading, lists, code, links; streamed on streaming sessions)',
  },
  { kind: 'long', pattern: /\blong\b/, example: 'long answer', effect: 'a long answer (streamed on streaming sessions)' },
  { kind: 'stream', pattern: /\bstream/, example: 'stream', effect: 'a reply about streaming (streamed on streaming sessions)' },
  { kind: 'suggest', pattern: /\bsuggest/, example: 'suggestions', effect: 'a reply with response suggestions' },
  { kind: 'link', pattern: /\blinks?\b/, example: 'show me a link', effect: 'a URL attachment' },
  { kind: 'image', pattern: /\b(image|picture)s?\b/, example: 'send an image', effect: 'an image attachment' },
  { kind: 'help', pattern: /\bhelp\b/, example: 'help', effect: 'lists these phrases' },
];

const LANGUAGE = /\blanguage\s+([a-z]{2,3}(?:-[a-z0-9]{2,8})?)\b/;

export const TRIGGER_PHRASES: ReadonlyArray<{ example: string; effect: string }> = [
  ...RULES.map(({ example, effect }) => ({ example, effect })),
  { example: 'language fr', effect: 'LANGUAGE_CHANGED to the given code' },
];

export function matchTrigger(text: string): Trigger {
  const lower = text.toLowerCase();
  const language = LANGUAGE.exec(lower);
  if (language?.[1] !== undefined) return { kind: 'language', code: language[1] };
  const rule = RULES.find((candidate) => candidate.pattern.test(lower));
  return { kind: rule?.kind ?? 'plain' };
}
