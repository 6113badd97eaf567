// The words of the unread count and of the teaser, in every locale of the widget: what the
// launcher's name says after "Open chat" while messages wait unread (each plural form the locale
// has, chosen by Intl.PluralRules) and the teaser's "Dismiss" (`DISMISS`). Apart from strings.ts so that the loader's small extras file
// (teaser, the unread badge after a reload) carries these few and not the widget's whole table.

import type { PluralText } from './locales';

export interface AttentionStrings {
  /** What follows the launcher's own name ("Open chat") while messages wait unread, with the count ('%'). */
  unread: PluralText;
}

/** The teaser's button that puts it away, in the same locales (apart: the conversation file has no teaser). */
export const DISMISS: Readonly<Record<string, string>> = {
  en: 'Dismiss',
  fr: 'Ignorer',
  es: 'Descartar',
  de: 'Ausblenden',
  pt: 'Dispensar',
  it: 'Ignora',
  ja: '閉じる',
  zh: '关闭',
  ar: 'تجاهل',
};

// Every locale the widget offers or is about to (the launcher's name comes from its own table, so
// a locale's forms here stay right whatever that name is).
const TABLES: Readonly<Record<string, AttentionStrings>> = {
  en: { unread: { other: ', % unread' } },
  fr: { unread: { one: ', % non lu', other: ', % non lus' } },
  ar: {
    // "many" (11–99) says it as "other" does; "zero" is never shown.
    unread: {
      one: '، رسالة واحدة غير مقروءة',
      two: '، رسالتان غير مقروءتين',
      few: '، % رسائل غير مقروءة',
      other: '، % رسالة غير مقروءة',
    },
  },
  es: { unread: { other: ', % sin leer' } },
  de: { unread: { other: ', % ungelesen' } },
  pt: { unread: { one: ', % não lida', other: ', % não lidas' } },
  it: { unread: { one: ', % non letto', other: ', % non letti' } },
  ja: { unread: { other: '（未読 % 件）' } },
  zh: { unread: { other: '（% 条未读）' } },
};

export const ATTENTION_LOCALES: readonly string[] = Object.keys(TABLES);

/** The words of a locale already picked (launcherText / getStrings give its `lang`); English for any other. */
export const attentionStrings = (lang: string): AttentionStrings => TABLES[lang] ?? TABLES['en']!;

/** The launcher's name with the count ("Open chat, 2 unread"), in the plural form the count takes in the locale. */
export function unreadLabel(lang: string, openChat: string, count: number): string {
  const { unread } = attentionStrings(lang);
  let form = unread.other;
  try {
    form = unread[new Intl.PluralRules(lang).select(count)] ?? form;
  } catch {
    // no plural rules for this tag: the general form
  }
  return openChat + form.replace('%', String(count));
}

/** What the badge shows: the count, or 9+ (its `data-unread` keeps the exact count). */
export const badgeText = (count: number): string => (count > 9 ? '9+' : String(count));
