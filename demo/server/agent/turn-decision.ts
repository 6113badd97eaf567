// The one place a user's text is understood: the trigger it matches (once), and the intents,
// entities and flags the turn record keeps. Messaging and Chat REST both act on this decision.

import type { HandoffStage } from '../messaging/session';
import { matchTrigger, type Trigger } from './triggers';

export type Understanding =
  | { kind: 'silence' }
  | { kind: 'queued' }
  | { kind: 'live-agent'; leaving: boolean }
  | { kind: 'agent'; trigger: Trigger };

export interface TurnDecision {
  understanding: Understanding;
  intents: readonly string[];
  entities: Readonly<Record<string, string>>;
  isOod: boolean;
  isSilence: boolean;
}

const INTENTS: Record<Trigger['kind'], readonly string[]> = {
  'high-load': ['high_load'],
  language: ['change_language'],
  'handoff-fail': ['handoff'],
  'handoff-timeout': ['handoff'],
  'client-handoff': ['handoff', 'billing'],
  human: ['handoff'],
  bye: ['goodbye'],
  pay: ['payment'],
  markdown: ['formatting'],
  long: ['long_answer'],
  stream: ['streaming'],
  suggest: ['suggestions'],
  link: ['show_link'],
  image: ['show_image'],
  help: ['help'],
  plain: [],
};

const NONE: Readonly<Record<string, string>> = Object.freeze({});

/** `stage` is where a live-agent handoff stands: a live agent answers instead of the demo agent. */
export function decideTurn(text: string | undefined, stage: HandoffStage = 'none'): TurnDecision {
  if (text === undefined || text.trim() === '') {
    return { understanding: { kind: 'silence' }, intents: [], entities: NONE, isOod: false, isSilence: true };
  }
  const trigger = matchTrigger(text);
  if (stage === 'queued') return { understanding: { kind: 'queued' }, intents: [], entities: NONE, isOod: false, isSilence: false };
  if (stage === 'live') {
    const leaving = trigger.kind === 'bye';
    return {
      understanding: { kind: 'live-agent', leaving },
      intents: leaving ? INTENTS.bye : [],
      entities: NONE,
      isOod: false,
      isSilence: false,
    };
  }
  return {
    understanding: { kind: 'agent', trigger },
    intents: INTENTS[trigger.kind],
    entities: trigger.kind === 'language' ? { language: trigger.code } : NONE,
    // Nothing in the script matched: the demo agent only echoes, the question was out of its domain.
    isOod: trigger.kind === 'plain',
    isSilence: false,
  };
}
