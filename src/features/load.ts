// The package's way to the optional parts (src/features/registry.ts): each feature and locale is a
// dynamic import(), so an app's bundler makes it a chunk that only the widgets wanting it fetch.
// The script tag's builds do not use this module (the loader fetches the files itself).

import type { WidgetOptions } from '../contract/widget';
import type { AnyFeature } from '../seam/types';
import type { Locale } from '../strings/locales';
import type { LocaleBundle } from '../strings/strings';
import { wantedFeatures } from './registry';

const FEATURES = import.meta.glob<{ default: AnyFeature }>('./*/index.{ts,tsx}');
const LOCALES = import.meta.glob<{ default: LocaleBundle }>('./locale-files/[a-z][a-z].ts');

const report = (what: string, error: unknown) =>
  console.error(
    `agent-webchat: ${what} did not load, the chat goes on without it: ${error instanceof Error ? error.message : String(error)}`,
  );

/** The features the options want; one that fails to load is left out (said once). */
export async function loadFeatures(options: WidgetOptions): Promise<AnyFeature[]> {
  const loaded = await Promise.all(
    wantedFeatures(options).map(async (name) => {
      const load = FEATURES[`./${name}/index.ts`] ?? FEATURES[`./${name}/index.tsx`];
      try {
        return load ? [(await load()).default] : [];
      } catch (error) {
        report(`the "${name}" feature`, error);
        return [];
      }
    }),
  );
  return loaded.flat();
}

/** A locale's texts (the widget asks when it is to show a language whose texts it does not have). */
export async function loadLocale(lang: Locale): Promise<LocaleBundle | undefined> {
  const load = lang !== 'en' ? LOCALES[`./locale-files/${lang}.ts`] : undefined;
  try {
    return load ? (await load()).default : undefined;
  } catch (error) {
    report(`the "${lang}" texts`, error);
    return undefined;
  }
}
