// A locale's file: the core's table and, found by folder, every feature's table in that locale.
import type { FeatureTexts } from '../../seam/types';
import type { Locale } from '../../strings/locales';
import type { CoreTable, LocaleBundle } from '../../strings/strings';

/** `tables` by the path of each feature's strings.ts ('../voice/strings.ts'): by feature name. */
export function localeBundle(lang: Locale, core: CoreTable, tables: Record<string, FeatureTexts<string>>): LocaleBundle {
  const features: Record<string, FeatureTexts<string>> = {};
  for (const [path, table] of Object.entries(tables)) {
    const name = /\/([^/]+)\/strings\.ts$/.exec(path)?.[1];
    if (name && table) features[name] = table;
  }
  return { lang, core, features };
}
