import { describe, expect, it } from 'vitest';
import { ATTENTION_LOCALES, attentionStrings, badgeText, unreadLabel } from './attention-strings';
import { getStrings, LOCALES } from './strings';

describe('the unread and teaser words', () => {
  it('cover the locales of the widget and start with the launcher’s own name', () => {
    expect([...ATTENTION_LOCALES].sort()).toEqual([...LOCALES.keys()].sort());
    for (const lang of ATTENTION_LOCALES) {
      for (const form of Object.values(attentionStrings(lang).unread))
        expect(form.startsWith(getStrings(lang).translate('openChat'))).toBe(true);
    }
  });

  it('say the count in the plural form of the locale', () => {
    expect(unreadLabel('en', 1)).toBe('Open chat, 1 unread');
    expect(unreadLabel('en', 2)).toBe('Open chat, 2 unread');
    expect(unreadLabel('fr', 1)).toBe('Ouvrir le chat, 1 non lu');
    expect(unreadLabel('fr', 3)).toBe('Ouvrir le chat, 3 non lus');
    expect(unreadLabel('ar', 2)).toBe('فتح المحادثة، رسالتان غير مقروءتين');
    expect(unreadLabel('ar', 5)).toBe('فتح المحادثة، 5 رسائل غير مقروءة');
    expect(unreadLabel('ar', 11)).toBe('فتح المحادثة، 11 رسالة غير مقروءة');
    expect(unreadLabel('xx', 2)).toBe('Open chat, 2 unread');
  });

  it('badge up to 9, then 9+', () => {
    expect([badgeText(1), badgeText(9), badgeText(10)]).toEqual(['1', '9', '9+']);
  });
});
