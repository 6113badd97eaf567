import { describe, expect, it } from 'vitest';
import { getI18n, KEY_COUNT, pickLocale, TABLE } from './strings';

describe('strings', () => {
  it('every locale has every string, in key order', () => {
    for (const [lang, list] of Object.entries(TABLE)) {
      expect(list, lang).toHaveLength(KEY_COUNT);
      for (const s of list) expect(s.trim(), lang).not.toBe('');
    }
    // spot-check the order with strings whose position is easy to get wrong
    const t = (l: string) => getI18n(l).t;
    expect([t('fr')('send'), t('de')('send'), t('ar')('send')]).toEqual(['Envoyer', 'Senden', 'إرسال']);
    expect([t('fr')('REASON_USER_ABANDONED'), t('de')('queueSoon')]).toEqual(['Le chat a été fermé pour inactivité.', 'Wartezeit: unter einer Minute']);
    expect(t('fr')('live-agent-left', { name: 'Léa' })).toBe('Léa a quitté le chat');
  });

  it('picks a locale by primary subtag, falling back to English', () => {
    expect(pickLocale('fr-CA')).toBe('fr');
    expect(pickLocale('de_AT')).toBe('de');
    expect(pickLocale('AR-EG')).toBe('ar');
    expect(pickLocale('xx', undefined, 'de')).toBe('de');
    expect(pickLocale('pt-BR')).toBe('en');
    expect(pickLocale()).toBe('en');
  });
  it('interpolates and sets the direction', () => {
    const en = getI18n('en-GB');
    expect(en.t('typingN', { name: 'Ana' })).toBe('Ana is typing…');
    expect(en.dir).toBe('ltr');
    const ar = getI18n('ar');
    expect(ar.dir).toBe('rtl');
    expect(ar.t('send')).toBe('إرسال');
    expect(getI18n('fr').t('live-agent-joined', { name: 'Léa' })).toBe('Léa a rejoint le chat');
  });
  it('falls back to the page language', () => {
    document.documentElement.lang = 'de';
    expect(getI18n(undefined).t('send')).toBe('Senden');
    document.documentElement.lang = '';
  });
});
