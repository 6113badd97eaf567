// The few texts the loader shows before the rest of the widget is here: the launcher's name (the
// widget's own, from strings.ts — a test keeps the two equal) and what it says when the rest
// could not be fetched. Only English is here, in the loader every page carries: a page in another
// language gets its launcher's words from its locale's file (src/features/locale-files/, their
// tables in launcher-words.ts), which the loader fetches at load for that page and the
// conversation uses at intent. The locales and the way one is picked are the widget's.

import { type Locale, localeOf } from './locales';

export interface LauncherStrings {
  openChat: string;
  /** The browser is offline: the next click tries again. */
  offline: string;
  /** The rest of the widget was missing or refused. */
  failed: string;
}

export const ENGLISH_LAUNCHER: LauncherStrings = {
  openChat: 'Open chat',
  offline: 'You are offline. Try again once you are back online.',
  failed: 'The chat could not start.',
};

export interface LauncherLanguage {
  lang: Locale;
  dir: 'ltr' | 'rtl';
}

/** The explicit locale, else the page's language (`<html lang>`, then the browser's), by primary subtag; else English. */
export function launcherLanguage(locale: string | undefined): LauncherLanguage {
  const lang = localeOf(locale) ?? localeOf(document.documentElement.lang || navigator.language) ?? 'en';
  return { lang, dir: lang === 'ar' ? 'rtl' : 'ltr' };
}

export const isLauncherStrings = (value: unknown): value is LauncherStrings =>
  typeof value === 'object' &&
  value !== null &&
  ['openChat', 'offline', 'failed'].every((key) => typeof Reflect.get(value, key) === 'string');
