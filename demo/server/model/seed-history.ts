// Realistic past conversations for a fresh platform: the three channels, the demo project's
// variants, the three environments, handoffs, silences, out-of-domain turns. Deterministic for a
// given seed and end time (a small PRNG, no clock inside), so tests and benchmarks can rely on it.

import type { PlatformModel } from './platform-model';
import type { Channel, Environment, TurnRecord } from './types';

interface Topic {
  intent: string;
  users: readonly string[];
  agents: readonly string[];
  entities?: (random: () => number) => Record<string, string>;
}

const TOPICS: readonly Topic[] = [
  {
    intent: 'payment',
    users: [
      'I want to pay my bill',
      'Can I pay by card?',
      'How do I settle my invoice?',
      'My payment did not go through',
      'Where do I enter my card details?',
    ],
    agents: [
      'You can pay securely with the link I am sending you now.',
      'We accept all major cards. I will send you a payment link.',
      'I can help with that payment. Let me send you a secure checkout link.',
    ],
    entities: (random) => ({ amount: `${10 + Math.floor(random() * 190)}.00`, currency: 'USD' }),
  },
  {
    intent: 'booking',
    users: [
      'I would like to book a table for two',
      'Can I change my reservation?',
      'Do you have availability on Saturday?',
      'I need an appointment next week',
    ],
    agents: [
      'Sure, which day and time suit you?',
      'I have a slot at 7 pm on Saturday. Shall I book it?',
      'Your reservation has been moved.',
    ],
    entities: (random) => ({ party_size: String(1 + Math.floor(random() * 6)), day: random() < 0.5 ? 'Saturday' : 'Friday' }),
  },
  {
    intent: 'opening_hours',
    users: ['What time do you open?', 'Are you open on Sunday?', 'When do you close today?'],
    agents: ['We are open from 9 am to 6 pm, Monday to Saturday.', 'On Sundays we open at 10 am and close at 4 pm.'],
  },
  {
    intent: 'refund',
    users: ['I want a refund for my order', 'How long does a refund take?', 'Can I return this item and get my money back?'],
    agents: ['Refunds reach your account within five working days.', 'I have started the return; you will get an email with the label.'],
    entities: (random) => ({ order_id: `A-${1000 + Math.floor(random() * 9000)}` }),
  },
  {
    intent: 'delivery',
    users: ['Where is my parcel?', 'Can you track my delivery?', 'My package has not arrived yet'],
    agents: ['Your parcel is with the courier and arrives tomorrow.', 'The tracking shows it left our warehouse this morning.'],
    entities: (random) => ({ order_id: `A-${1000 + Math.floor(random() * 9000)}` }),
  },
  {
    intent: 'account',
    users: ['I forgot my password', 'How do I change the email on my account?', 'I cannot log in'],
    agents: ['I have sent a reset link to the email on your account.', 'You can change it under Profile, then Email.'],
  },
];

const OFF_TOPIC = [
  'What is the meaning of life?',
  'Tell me a joke about penguins',
  'Who won the match last night?',
  'Can you write me a poem?',
];
const OOD_REPLY = "Sorry, I can't help with that one. Is there anything else?";
const HANDOFF_USER = ['Can I talk to a human?', 'I want to speak to a real person', 'Put me through to an agent please'];
const HANDOFF_REPLY = 'Let me connect you with a colleague. One moment, please.';
const GREETINGS: Record<Channel, string> = {
  'VOICE-SIP': 'Thank you for calling. How can I help you today?',
  WEBCHAT: "Hi, I'm Ada, the demo agent. Ask me anything.",
  CHAT: "Hi, I'm Ada, the demo agent. Ask me anything.",
};
const SILENCE_REPLY = 'Sorry, I did not hear anything. Are you still there?';
const GOODBYE = ['Thanks, bye', 'That is all, thank you', 'Great, goodbye'];
const GOODBYE_REPLY = 'Thank you for getting in touch. Goodbye!';
const LANGUAGES = ['en-US', 'en-US', 'en-US', 'en-GB', 'fr-FR'];
const NO_ENTITIES: Readonly<Record<string, string>> = Object.freeze({});

export interface SeedOptions {
  count: number;
  seed: number;
  /** The newest conversation starts before this time. Default: now rounded down to the hour. */
  endAt?: number;
  /** How far back the history reaches. Default 30 days. */
  spanMs?: number;
  projectId?: string;
}

/** Mulberry32: a tiny, well-known 32-bit PRNG. */
function prng(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let mixed = state;
    mixed = Math.imul(mixed ^ (mixed >>> 15), mixed | 1);
    mixed ^= mixed + Math.imul(mixed ^ (mixed >>> 7), mixed | 61);
    return ((mixed ^ (mixed >>> 14)) >>> 0) / 4294967296;
  };
}

export function seedHistory(model: PlatformModel, options: SeedOptions): number {
  const random = prng(options.seed);
  const pick = <T>(items: readonly T[]): T => {
    const item = items[Math.floor(random() * items.length)];
    if (item === undefined) throw new Error('seed history: empty choice');
    return item;
  };
  const spanMs = options.spanMs ?? 30 * 24 * 60 * 60 * 1000;
  const endAt = options.endAt ?? Math.floor(Date.now() / 3_600_000) * 3_600_000;
  const begin = endAt - spanMs;
  const step = spanMs / Math.max(1, options.count);
  for (let index = 0; index < options.count; index += 1) {
    const startedAt = Math.floor(begin + index * step + random() * step * 0.9);
    const channelRoll = random();
    const channel: Channel = channelRoll < 0.45 ? 'VOICE-SIP' : channelRoll < 0.8 ? 'WEBCHAT' : 'CHAT';
    const envRoll = random();
    const environment: Environment = envRoll < 0.7 ? 'live' : envRoll < 0.85 ? 'sandbox' : 'pre-release';
    // The variants the demo agent has deployed in that environment (the Agents API's truth).
    const variant = pick(model.deployedVariants(environment));
    const voice = channel === 'VOICE-SIP';
    const caller = voice ? `+1202555${String(2000 + Math.floor(random() * 7000)).padStart(4, '0')}` : '';
    const turns: TurnRecord[] = [];
    let at = startedAt;
    const addTurn = (userInput: string, agentResponse: string, extra: Partial<TurnRecord>): void => {
      const latencyMs = 300 + Math.floor(random() * (voice ? 1500 : 900));
      const userInputAt = at;
      at += latencyMs;
      turns.push({
        userInput,
        userInputDtmf: '',
        userInputAt,
        agentResponse,
        agentResponseAt: at,
        latencyMs,
        intents: [],
        entities: NO_ENTITIES,
        isOod: false,
        isSilence: false,
        bargeIn: false,
        ...extra,
      });
      at += 4_000 + Math.floor(random() * 20_000);
    };
    addTurn('', GREETINGS[channel], { intents: GREETING_INTENT });
    const exchanges = 1 + Math.floor(random() * 4);
    let handoff: { reason: string; destination: string; at: number } | undefined;
    for (let exchange = 0; exchange < exchanges; exchange += 1) {
      const roll = random();
      if (voice && roll < 0.08) addTurn('', SILENCE_REPLY, { isSilence: true });
      else if (roll < 0.16) addTurn(pick(OFF_TOPIC), OOD_REPLY, { isOod: true });
      else {
        const topic = pick(TOPICS);
        addTurn(pick(topic.users), pick(topic.agents), {
          intents: [topic.intent],
          entities: topic.entities?.(random) ?? NO_ENTITIES,
          bargeIn: voice && random() < 0.1,
        });
      }
    }
    if (random() < 0.1) {
      handoff = { reason: 'USER_REQUESTED', destination: voice ? 'support-line' : 'live-agent-queue', at };
      addTurn(pick(HANDOFF_USER), HANDOFF_REPLY, { intents: HANDOFF_INTENT });
    } else {
      addTurn(pick(GOODBYE), GOODBYE_REPLY, { intents: GOODBYE_INTENT });
    }
    const record = model.startConversation(
      {
        id: `hist-${options.seed}-${index}`,
        projectId: options.projectId ?? 'demo-project',
        environment,
        channel,
        variantId: variant.id,
        fromNumber: caller,
        toNumber: voice ? '+12025550199' : '',
        language: pick(LANGUAGES),
        startedAt,
        endedAt: at,
        state: voice ? { call_sid: `CA${index.toString(16).padStart(12, '0')}`, caller_type: pick(['new', 'returning']) } : {},
      },
      turns,
    );
    if (handoff) record.handoff = handoff;
  }
  return options.count;
}

const GREETING_INTENT = ['greeting'];
const HANDOFF_INTENT = ['handoff'];
const GOODBYE_INTENT = ['goodbye'];
