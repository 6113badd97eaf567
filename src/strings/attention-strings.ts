// The words of the unread count and of the teaser, in every locale of the widget: the launcher's
// name while messages wait unread (each plural form the locale has, chosen by Intl.PluralRules)
// and the teaser's "Dismiss". Apart from strings.ts so that the loader's small extras file
// (teaser, the unread badge after a reload) carries these few and not the widget's whole table.

type PluralForms = Partial<Record<Intl.LDMLPluralRule, string>> & { other: string };

export interface AttentionStrings {
  /** The launcher's name with the count ('%'). */
  unread: PluralForms;
  /** The teaser's button that puts it away. */
  dismiss: string;
}

const TABLES: Readonly<Record<string, AttentionStrings>> = {
  en: { unread: { other: 'Open chat, % unread' }, dismiss: 'Dismiss' },
  fr: { unread: { one: 'Ouvrir le chat, % non lu', other: 'Ouvrir le chat, % non lus' }, dismiss: 'Ignorer' },
  ar: {
    // "many" (11–99) says it as "other" does; "zero" is never shown.
    unread: {
      one: 'فتح المحادثة، رسالة واحدة غير مقروءة',
      two: 'فتح المحادثة، رسالتان غير مقروءتين',
      few: 'فتح المحادثة، % رسائل غير مقروءة',
      other: 'فتح المحادثة، % رسالة غير مقروءة',
    },
    dismiss: 'تجاهل',
  },
};

export const ATTENTION_LOCALES: readonly string[] = Object.keys(TABLES);

/** The words of a locale already picked (launcherText / getStrings give its `lang`); English for any other. */
export const attentionStrings = (lang: string): AttentionStrings => TABLES[lang] ?? TABLES['en']!;

/** "Open chat, 2 unread" in the locale, in the plural form the count takes there. */
export function unreadLabel(lang: string, count: number): string {
  const { unread } = attentionStrings(lang);
  let form = unread.other;
  try {
    form = unread[new Intl.PluralRules(lang).select(count)] ?? form;
  } catch {
    // no plural rules for this tag: the general form
  }
  return form.replace('%', String(count));
}

/** What the badge shows: the count, or 9+ (its `data-unread` keeps the exact count). */
export const badgeText = (count: number): string => (count > 9 ? '9+' : String(count));
