// The locales the widget offers (CONTRACT.md, option `locale`). English is built into the
// conversation; every other one is a file of its own, fetched only by the pages that use it.

export const LOCALES = ['en', 'fr', 'ar', 'es', 'de', 'pt', 'it', 'ja', 'zh'] as const;
export type Locale = (typeof LOCALES)[number];
/** The locales that come in files of their own. */
export type OtherLocale = Exclude<Locale, 'en'>;

export const isLocale = (code: string): code is Locale => LOCALES.some((locale) => locale === code);

/** The offered locale of a BCP 47 tag (by primary subtag), or undefined. */
export function localeOf(tag: string | null | undefined): Locale | undefined {
  const primary = tag?.toLowerCase().split(/[-_]/)[0];
  return primary && isLocale(primary) ? primary : undefined;
}

/**
 * One text of a table: a plain string ('%' marks the one value), or plural forms chosen by
 * Intl.PluralRules for the value (`other` is required; '%' is the number in the locale's digits).
 */
export type Text = string | PluralText;
export type PluralText = { other: string } & Partial<Record<Intl.LDMLPluralRule, string>>;
