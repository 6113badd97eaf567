// @vitest-environment happy-dom
import { beforeAll, describe, expect, it } from 'vitest';
import { registerAllLocales } from '../testing/locales';
import { ENGLISH_LAUNCHER, isLauncherStrings, launcherLanguage } from './launcher-strings';
import * as LAUNCHER_WORDS from './launcher-words';
import { LOCALES } from './locales';
import { getStrings } from './strings';

beforeAll(registerAllLocales);

describe('the loader launcher texts', () => {
  it('exist in every locale of the widget: English in the loader, the others in their locale files', () => {
    expect(['en', ...Object.keys(LAUNCHER_WORDS)].sort()).toEqual([...LOCALES].sort());
    for (const words of [ENGLISH_LAUNCHER, ...Object.values(LAUNCHER_WORDS)]) expect(isLauncherStrings(words)).toBe(true);
  });

  it("are each locale file's `launcher` export, where the loader takes them from", () => {
    const files = import.meta.glob<unknown>('../features/locale-files/[a-z][a-z].ts', { eager: true, import: 'launcher' });
    for (const [lang, words] of Object.entries(LAUNCHER_WORDS)) expect(files[`../features/locale-files/${lang}.ts`]).toBe(words);
  });

  it('name the launcher as the widget does, with its language and direction, so the widget takes it over unchanged', () => {
    const wordsOf = (lang: string) => (lang === 'en' ? ENGLISH_LAUNCHER : Reflect.get(LAUNCHER_WORDS, lang));
    for (const locale of LOCALES) {
      const widget = getStrings(locale);
      expect(wordsOf(locale).openChat).toBe(widget.translate('openChat'));
      expect(Object.values(launcherLanguage(locale))).toEqual([widget.lang, widget.dir]);
    }
  });

  it('pick the locale as the widget does: explicit, then the page, by primary subtag, else English', () => {
    document.documentElement.lang = 'fr-CA';
    expect(launcherLanguage(undefined).lang).toBe('fr');
    expect(launcherLanguage('ar-EG')).toEqual({ lang: 'ar', dir: 'rtl' });
    expect(launcherLanguage('xx').lang).toBe('fr');
    document.documentElement.lang = 'xx';
    expect(launcherLanguage(undefined).lang).toBe(getStrings().lang);
  });
});
