import { describe, expect, it } from 'vitest';
import { getI18n, KEY_LIST, pickLocale, TABLE } from './strings';

describe('strings', () => {
  it('every locale has every string, in key order', () => {
    expect(Object.keys(TABLE)).toEqual(['en', 'fr', 'ar']);
    expect(new Set(KEY_LIST).size).toBe(KEY_LIST.length);
    for (const [lang, joined] of Object.entries(TABLE)) {
      const list = joined.split('|');
      expect(list, lang).toHaveLength(KEY_LIST.length);
      for (const s of list) expect(s.trim(), lang).not.toBe('');
      // the value slot is where the English one is
      KEY_LIST.forEach((key, i) => expect(list[i]!.includes('%'), `${lang} ${key}`).toBe(TABLE['en']!.split('|')[i]!.includes('%')));
    }
    // spot-check the order with strings whose position is easy to get wrong
    const t = (l: string) => getI18n(l).t;
    expect([t('en')('send'), t('fr')('send'), t('ar')('send')]).toEqual(['Send', 'Envoyer', 'إرسال']);
    expect([t('fr')('REASON_USER_ABANDONED'), t('fr')('queueSoon')]).toEqual([
      'Chat fermé pour inactivité.',
      "Attente : moins d'une minute",
    ]);
    expect(t('fr')('live-agent-left', 'Léa')).toBe('Léa a quitté le chat');
    expect(t('en')('e-config')).toBe('Chat is unavailable on this site.');
    expect(t('ar')('ph')).toBe('اكتب رسالة…');
  });

  it('picks a locale by primary subtag, falling back to English', () => {
    expect(pickLocale('fr-CA')).toBe('fr');
    expect(pickLocale('AR-EG')).toBe('ar');
    expect(pickLocale('ar_SA')).toBe('ar');
    expect(pickLocale('xx', undefined, 'fr')).toBe('fr');
    expect(pickLocale('de-DE')).toBe('en'); // German is not shipped
    expect(pickLocale('pt-BR')).toBe('en');
    expect(pickLocale()).toBe('en');
  });

  it('interpolates and sets the direction', () => {
    const en = getI18n('en-GB');
    expect(en.t('typing', 'Ana')).toBe('Ana is typing…');
    expect(en.t('queueWait', 3)).toBe('Wait: about 3 min');
    expect(en.t('live-agent-joined', '$& $1')).toBe('$& $1 joined the chat'); // no replacement patterns
    expect(en.dir).toBe('ltr');
    const ar = getI18n('ar');
    expect(ar.dir).toBe('rtl');
    expect(ar.t('send')).toBe('إرسال');
    expect(getI18n('fr').t('live-agent-joined', 'Léa')).toBe('Léa a rejoint le chat');
  });

  it('falls back to the page language, and German to English', () => {
    document.documentElement.lang = 'fr';
    expect(getI18n(undefined).t('send')).toBe('Envoyer');
    document.documentElement.lang = 'de';
    expect(getI18n(undefined).t('send')).toBe('Send');
    expect(getI18n('de').lang).toBe('en');
    document.documentElement.lang = '';
  });

  it('formats message times in the locale', () => {
    const d = new Date('2024-05-01T10:00:00Z');
    expect(getI18n('en').date.format(d)).toMatch(/2024/);
    expect(getI18n('fr').date.format(d)).toMatch(/mai/);
  });
});
