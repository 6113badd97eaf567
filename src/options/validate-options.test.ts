import { afterEach, describe, expect, it, vi } from 'vitest';
import { OptionsError } from '../contract/errors';
import { parseDataAttributes } from './data-attributes';
import { validateOptions } from './validate-options';

const SECRET = 'conn-SECRET-123';
const base = { messagingUrl: 'https://messaging.example.com', connectorToken: SECRET };

function errorOf(input: unknown): OptionsError {
  try {
    validateOptions(input);
  } catch (e) {
    if (e instanceof OptionsError) return e;
    throw e;
  }
  throw new Error('expected an OptionsError');
}

afterEach(() => vi.unstubAllGlobals());

describe('validateOptions', () => {
  it('accepts a minimal messaging configuration', () => {
    expect(validateOptions(base)).toEqual(base);
  });

  it('accepts http only for loopback hosts', () => {
    for (const url of ['http://localhost:8080', 'http://127.0.0.1:3000', 'http://[::1]:3000', 'http://chat.localhost']) {
      expect(validateOptions({ ...base, messagingUrl: url }).messagingUrl).toBe(url);
    }
    const e = errorOf({ ...base, messagingUrl: 'http://example.com' });
    expect(e.message).toMatch(/^agent-webchat: option "messagingUrl" must use https/);
  });

  it('rejects other schemes, relative and malformed messaging URLs', () => {
    expect(errorOf({ ...base, messagingUrl: 'wss://example.com' }).message).toMatch(/"messagingUrl".*https/);
    expect(errorOf({ ...base, messagingUrl: '/relative' }).message).toMatch(/"messagingUrl" must be an absolute URL/);
    expect(errorOf({ ...base, messagingUrl: 42 }).message).toMatch(/"messagingUrl" must be a non-empty URL/);
  });

  it('needs messagingUrl or chatUrl, and a token source for messaging', () => {
    expect(errorOf({}).message).toMatch(/^agent-webchat: set "messagingUrl".*or "chatUrl"/);
    expect(errorOf({ messagingUrl: base.messagingUrl }).message).toMatch(/needs "connectorToken" or "tokenUrl"/);
    expect(validateOptions({ chatUrl: 'https://chat.example.com/v1/a/p/chat' }).chatUrl).toBe('https://chat.example.com/v1/a/p/chat');
  });

  it('checks rating, ratingUrl and messageFeedback, from JS and from data-* attributes', () => {
    expect(
      validateOptions({ ...base, rating: true, ratingUrl: 'https://site.example.com/api/rating', messageFeedback: false }),
    ).toMatchObject({
      rating: true,
      ratingUrl: 'https://site.example.com/api/rating',
      messageFeedback: false,
    });
    expect(errorOf({ ...base, rating: 'yes' }).message).toBe('agent-webchat: option "rating" must be true or false');
    expect(errorOf({ ...base, messageFeedback: 1 }).message).toBe('agent-webchat: option "messageFeedback" must be true or false');
    expect(errorOf({ ...base, ratingUrl: 'http://site.example.com/api/rating' }).message).toMatch(
      /^agent-webchat: option "ratingUrl" must use https/,
    );
    expect(parseDataAttributes({ rating: '', ratingUrl: ' /api/rating ', messageFeedback: 'true' })).toEqual({
      rating: true,
      ratingUrl: '/api/rating',
      messageFeedback: true,
    });
  });

  it('checks callbackUrl like the other site URLs and callbackConsent as text, naming the option', () => {
    expect(validateOptions({ ...base, callbackUrl: 'https://site.example.com/api/callback' }).callbackUrl).toBe(
      'https://site.example.com/api/callback',
    );
    expect(errorOf({ ...base, callbackUrl: 'http://site.example.com/api/callback' }).message).toMatch(
      /^agent-webchat: option "callbackUrl" must use https/,
    );
    expect(errorOf({ ...base, callbackUrl: 7 }).message).toMatch(/option "callbackUrl" must be a non-empty URL string/);
    expect(errorOf({ ...base, callbackConsent: '' }).message).toMatch(/option "callbackConsent" must be a non-empty string/);
    expect(parseDataAttributes({ callbackUrl: '/api/callback', callbackConsent: 'We call once.' })).toEqual({
      callbackUrl: '/api/callback',
      callbackConsent: 'We call once.',
    });
  });

  it('lets tokenUrl win over connectorToken and drops the connector token', () => {
    const o = validateOptions({ ...base, tokenUrl: 'https://site.example.com/token' });
    expect(o.tokenUrl).toBe('https://site.example.com/token');
    expect(o.connectorToken).toBeUndefined();
  });

  it('checks tokenUrl like messagingUrl; relative only when a page location exists', () => {
    expect(errorOf({ messagingUrl: base.messagingUrl, tokenUrl: 'http://site.example.com/token' }).message).toMatch(
      /"tokenUrl" must use https/,
    );
    expect(errorOf({ messagingUrl: base.messagingUrl, tokenUrl: '/api/token' }).message).toMatch(/"tokenUrl" must be an absolute URL/);
    vi.stubGlobal('location', { href: 'https://shop.example.com/page' });
    expect(validateOptions({ messagingUrl: base.messagingUrl, tokenUrl: '/api/token' }).tokenUrl).toBe('/api/token');
    expect(validateOptions({ chatUrl: '/chat' }).chatUrl).toBe('/chat');
  });

  it('validates transport, streaming, metadata and the UI options', () => {
    expect(errorOf({ ...base, transport: 'sse' }).message).toMatch(/"transport" must be one of auto, messaging, rest/);
    expect(errorOf({ ...base, transport: 'rest' }).message).toMatch(/"transport": "rest" needs "chatUrl"/);
    expect(errorOf({ chatUrl: 'https://c.example.com', transport: 'messaging' }).message).toMatch(
      /"transport": "messaging" needs "messagingUrl"/,
    );
    expect(errorOf({ ...base, streaming: 'yes' }).message).toMatch(/"streaming" must be true or false/);
    expect(errorOf({ ...base, metadata: [1] }).message).toMatch(/"metadata" must be a plain object/);
    expect(errorOf({ ...base, metadata: new Date() }).message).toMatch(/"metadata" must be a plain object/);
    expect(errorOf({ ...base, locale: 'not a locale!' }).message).toMatch(/"locale" must be a BCP 47/);
    expect(errorOf({ ...base, container: {} }).message).toMatch(/"container" must be a DOM element/);
    expect(errorOf({ ...base, host: 'https://example.com' }).message).toMatch(/"host" must be a bare host name/);
    expect(errorOf({ ...base, tittle: 'x' }).message).toBe('agent-webchat: unknown option "tittle"');
    expect(errorOf('nope').message).toBe('agent-webchat: options must be an object');
    const ok = validateOptions({
      ...base,
      streaming: false,
      transport: 'auto',
      metadata: { shop: 1 },
      title: 'Help',
      open: true,
      locale: 'de-CH',
      host: 'example.com',
    });
    expect(ok).toMatchObject({
      streaming: false,
      transport: 'auto',
      metadata: { shop: 1 },
      title: 'Help',
      open: true,
      locale: 'de-CH',
      host: 'example.com',
    });
  });

  it('validates the theme', () => {
    expect(validateOptions({ ...base, theme: { accent: '#0a0', radius: 8, mode: 'auto', position: 'left' } }).theme).toEqual({
      accent: '#0a0',
      radius: 8,
      mode: 'auto',
      position: 'left',
    });
    expect(errorOf({ ...base, theme: { mode: 'neon' } }).message).toBe(
      'agent-webchat: option "theme.mode" must be one of light, dark, auto',
    );
    expect(errorOf({ ...base, theme: { colour: 'red' } }).message).toBe('agent-webchat: unknown option "theme.colour"');
    expect(errorOf({ ...base, theme: 'dark' }).message).toMatch(/"theme" must be a plain object/);
  });

  it('treats undefined values as absent', () => {
    expect(validateOptions({ ...base, title: undefined })).toEqual(base);
  });

  it('never puts a token value into an error message', () => {
    const cases: unknown[] = [
      { connectorToken: SECRET },
      { ...base, streaming: SECRET },
      { ...base, metadata: SECRET },
      { ...base, host: `${SECRET}/x` },
      { ...base, transport: SECRET },
      { ...base, chatToken: 5 },
      { messagingUrl: `http://example.com/?t=${SECRET}`, connectorToken: SECRET },
      { messagingUrl: SECRET, connectorToken: SECRET },
      { ...base, tokenUrl: SECRET },
    ];
    for (const c of cases) expect(errorOf(c).message).not.toContain(SECRET);
  });
});

describe('option "tabs"', () => {
  it('is "shared" or "separate", from JS or from data-tabs', () => {
    expect(validateOptions({ ...base, tabs: 'separate' }).tabs).toBe('separate');
    expect(validateOptions({ ...base, tabs: 'shared' }).tabs).toBe('shared');
    expect(
      validateOptions(parseDataAttributes({ messagingUrl: 'https://m.example.com', connectorToken: 't', tabs: ' separate ' })).tabs,
    ).toBe('separate');
  });

  it('names the option and the allowed values when wrong', () => {
    expect(errorOf({ ...base, tabs: 'together' }).message).toBe('agent-webchat: option "tabs" must be one of shared, separate');
    expect(errorOf({ ...base, tabs: true }).message).toMatch(/"tabs" must be one of shared, separate/);
    const raw = parseDataAttributes({ messagingUrl: 'https://m.example.com', connectorToken: 't', tabs: 'both' });
    expect(() => validateOptions(raw)).toThrow(/option "tabs" must be one of shared, separate/);
  });
});

describe('option "markdown"', () => {
  it('is true or false, absent by default (the widget then renders Markdown)', () => {
    expect(validateOptions(base).markdown).toBeUndefined();
    expect(validateOptions({ ...base, markdown: false }).markdown).toBe(false);
    expect(validateOptions({ ...base, markdown: true }).markdown).toBe(true);
  });

  it('comes from data-markdown', () => {
    const parse = (markdown: string) => validateOptions(parseDataAttributes({ ...base, markdown })).markdown;
    expect(parse('false')).toBe(false);
    expect(parse(' FALSE ')).toBe(false);
    expect(parse('true')).toBe(true);
    expect(parse('')).toBe(true);
  });

  it('names the option when wrong, without echoing the value', () => {
    expect(errorOf({ ...base, markdown: 'no' }).message).toBe('agent-webchat: option "markdown" must be true or false');
    const raw = parseDataAttributes({ ...base, markdown: 'off' });
    expect(() => validateOptions(raw)).toThrow(/^agent-webchat: option "markdown" must be true or false$/);
  });
});

describe('option "voice"', () => {
  it('is off by default, true, or an object picking the parts', () => {
    expect(validateOptions(base).voice).toBeUndefined();
    expect(validateOptions({ ...base, voice: true }).voice).toBe(true);
    expect(validateOptions({ ...base, voice: { mode: false, onDevice: true } }).voice).toEqual({ mode: false, onDevice: true });
  });

  it('comes from data-voice', () => {
    const parse = (voice: string) => validateOptions(parseDataAttributes({ ...base, voice })).voice;
    expect(parse('true')).toBe(true);
    expect(parse('')).toBe(true);
    expect(parse('false')).toBe(false);
  });

  it('names the option or the part when wrong', () => {
    expect(errorOf({ ...base, voice: 'yes' }).message).toBe('agent-webchat: option "voice" must be true, false or an object');
    expect(errorOf({ ...base, voice: { mode: 1 } }).message).toBe('agent-webchat: option "voice.mode" must be true or false');
    expect(errorOf({ ...base, voice: { speak: true } }).message).toBe('agent-webchat: unknown option "voice.speak"');
  });
});

describe('options "attention", "teaser" and "teaserDelay"', () => {
  it('take a list or comma-separated names, a text and seconds, from JS or from the tag', () => {
    expect(validateOptions({ ...base, attention: ['title', 'sound'] }).attention).toEqual(['title', 'sound']);
    expect(validateOptions({ ...base, attention: 'sound' }).attention).toEqual(['sound']);
    expect(validateOptions({ ...base, attention: [] }).attention).toEqual([]);
    expect(errorOf({ ...base, attention: '' }).message).toMatch(/must be one of title, sound/);
    const tag = validateOptions(
      parseDataAttributes({ ...base, attention: ' title , sound ', teaser: 'Questions about delivery?', teaserDelay: '2.5' }),
    );
    expect(tag).toMatchObject({ attention: ['title', 'sound'], teaser: 'Questions about delivery?', teaserDelay: 2.5 });
    expect(validateOptions(parseDataAttributes({ ...base, teaserDelay: '0' })).teaserDelay).toBe(0);
  });

  it('name the option and what is wrong', () => {
    expect(errorOf({ ...base, attention: 'title,blink' }).message).toBe('agent-webchat: option "attention" must be one of title, sound');
    expect(errorOf({ ...base, attention: true }).message).toBe('agent-webchat: option "attention" must be a list');
    expect(errorOf({ ...base, teaser: ' ' }).message).toBe('agent-webchat: option "teaser" must be a non-empty string');
    for (const teaserDelay of [-1, Number.NaN, 'soon', true]) {
      expect(errorOf({ ...base, teaserDelay }).message).toBe('agent-webchat: option "teaserDelay" must be a number of seconds, 0 or more');
    }
    expect(errorOf(parseDataAttributes({ ...base, teaserDelay: 'soon' })).message).toMatch(/option "teaserDelay"/);
  });
});
