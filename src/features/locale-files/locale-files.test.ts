// Every offered locale but English has its file, with every key of the core and of every feature
// (a missing key is a type error first; this guards the values), each text with its value slot
// where the English one has it.
import { describe, expect, it } from 'vitest';
import type { FeatureTexts } from '../../seam/types';
import { LOCALES, type Text } from '../../strings/locales';
import { en } from '../../strings/strings';
import { LOCALE_FILES } from '../../testing/locales';
import after from '../after';
import callback from '../callback';
import { FEATURES } from '../registry';
import voice from '../voice';

const plain = (text: Text) => (typeof text === 'string' ? text : text.other);
const ENGLISH: Record<string, FeatureTexts<string>> = { voice: voice.strings, callback: callback.strings, after: after.strings };

function expectComplete(table: Readonly<Record<string, Text>> | undefined, english: Readonly<Record<string, Text>>, where: string) {
  expect(Object.keys(table ?? {}).sort(), where).toEqual(Object.keys(english).sort());
  for (const [key, text] of Object.entries(table ?? {})) {
    expect(plain(text).trim(), `${where} ${key}`).not.toBe('');
    expect(plain(text).includes('%'), `${where} ${key}`).toBe(plain(english[key]!).includes('%'));
  }
}

describe('locale files', () => {
  it('one per offered locale but English', () => {
    expect(LOCALE_FILES.map((bundle) => bundle.lang).sort()).toEqual(LOCALES.filter((lang) => lang !== 'en').sort());
  });

  it('carry every text of the core and of every registered feature', () => {
    expect(Object.keys(ENGLISH).sort()).toEqual(FEATURES.map((feature) => feature.name).sort());
    for (const bundle of LOCALE_FILES) {
      expectComplete(bundle.core, en, bundle.lang);
      expect(Object.keys(bundle.features).sort(), bundle.lang).toEqual(Object.keys(ENGLISH).sort());
      for (const [name, english] of Object.entries(ENGLISH)) expectComplete(bundle.features[name], english, `${bundle.lang} ${name}`);
    }
  });
});
