// What the scripted agents say and show. Asset URLs are absolute (the widget renders them on
// another origin) and point at files this server serves from public/demo/.

import type { Attachment, Suggestion } from '../messaging/wire';
import { TRIGGER_PHRASES } from './triggers';

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

export const GREETING = "Hi, I'm Ada, the demo agent. Ask me anything, or pick one of the suggestions below.";

export const HELP_TEXT = `Try these phrases: ${TRIGGER_PHRASES.map((phrase) => `"${phrase.example}"`).join(', ')}.`;

export function plainReply(text: string): string {
  const quoted = text.length > 200 ? `${text.slice(0, 200)}…` : text;
  return `You said: "${quoted}". I'm a scripted demo agent; say "help" to see what I can do.`;
}

export const STREAM_TEXT =
  'Streaming sends a reply in small chunks as it is written, so the first words appear at once. ' +
  'Each chunk carries an index; the widget joins them in order, whatever order they arrive in.';

export const LONG_TEXT = [
  'Here is a longer answer, so you can watch a streamed reply grow and check that scrolling keeps up.',
  'A messaging session starts with an HTTP handshake: the page trades a connector token for a short-lived access token, then creates a session, then opens a WebSocket.',
  'Everything after that is JSON events. The server numbers each event it keeps in the history, so a client that drops off can come back with a cursor and receive only what it missed.',
  'Replies may arrive whole or in chunks. Chunks of one message share an id and carry a position, so the client can rebuild the text even when the network shuffles them.',
  'When a question needs a person, the agent hands the conversation to a live agent: the user waits in a queue, sees the agent join and type, and keeps chatting in the same window.',
  'When the conversation is over, the server sends a session end event; the widget disables the input and offers a fresh start.',
].join('\n\n');

/** A reply in Markdown with every construct the widget formats (streamed like any reply). */
export function markdownText(base: string): string {
  return [
    '## Formatted replies',
    'Agent replies can use **bold**, *italic* and `inline code`.',
    '',
    '- Lists with bullets',
    '- and **formatting** inside',
    '',
    '1. Numbered steps',
    '2. in order',
    '',
    '```js',
    "webchat.mount({ locale: 'fr' });",
    '```',
    '',
    `Read [the demo article](${assetUrl(base, 'article.html')}) or visit https://example.com/docs for more.`,
  ].join('\n');
}

export const SUGGEST_TEXT = 'Here are a few things you could ask next:';

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

export const LINK_TEXT = 'Here is an article about this demo platform:';
export const IMAGE_TEXT = 'Here is a picture:';
export const HANDOFF_INTRO = 'Let me connect you with a human colleague. One moment, please.';
export const HANDOFF_FAILED_TEXT = "Sorry, I couldn't reach a human colleague. I'm still here to help, or you can try again later.";
export const HANDOFF_TIMEOUT_TEXT = 'Sorry, nobody picked up in time. Please try again later; I am still here meanwhile.';
export const CLIENT_HANDOFF_TEXT = 'That is a question for our billing team. I am passing you over to them now.';
export const GOODBYE_TEXT = 'Goodbye! Thanks for trying the demo.';
export const LIVE_GREETING = "Hi, this is Sam from support. I've read the conversation so far. How can I help?";
export const LIVE_GOODBYE = 'Glad I could help. Take care!';

export function liveReply(text: string): string {
  const quoted = text.length > 120 ? `${text.slice(0, 120)}…` : text;
  return `Sam here: thanks, I'm looking into "${quoted}". Say "bye" when you are done.`;
}

export function languageReply(code: string): string {
  return code === 'fr' ? 'Très bien, je continue en français.' : `Language switched to "${code}".`;
}

/** The stand-in checkout page; the event id in its URL is what the payment provider posts back. */
export function paymentLink(base: string, eventId: string): string {
  return `${base}/demo/pay.html?event_id=${encodeURIComponent(eventId)}`;
}

export function paymentText(link: string): string {
  return `You can pay securely here: ${link} — I will tell you in this conversation as soon as the payment provider confirms.`;
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

export function paymentStatusText(status: string): string {
  const shown = status.length > MAX_STATUS_CHARS ? `${status.slice(0, MAX_STATUS_CHARS)}…` : status;
  return `Payment update: the payment status is "${shown}".`;
}
