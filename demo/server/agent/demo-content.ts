// What the scripted agents say and show. Asset URLs are absolute (the widget renders them on
// another origin) and point at files this server serves from public/demo/.

import type { Attachment, Suggestion } from '../messaging/wire';
import { AGENT_WORDS, type AgentLanguage, type AgentWords, agentLanguage } from './agent-words';
import { TRIGGER_PHRASES } from './triggers';

const EN = AGENT_WORDS.en;

export const SERVICE_AGENT_NAME = 'Ada (demo agent)';

export const LIVE_AGENT = { id: 'live-agent-sam', name: 'Sam' } as const;

export const HANDOFF_QUEUE = 'support';

export const CLIENT_HANDOFF_QUEUE = 'billing';

export function assetUrl(base: string, file: string): string {
  return `${base}/demo/${file}`;
}

export const GREETING_SUGGESTIONS: Suggestion[] = [
  { message_text: 'Show me a link' },
  { message_text: 'Send an image' },
  { message_text: 'Give me a long answer' },
  { message_text: 'Talk to a human' },
];

/** The default greeting of the demo agent's deployments (English; other languages in agent-words.ts). */
export const GREETING = EN.greeting;

/** A deployment that kept the default greeting greets in the conversation's language; another greeting is said as written. */
export function greetingIn(language: AgentLanguage, deployed: string): string {
  return deployed === GREETING ? AGENT_WORDS[language].greeting : deployed;
}

export function helpText(words: AgentWords = EN): string {
  return `${words.tryThese} ${TRIGGER_PHRASES.map((phrase) => `"${phrase.example}"`).join(', ')}.`;
}
export const HELP_TEXT = helpText();

function quote(text: string, max: number): string {
  return text.length > max ? `${text.slice(0, max)}…` : text;
}

export function plainReply(text: string, words: AgentWords = EN): string {
  return words.youSaid(quote(text, 200));
}

export const STREAM_TEXT = EN.stream;

export function longText(words: AgentWords = EN): string {
  return words.long.join('\n\n');
}
export const LONG_TEXT = longText();

/** A reply in Markdown with every construct the widget formats (streamed like any reply). */
export function markdownText(base: string, words: AgentWords = EN): string {
  const [bullet = '', bulletFormatted = '', step = '', stepOrder = ''] = words.markdownList.split('|');
  return [
    '## Formatted replies',
    words.markdownIntro,
    '',
    `- ${bullet}`,
    `- ${bulletFormatted}`,
    '',
    `1. ${step}`,
    `2. ${stepOrder}`,
    '',
    '```js',
    "webchat.mount({ locale: 'fr' });",
    '```',
    '',
    words.markdownRead.replace('{article}', assetUrl(base, 'article.html')),
  ].join('\n');
}

export const SUGGEST_TEXT = EN.suggest;

export const SUGGESTIONS: Suggestion[] = [
  { message_text: 'Stream a reply' },
  { message_text: 'Show me a link' },
  { message_text: 'Send an image' },
  { message_text: 'Help' },
];

export function linkAttachment(base: string): Attachment {
  return {
    title: 'How the demo platform works',
    preview_image_url: assetUrl(base, 'link-preview.svg'),
    content_url: assetUrl(base, 'article.html'),
    content_type: 'ATTACHMENT_CONTENT_TYPE_URL',
    call_to_action_text: 'Read the article',
  };
}

export function imageAttachment(base: string): Attachment {
  return {
    title: 'A sample picture',
    preview_image_url: assetUrl(base, 'sample.png'),
    content_url: assetUrl(base, 'sample.svg'),
    content_type: 'ATTACHMENT_CONTENT_TYPE_IMAGE',
    call_to_action_text: 'View full size',
  };
}

export const LINK_TEXT = EN.link;
export const IMAGE_TEXT = EN.image;
export const HANDOFF_INTRO = EN.handoffIntro;
export const HANDOFF_FAILED_TEXT = EN.handoffFailed;
export const HANDOFF_TIMEOUT_TEXT = EN.handoffTimeout;
export const CLIENT_HANDOFF_TEXT = EN.clientHandoff;
export const GOODBYE_TEXT = EN.goodbye;
export const LIVE_GREETING = EN.liveGreeting;
export const LIVE_GOODBYE = EN.liveGoodbye;

export function liveReply(text: string, words: AgentWords = EN): string {
  return words.liveReply(quote(text, 120));
}

/**
 * After "language <code>": the new language when the agent speaks it (it then says so in it),
 * else the current one, with a reply saying it stays.
 */
export function languageChange(code: string, current: AgentLanguage): { language: AgentLanguage; text: string } {
  const next = agentLanguage(code);
  return next
    ? { language: next, text: AGENT_WORDS[next].languageChanged }
    : { language: current, text: AGENT_WORDS[current].languageUnknown(code) };
}

export function languageReply(code: string): string {
  return languageChange(code, 'en').text;
}

/** The stand-in checkout page; the event id in its URL is what the payment provider posts back. */
export function paymentLink(base: string, eventId: string): string {
  return `${base}/demo/pay.html?event_id=${encodeURIComponent(eventId)}`;
}

export function paymentText(link: string, words: AgentWords = EN): string {
  return words.pay(link);
}

export function paymentAttachment(link: string, base: string): Attachment {
  return {
    title: 'Pay for your order',
    preview_image_url: assetUrl(base, 'link-preview.svg'),
    content_url: link,
    content_type: 'ATTACHMENT_CONTENT_TYPE_URL',
    call_to_action_text: 'Pay now',
  };
}

const MAX_STATUS_CHARS = 200;

export function paymentStatusText(status: string, words: AgentWords = EN): string {
  return words.paymentStatus(quote(status, MAX_STATUS_CHARS));
}
