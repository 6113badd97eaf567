// Option validation: bad configuration must fail loudly and precisely (CONTRACT.md), and an error
// message must never echo a token value — only the option's name and what is wrong with it.

import type { ClientOptions, TransportMode } from './client/types';
import type { ThemeOptions } from './ui/styles';

/** Widget options = client options + what only the UI reads. */
export interface WidgetOptions extends ClientOptions {
  title?: string;
  open?: boolean;
  locale?: string;
  container?: HTMLElement;
  theme?: ThemeOptions;
}

export class OptionsError extends Error {
  constructor(message: string) {
    super(`agent-webchat: ${message}`);
    this.name = 'OptionsError';
  }
}

const fail = (message: string): never => {
  throw new OptionsError(message);
};

const TRANSPORTS: readonly TransportMode[] = ['auto', 'messaging', 'rest'];

export function isLoopbackHost(hostname: string): boolean {
  return hostname === 'localhost' || hostname.endsWith('.localhost') || hostname === '[::1]' || /^127(\.\d{1,3}){3}$/.test(hostname);
}

export function isPlainObject(value: unknown): value is Record<string, unknown> {
  if (typeof value !== 'object' || value === null) return false;
  const proto: unknown = Object.getPrototypeOf(value);
  return proto === Object.prototype || proto === null;
}

function pageHref(): string | undefined {
  return typeof location === 'object' && location !== null && typeof location.href === 'string' ? location.href : undefined;
}

/**
 * A secret travels to this URL (connector token, access token, chat keys), so it must be https —
 * plain http only on loopback dev hosts. A relative URL (tokenUrl/chatUrl) is same-origin as the
 * page, whose own scheme is the site's choice.
 */
function checkUrl(name: string, value: unknown, allowRelative: boolean): string {
  if (typeof value !== 'string' || value.trim() === '') return fail(`option "${name}" must be a non-empty URL string`);
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    const base = allowRelative ? pageHref() : undefined;
    if (!base) {
      return fail(
        allowRelative
          ? `option "${name}" must be an absolute URL here (there is no page location to resolve a relative one against)`
          : `option "${name}" must be an absolute https URL`,
      );
    }
    try {
      new URL(value, base);
    } catch {
      return fail(`option "${name}" is not a valid URL`);
    }
    return value;
  }
  if (url.protocol === 'https:') return value;
  if (url.protocol === 'http:') {
    if (isLoopbackHost(url.hostname)) return value;
    return fail(`option "${name}" must use https (plain http is allowed only for localhost), got "${url.origin}"`);
  }
  return fail(`option "${name}" must be an https URL, got scheme "${url.protocol}"`);
}

function checkString(name: string, value: unknown): string {
  if (typeof value !== 'string' || value.trim() === '') return fail(`option "${name}" must be a non-empty string`);
  return value;
}

function checkBoolean(name: string, value: unknown): boolean {
  if (typeof value !== 'boolean') return fail(`option "${name}" must be true or false, got ${describe(value)}`);
  return value;
}

function checkObject(name: string, value: unknown): Record<string, unknown> {
  if (!isPlainObject(value)) return fail(`option "${name}" must be a plain object, got ${describe(value)}`);
  return value;
}

/** Describes a wrong value without echoing it (it may be a secret put in the wrong option). */
function describe(value: unknown): string {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'an array';
  return typeof value === 'string' ? 'a string' : `a ${typeof value}`;
}

type Checker = (name: string, value: unknown) => unknown;

const CHECKS: Record<keyof WidgetOptions, Checker> = {
  messagingUrl: (n, v) => checkUrl(n, v, false),
  connectorToken: checkString,
  host: (n, v) => {
    const host = checkString(n, v);
    if (/[\s/:?#@]/.test(host)) fail(`option "${n}" must be a bare host name such as "example.com", without scheme, port or path`);
    return host;
  },
  tokenUrl: (n, v) => checkUrl(n, v, true),
  streaming: checkBoolean,
  chatUrl: (n, v) => checkUrl(n, v, true),
  transport: (n, v) => {
    if (typeof v !== 'string' || !TRANSPORTS.some((t) => t === v)) fail(`option "${n}" must be one of ${TRANSPORTS.join(', ')}`);
    return v;
  },
  metadata: checkObject,
  variantId: checkString,
  integrationAttributes: checkObject,
  chatApiKey: checkString,
  chatToken: checkString,
  title: (n, v) => {
    if (typeof v !== 'string') fail(`option "${n}" must be a string`);
    return v;
  },
  open: checkBoolean,
  locale: (n, v) => {
    const tag = checkString(n, v);
    try {
      Intl.getCanonicalLocales(tag);
    } catch {
      fail(`option "${n}" must be a BCP 47 language tag such as "en" or "de-CH", got "${tag}"`);
    }
    return tag;
  },
  container: (n, v) => {
    if (typeof HTMLElement === 'undefined' || !(v instanceof HTMLElement)) fail(`option "${n}" must be a DOM element`);
    return v;
  },
  theme: (n, v) => toTheme(checkObject(n, v)),
};

const oneOf = <T extends string>(name: string, value: unknown, allowed: readonly T[]): T => {
  const found = allowed.find((a) => a === value);
  return found ?? fail(`option "${name}" must be one of ${allowed.join(', ')}`);
};

function toTheme(t: Record<string, unknown>): ThemeOptions {
  const theme: ThemeOptions = {};
  for (const [key, value] of Object.entries(t)) {
    if (value === undefined) continue;
    const name = `theme.${key}`;
    if (key === 'accent' || key === 'font') theme[key] = checkString(name, value);
    else if (key === 'radius') {
      if (typeof value !== 'number' && typeof value !== 'string') fail(`option "${name}" must be a number (px) or a CSS length`);
      else theme.radius = value;
    } else if (key === 'position') theme.position = oneOf(name, value, ['right', 'left'] as const);
    else if (key === 'mode') theme.mode = oneOf(name, value, ['light', 'dark', 'auto'] as const);
    else fail(`unknown option "${name}"`);
  }
  return theme;
}

function isOptionName(key: string): key is keyof WidgetOptions {
  return Object.prototype.hasOwnProperty.call(CHECKS, key);
}

/**
 * Validates options from JS or from data-* attributes. `undefined` values count as absent.
 * When both `tokenUrl` and `connectorToken` are given, `tokenUrl` wins (the site's backend mints
 * tokens; the connector token stays out of the page) and `connectorToken` is dropped.
 */
export function validateOptions(input: unknown): WidgetOptions {
  if (!isPlainObject(input)) return fail(`options must be an object, got ${describe(input)}`);
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(input)) {
    if (value === undefined) continue;
    if (!isOptionName(key)) return fail(`unknown option "${key}"`);
    out[key] = CHECKS[key](key, value);
  }
  const options = toOptions(out);

  if (!options.messagingUrl && !options.chatUrl) fail('set "messagingUrl" (Messaging API) or "chatUrl" (Chat REST API)');
  const mode = options.transport ?? 'auto';
  if (mode === 'messaging' && !options.messagingUrl) fail('option "transport" is "messaging" but "messagingUrl" is not set');
  if (mode === 'rest' && !options.chatUrl) fail('option "transport" is "rest" but "chatUrl" is not set');
  if (options.messagingUrl && mode !== 'rest') {
    if (!options.connectorToken && !options.tokenUrl) fail('"messagingUrl" needs "connectorToken" or "tokenUrl"');
  }
  if (options.tokenUrl) delete options.connectorToken;
  return options;
}

/** Narrows the checked record without casts: each field was validated by CHECKS above. */
function toOptions(r: Record<string, unknown>): WidgetOptions {
  const o: WidgetOptions = {};
  const set = <K extends keyof WidgetOptions>(k: K, v: WidgetOptions[K] | undefined) => {
    if (v !== undefined) o[k] = v;
  };
  const str = (k: keyof WidgetOptions) => {
    const v = r[k];
    return typeof v === 'string' ? v : undefined;
  };
  const bool = (k: keyof WidgetOptions) => {
    const v = r[k];
    return typeof v === 'boolean' ? v : undefined;
  };
  const obj = (k: keyof WidgetOptions) => {
    const v = r[k];
    return isPlainObject(v) ? v : undefined;
  };
  set('messagingUrl', str('messagingUrl'));
  set('connectorToken', str('connectorToken'));
  set('host', str('host'));
  set('tokenUrl', str('tokenUrl'));
  set('streaming', bool('streaming'));
  set('chatUrl', str('chatUrl'));
  set('transport', TRANSPORTS.find((m) => m === r.transport));
  set('metadata', obj('metadata'));
  set('variantId', str('variantId'));
  set('integrationAttributes', obj('integrationAttributes'));
  set('chatApiKey', str('chatApiKey'));
  set('chatToken', str('chatToken'));
  set('title', str('title'));
  set('open', bool('open'));
  set('locale', str('locale'));
  const c = r.container;
  if (typeof HTMLElement !== 'undefined' && c instanceof HTMLElement) o.container = c;
  // CHECKS.theme already rebuilt it as a ThemeOptions; only the record type is lost here.
  if (isPlainObject(r.theme)) o.theme = toTheme(r.theme);
  return o;
}

/** data-* attributes (DOMStringMap keys are camelCased) that map to options, and their kind. */
const DATA_ATTRIBUTES: Record<string, 'string' | 'boolean'> = {
  messagingUrl: 'string',
  connectorToken: 'string',
  host: 'string',
  tokenUrl: 'string',
  streaming: 'boolean',
  chatUrl: 'string',
  transport: 'string',
  title: 'string',
  open: 'boolean',
  locale: 'string',
  variantId: 'string',
};

/**
 * Maps a script tag's dataset to raw options for validateOptions. Other data-* attributes (set by
 * loaders, CMSs, …) are ignored. A boolean attribute present without a value means true; any
 * other text than true/false is passed on unchanged so validateOptions reports it.
 */
export function parseDataAttributes(dataset: Record<string, string | undefined>): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [key, kind] of Object.entries(DATA_ATTRIBUTES)) {
    const raw = dataset[key];
    if (raw === undefined) continue;
    if (kind === 'boolean') {
      const v = raw.trim().toLowerCase();
      out[key] = v === '' || v === 'true' ? true : v === 'false' ? false : raw;
    } else {
      out[key] = raw.trim();
    }
  }
  return out;
}
