import { describe, expect, it } from 'vitest';
import { ATTENTION_LOCALES, attentionStrings, badgeText, DISMISS, unreadLabel } from './attention-strings';
import { ENGLISH_LAUNCHER } from './launcher-strings';
import { ar, fr } from './launcher-words';
import { LOCALES } from './locales';

describe('the unread and teaser words', () => {
  it('cover the locales of the widget, the general form with its count', () => {
    for (const lang of LOCALES) expect(ATTENTION_LOCALES).toContain(lang);
    for (const lang of ATTENTION_LOCALES) {
      expect(attentionStrings(lang).unread.other).toContain('%');
      expect(DISMISS[lang]).toBeTruthy();
    }
  });

  it('say the count in the plural form of the locale', () => {
    const openChat = { en: ENGLISH_LAUNCHER.openChat, fr: fr.openChat, ar: ar.openChat };
    const label = (lang: keyof typeof openChat, count: number) => unreadLabel(lang, openChat[lang], count);
    expect(label('en', 1)).toBe('Open chat, 1 unread');
    expect(label('en', 2)).toBe('Open chat, 2 unread');
    expect(label('fr', 1)).toBe('Ouvrir le chat, 1 non lu');
    expect(label('fr', 3)).toBe('Ouvrir le chat, 3 non lus');
    expect(label('ar', 2)).toBe('فتح المحادثة، رسالتان غير مقروءتين');
    expect(label('ar', 5)).toBe('فتح المحادثة، 5 رسائل غير مقروءة');
    expect(label('ar', 11)).toBe('فتح المحادثة، 11 رسالة غير مقروءة');
    expect(unreadLabel('pt', 'Abrir chat', 1)).toBe('Abrir chat, 1 não lida');
    expect(unreadLabel('xx', 'Open chat', 2)).toBe('Open chat, 2 unread');
  });

  it('badge up to 9, then 9+', () => {
    expect([badgeText(1), badgeText(9), badgeText(10)]).toEqual(['1', '9', '9+']);
  });
});
