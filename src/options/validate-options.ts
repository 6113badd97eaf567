// Option validation: bad configuration must fail loudly and precisely (docs/contract.md), and an error
// message must never echo a value (it may be a token put in the wrong option) — only the option's
// name and what is wrong with it.

import type { TransportMode } from '../contract/client';
import { fail } from '../contract/errors';
import type { VoiceOptions } from '../contract/voice';
import type { AttentionKind, ThemeOptions, WidgetOptions } from '../contract/widget';

const mustBe = (name: string, what: string): never => fail(`option "${name}" must be ${what}`);

type Check<T> = (name: string, value: unknown) => T;
type Checks<T> = { [K in keyof T]-?: Check<T[K]> };

function isPlainObject(value: unknown): value is Record<string, unknown> {
  const proto: unknown = typeof value === 'object' && value !== null && Object.getPrototypeOf(value);
  return proto === Object.prototype || proto === null;
}

const text: Check<string> = (name, value) => (typeof value === 'string' && value.trim() ? value : mustBe(name, 'a non-empty string'));
const bool: Check<boolean> = (name, value) => (typeof value === 'boolean' ? value : mustBe(name, 'true or false'));
const object: Check<Record<string, unknown>> = (name, value) => (isPlainObject(value) ? value : mustBe(name, 'a plain object'));
const oneOf =
  <T extends string>(...allowed: T[]): Check<T> =>
  (name, value) =>
    allowed.find((candidate) => candidate === value) ?? mustBe(name, `one of ${allowed.join(', ')}`);

/**
 * A secret travels to this URL (connector token, access token, chat keys), so it must be https —
 * plain http only on loopback dev hosts. A URL on the page's own origin (tokenUrl/chatUrl may be
 * relative) carries it no further than the page itself, whose scheme is the site's choice.
 */
const url =
  (allowRelative: boolean): Check<string> =>
  (name, value) => {
    if (typeof value !== 'string' || !value.trim()) return mustBe(name, 'a non-empty URL string');
    const page: Partial<Location> | undefined = allowRelative ? globalThis.location : undefined;
    let parsed: URL;
    try {
      parsed = new URL(value, page?.href);
    } catch {
      return mustBe(name, 'an absolute URL');
    }
    const { protocol, hostname, origin } = parsed;
    const loopback = /^(.+\.)?localhost$|^\[::1\]$|^127(\.\d{1,3}){3}$/.test(hostname);
    return protocol === 'https:' || (protocol === 'http:' && (loopback || origin === page?.origin))
      ? value
      : fail(`option "${name}" must use https`);
  };

const attentionKind = oneOf<AttentionKind>('title', 'sound');

const THEME: Checks<ThemeOptions> = {
  accent: text,
  font: text,
  radius: (name, value) => (typeof value === 'number' || typeof value === 'string' ? value : mustBe(name, 'a number or a CSS length')),
  position: oneOf('right', 'left'),
  mode: oneOf('light', 'dark', 'auto'),
};

const VOICE: Checks<VoiceOptions> = { input: bool, output: bool, mode: bool, send: bool, onDevice: bool };

const OPTIONS: Checks<WidgetOptions> = {
  messagingUrl: url(false),
  connectorToken: text,
  host: (name, value) => {
    const host = text(name, value);
    return /[\s/:?#@]/.test(host) ? mustBe(name, 'a bare host name') : host;
  },
  tokenUrl: url(true),
  streaming: bool,
  chatUrl: url(true),
  transport: oneOf<TransportMode>('auto', 'messaging', 'rest'),
  metadata: object,
  variantId: text,
  integrationAttributes: object,
  chatApiKey: text,
  chatToken: text,
  tabs: oneOf('shared', 'separate'),
  title: (name, value) => (typeof value === 'string' ? value : mustBe(name, 'a string')),
  open: bool,
  locale: (name, value) => {
    const tag = text(name, value);
    try {
      Intl.getCanonicalLocales(tag);
      return tag;
    } catch {
      return mustBe(name, 'a BCP 47 language tag');
    }
  },
  container: (name, value) => (typeof HTMLElement !== 'undefined' && value instanceof HTMLElement ? value : mustBe(name, 'a DOM element')),
  theme: (name, value) => checkAll(object(name, value), THEME, `${name}.`),
  markdown: bool,
  callbackUrl: url(true),
  callbackConsent: text,
  rating: bool,
  ratingUrl: url(true),
  messageFeedback: bool,
  uploadUrl: url(true),
  historyUrl: url(true),
  voice: (name, value) =>
    typeof value === 'boolean'
      ? value
      : isPlainObject(value)
        ? checkAll(value, VOICE, `${name}.`)
        : mustBe(name, 'true, false or an object'),
  attention: (name, value) => {
    const kinds = typeof value === 'string' ? value.split(',') : value;
    return Array.isArray(kinds)
      ? kinds.map((kind) => attentionKind(name, typeof kind === 'string' ? kind.trim() : kind))
      : mustBe(name, 'a list');
  },
  teaser: text,
  // Seconds; a number, or its text (the script tag's attribute).
  teaserDelay: (name, value) => {
    const seconds = typeof value === 'string' && value.trim() ? Number(value) : value;
    return typeof seconds === 'number' && seconds >= 0 ? seconds : mustBe(name, 'a number of seconds, 0 or more');
  },
};

/** Every option's name: the custom element has a property for each (src/element/). */
export const OPTION_NAMES: readonly (keyof WidgetOptions)[] = Object.keys(OPTIONS).filter((key): key is keyof WidgetOptions =>
  Object.hasOwn(OPTIONS, key),
);

/** Every field of `input` through its check; `undefined` values count as absent. */
function checkAll<T extends object>(input: Record<string, unknown>, checks: Checks<T>, prefix = ''): Partial<T> {
  const isKnown = (key: string): key is Extract<keyof T, string> => Object.hasOwn(checks, key);
  const out: Partial<T> = {};
  for (const [key, value] of Object.entries(input)) {
    if (value === undefined) continue;
    if (!isKnown(key)) return fail(`unknown option "${prefix}${key}"`);
    out[key] = checks[key](prefix + key, value);
  }
  return out;
}

/**
 * Validates options from JS or from data-* attributes. When both `tokenUrl` and `connectorToken`
 * are given, `tokenUrl` wins (the site's backend mints tokens; the connector token stays out of the
 * page) and `connectorToken` is dropped.
 */
export function validateOptions(input: unknown): WidgetOptions {
  if (!isPlainObject(input)) return fail('options must be an object');
  const options = checkAll(input, OPTIONS);
  const { messagingUrl, chatUrl, transport = 'auto' } = options;
  if (!messagingUrl && !chatUrl) fail('set "messagingUrl" or "chatUrl"');
  const needed = transport === 'rest' ? 'chatUrl' : 'messagingUrl';
  if (transport !== 'auto' && !options[needed]) fail(`option "transport": "${transport}" needs "${needed}"`);
  if (messagingUrl && transport !== 'rest' && !options.connectorToken && !options.tokenUrl)
    fail('"messagingUrl" needs "connectorToken" or "tokenUrl"');
  if (options.tokenUrl) delete options.connectorToken;
  return options;
}
