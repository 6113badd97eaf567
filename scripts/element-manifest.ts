// The Custom Elements Manifest of <agent-webchat> (custom-elements.json, package.json's
// `customElements`), made from the element's own lists: its attributes and properties come from
// the options' definition (src/element/element-options.ts), its events from the handle's
// (src/contract/event-types.ts). Only the words are written here, keyed by every option, event
// and method: a new option, event or method is a type error until it is described.
//   npx tsx scripts/element-manifest.ts          writes custom-elements.json
//   npx tsx scripts/element-manifest.ts --check  fails when the file and the element disagree
// test/element-manifest.test.ts runs the check with the unit tests.

import { readFileSync, writeFileSync } from 'node:fs';
import type { WebchatEventType } from '../src/contract/client';
import { EVENT_TYPES, isEventType } from '../src/contract/event-types';
import type { WidgetOptions } from '../src/contract/widget';
import { attributeName, INLINE, propertyName, TAG_NAME } from '../src/element/element-names';
import { ATTRIBUTE_OPTIONS, PROPERTY_OPTIONS } from '../src/element/element-options';
import type { AgentWebchatMethods } from '../src/element/element-types';

interface Described {
  type: string;
  description: string;
}

const OPTIONS: Record<keyof WidgetOptions, Described> = {
  messagingUrl: { type: 'string', description: 'https base of the messaging cluster (http only for loopback hosts).' },
  connectorToken: { type: 'string', description: 'Connector token, sent as X-Token.' },
  host: { type: 'string', description: 'X-Host value; default the page host name.' },
  tokenUrl: { type: 'string', description: "The site's endpoint that returns the access-token JSON (instead of the connector token)." },
  streaming: { type: 'boolean', description: 'Ask for a streaming session; default true.' },
  chatUrl: { type: 'string', description: 'Base of the Chat REST API or a proxy with the same tail (/create, /respond, /close).' },
  transport: {
    type: "'auto' | 'messaging' | 'rest'",
    description: 'auto (default): messaging, falling back to Chat REST when it cannot connect.',
  },
  metadata: { type: 'Record<string, unknown>', description: 'Copied into metadata.custom of every client event.' },
  variantId: { type: 'string', description: 'Chat REST: sent on create.' },
  integrationAttributes: { type: 'Record<string, unknown>', description: 'Chat REST: sent on create.' },
  chatApiKey: { type: 'string', description: 'Chat REST key for local testing only; use the server proxy.' },
  chatToken: { type: 'string', description: 'Chat REST token for local testing only; use the server proxy.' },
  tabs: { type: "'shared' | 'separate'", description: "shared (default): one conversation for the site's tabs with the same options." },
  title: { type: 'string', description: "Panel title (the element's own title stays the tooltip)." },
  open: { type: 'boolean', description: 'Start with the panel open; changed later, opens or closes it.' },
  locale: { type: 'string', description: 'UI language (BCP 47); default from the page.' },
  container: { type: 'HTMLElement', description: 'Not on the element: it is its own container (see inline).' },
  theme: { type: 'ThemeOptions', description: 'Accent colour, radius, font, launcher side, light/dark mode.' },
  markdown: { type: 'boolean', description: 'Agent replies as a safe Markdown subset (default true).' },
  callbackUrl: { type: 'string', description: 'The site\'s callback endpoint: the panel offers "Call me".' },
  callbackConsent: { type: 'string', description: 'Consent text shown in the callback form.' },
  rating: {
    type: 'boolean',
    description: 'After a session ends the visitor may rate it (default off; on when rating-url is set, unless false).',
  },
  uploadUrl: { type: 'string', description: "The site's upload endpoint: the visitor may attach files and images (button, drop, paste)." },
  ratingUrl: { type: 'string', description: "The site's rating endpoint: the rating is POSTed there and is also an event." },
  historyUrl: { type: 'string', description: "The site's history endpoint: a returning visitor finds their earlier conversations." },
  messageFeedback: { type: 'boolean', description: '"Helpful" / "Not helpful" on each agent and live-agent message (default off).' },
  voice: {
    type: 'boolean | VoiceOptions',
    description: 'Dictation, read-aloud and voice mode where the browser offers them (default off).',
  },
  attention: {
    type: "('title' | 'sound')[]",
    description:
      'What calls the visitor back while the panel is closed: title (the unread count before the page title), sound (a short tone); on the attribute, names separated by commas.',
  },
  teaser: { type: 'string', description: 'A short invitation shown beside the closed launcher after teaser-delay, once per tab.' },
  teaserDelay: { type: 'number', description: 'Seconds before the teaser shows (default 0).' },
};

const EVENTS: Record<WebchatEventType, string> = {
  ready: 'The widget is on the page (its launcher shown).',
  open: 'The panel opened.',
  close: 'The panel closed.',
  status: 'The connection state changed: detail.status.',
  message: 'A complete message, from the visitor or an agent: detail.author, detail.text.',
  handoff: 'The conversation is handed to a human or back.',
  'session-end': 'The session ended: detail.reason.',
  error: 'Something failed: detail.code, detail.message.',
  callback: '"Call me": the phone callback\'s state.',
  voice: "Voice mode's state.",
  rating: 'The visitor rated the ended session: detail.score, detail.comment.',
  'message-feedback': 'The visitor found an agent message helpful or not: detail.messageId, detail.value.',
  unread: 'Agent messages not yet seen, on every change (0 once the panel opened in any tab): detail.count.',
};

const METHODS: Record<keyof AgentWebchatMethods, { description: string; parameters?: { name: string; type: string }[] }> = {
  open: { description: 'Opens the panel (fetching the rest of the widget if needed).' },
  close: { description: 'Closes the panel.' },
  toggle: { description: 'Opens or closes the panel.' },
  send: { description: "Sends a text as the visitor's message.", parameters: [{ name: 'text', type: 'string' }] },
  newConversation: { description: 'Ends the current session and starts a fresh one.' },
  tease: {
    description: 'Shows a teaser with this text beside the closed launcher now (none while the panel is open, none inline).',
    parameters: [{ name: 'text', type: 'string' }],
  },
  transcript: { description: "The conversation's transcript as plain text ('' before the conversation is here)." },
};

/** What an attribute says where it holds less than its property: the theme's mode only. */
const ATTRIBUTE_DESCRIPTIONS: Partial<Record<keyof WidgetOptions, string>> = {
  theme: "The theme's mode: light, dark or auto (the default: the visitor's system setting); the property takes the whole theme.",
};

export function elementManifest(): unknown {
  const attributes = [
    ...ATTRIBUTE_OPTIONS.map((option) => {
      const property = PROPERTY_OPTIONS.find((candidate) => candidate === option);
      return {
        name: attributeName(option),
        type: { text: OPTIONS[option].type === 'boolean' ? 'boolean' : 'string' },
        description: ATTRIBUTE_DESCRIPTIONS[option] ?? OPTIONS[option].description,
        ...(property ? { fieldName: propertyName(property) } : {}),
      };
    }),
    {
      name: INLINE,
      type: { text: 'boolean' },
      description: "The panel lives in the element's own box, sized by the page's CSS (no launcher).",
      fieldName: INLINE,
    },
  ];
  const fields = [
    ...PROPERTY_OPTIONS.map((option) => ({
      kind: 'field',
      name: propertyName(option),
      type: { text: `${OPTIONS[option].type} | undefined` },
      description: OPTIONS[option].description,
      ...(ATTRIBUTE_OPTIONS.includes(option) ? { attribute: attributeName(option) } : {}),
    })),
    {
      kind: 'field',
      name: INLINE,
      type: { text: 'boolean' },
      description: 'Reflects the inline attribute.',
      attribute: INLINE,
      reflects: true,
    },
  ];
  const methods = Object.entries(METHODS).map(([name, { description, parameters }]) => ({
    kind: 'method',
    name,
    description,
    ...(parameters ? { parameters: parameters.map(({ name, type }) => ({ name, type: { text: type } })) } : {}),
  }));
  const events = Object.keys(EVENT_TYPES)
    .filter(isEventType)
    .map((type) => ({
      name: `${TAG_NAME}-${type}`,
      type: { text: `CustomEvent<WebchatEventMap['${type}']>` },
      description: `${EVENTS[type]} Bubbles and is composed.`,
    }));
  return {
    schemaVersion: '2.1.0',
    readme: 'README.md',
    modules: [
      {
        kind: 'javascript-module',
        path: 'dist/element.js',
        declarations: [
          {
            kind: 'class',
            customElement: true,
            tagName: TAG_NAME,
            name: 'AgentWebchatElement',
            description:
              "The agent-webchat widget as an element: options as attributes and properties, the handle's methods, each handle event as a DOM event. Defined by the script tag's loader (dist/agent-webchat.js) and by `agent-webchat/element`.",
            superclass: { name: 'HTMLElement' },
            attributes,
            members: [...fields, ...methods],
            events,
          },
        ],
        exports: [
          { kind: 'custom-element-definition', name: TAG_NAME, declaration: { name: 'AgentWebchatElement', module: 'dist/element.js' } },
        ],
      },
    ],
  };
}

const FILE = new URL('../custom-elements.json', import.meta.url);
export const manifestText = () => `${JSON.stringify(elementManifest(), null, 2)}\n`;

if (import.meta.url === `file://${process.argv[1]}`) {
  if (process.argv.includes('--check')) {
    if (readFileSync(FILE, 'utf8') !== manifestText()) {
      console.error('custom-elements.json disagrees with the element: run `npx tsx scripts/element-manifest.ts`');
      process.exit(1);
    }
    console.log('custom-elements.json agrees with the element');
  } else {
    writeFileSync(FILE, manifestText());
    console.log('wrote custom-elements.json');
  }
}
