// @vitest-environment happy-dom
import { beforeAll, describe, expect, it } from 'vitest';
import { registerAllLocales } from '../testing/locales';
import { LAUNCHER_LOCALES, launcherText } from './launcher-strings';
import { LOCALES } from './locales';
import { getStrings } from './strings';

beforeAll(registerAllLocales);

describe('the loader launcher texts', () => {
  it('cover the locales of the widget', () => {
    expect(LOCALES).toEqual(expect.arrayContaining([...LAUNCHER_LOCALES]));
  });

  it('name the launcher as the widget does, with its language and direction, so the widget takes it over unchanged', () => {
    for (const locale of LAUNCHER_LOCALES) {
      const widget = getStrings(locale);
      const loader = launcherText(locale);
      expect(loader.strings.openChat).toBe(widget.translate('openChat'));
      expect([loader.lang, loader.dir]).toEqual([widget.lang, widget.dir]);
    }
  });

  it('picks the locale as the widget does: explicit, then the page, by primary subtag, else English', () => {
    document.documentElement.lang = 'fr-CA';
    expect(launcherText(undefined).lang).toBe('fr');
    expect(launcherText('ar-EG')).toMatchObject({ lang: 'ar', dir: 'rtl' });
    expect(launcherText('xx').lang).toBe('fr');
    document.documentElement.lang = 'xx';
    expect(launcherText(undefined).lang).toBe(getStrings().lang);
  });
});
