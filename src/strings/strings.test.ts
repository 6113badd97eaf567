import { beforeAll, describe, expect, it } from 'vitest';
import { registerAllLocales } from '../testing/locales';
import { en, getStrings, pickLocale } from './strings';

beforeAll(registerAllLocales);

describe('strings', () => {
  it('translates (completeness per locale: src/features/locale-files/locale-files.test.ts)', () => {
    for (const [key, text] of Object.entries(en)) expect(typeof text === 'string' ? text.trim() : text.other, key).not.toBe('');
    // spot-check translations whose key is easy to get wrong
    const t = (l: string) => getStrings(l).translate;
    expect([t('en')('send'), t('fr')('send'), t('ar')('send')]).toEqual(['Send', 'Envoyer', 'إرسال']);
    expect([t('fr')('REASON_USER_ABANDONED'), t('fr')('queueWaitUnderAMinute')]).toEqual([
      'Chat fermé pour inactivité.',
      "Attente : moins d'une minute",
    ]);
    expect(t('fr')('live-agent-left', 'Léa')).toBe('Léa a quitté le chat');
    expect(t('en')('error-config')).toBe('Chat is unavailable on this site.');
    expect(t('ar')('messagePlaceholder')).toBe('اكتب رسالة…');
  });

  it('picks a locale by primary subtag, falling back to English', () => {
    expect(pickLocale('fr-CA')).toBe('fr');
    expect(pickLocale('AR-EG')).toBe('ar');
    expect(pickLocale('ar_SA')).toBe('ar');
    expect(pickLocale('xx', undefined, 'fr')).toBe('fr');
    expect(pickLocale('de-DE')).toBe('de');
    expect(pickLocale('pt-BR')).toBe('pt');
    expect(pickLocale('nl-NL')).toBe('en'); // not offered
    expect(pickLocale()).toBe('en');
  });

  it('never takes a property of Object.prototype for a locale', () => {
    for (const name of ['constructor', 'toString', '__proto__', 'hasOwnProperty', 'valueOf']) {
      expect(pickLocale(name)).toBe('en');
      expect(getStrings(name).translate('send')).toBe('Send');
    }
    expect(pickLocale('constructor', 'fr')).toBe('fr');
  });

  it('interpolates and sets the direction', () => {
    const en = getStrings('en-GB');
    expect(en.translate('typing', 'Ana')).toBe('Ana is typing…');
    expect(en.translate('queueWaitMinutes', 3)).toBe('Wait: about 3 minutes');
    expect(en.translate('queueWaitMinutes', 1)).toBe('Wait: about 1 minute');
    // Plural forms and digits by Intl: Arabic has a form for two, German groups thousands.
    expect(getStrings('ar').translate('queueWaitMinutes', 2)).toBe('الانتظار: نحو دقيقتين');
    expect(getStrings('ar').translate('queueWaitMinutes', 5)).toBe('الانتظار: نحو 5 دقائق');
    expect(getStrings('de').translate('queuePosition', 1200)).toBe('Position in der Warteschlange: 1.200');
    expect(en.translate('live-agent-joined', '$& $1')).toBe('$& $1 joined the chat'); // no replacement patterns
    expect(en.dir).toBe('ltr');
    const ar = getStrings('ar');
    expect(ar.dir).toBe('rtl');
    expect(ar.translate('send')).toBe('إرسال');
    expect(getStrings('fr').translate('live-agent-joined', 'Léa')).toBe('Léa a rejoint le chat');
  });

  it('falls back to the page language, and Dutch (not offered) to English', () => {
    document.documentElement.lang = 'fr';
    expect(getStrings(undefined).translate('send')).toBe('Envoyer');
    document.documentElement.lang = 'nl';
    expect(getStrings(undefined).translate('send')).toBe('Send');
    expect(getStrings('nl').lang).toBe('en');
    document.documentElement.lang = 'constructor';
    expect(getStrings(undefined).translate('send')).toBe('Send');
    document.documentElement.lang = '';
  });

  it('formats message times in the locale, with one formatter per locale made on first use', () => {
    const d = new Date('2024-05-01T10:00:00Z');
    expect(getStrings('en').formatDate(d)).toMatch(/2024/);
    expect(getStrings('fr').formatDate(d)).toMatch(/mai/);
    expect(getStrings('fr-CA')).toBe(getStrings('fr'));
  });
});
