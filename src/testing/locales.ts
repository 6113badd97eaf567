// Test support: every locale's file registered, as if each page had fetched its own.
import arabic from '../features/locale-files/ar';
import german from '../features/locale-files/de';
import spanish from '../features/locale-files/es';
import french from '../features/locale-files/fr';
import italian from '../features/locale-files/it';
import japanese from '../features/locale-files/ja';
import portuguese from '../features/locale-files/pt';
import chinese from '../features/locale-files/zh';
import { registerLocale } from '../strings/strings';

export const LOCALE_FILES = [french, arabic, spanish, german, portuguese, italian, japanese, chinese];

export function registerAllLocales(): void {
  for (const bundle of LOCALE_FILES) registerLocale(bundle);
}
