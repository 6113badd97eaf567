// Voice in this locale: travels in the locale's file (src/features/locale-files/), never in the feature's.
import type { FeatureTexts } from '../../../seam/types';
import type { Key } from './en';

export const de: FeatureTexts<Key> = {
  dictate: 'Diktieren',
  listen: 'Vorlesen',
  voiceMode: 'Sprachmodus',
  'voice-listening': 'Hört zu…',
  'voice-speaking': 'Der Agent spricht…',
  'voice-paused': 'Pausiert. Drücken Sie auf Diktieren, um zu sprechen.',
  'voice-denied': 'Mikrofon blockiert. Sie können stattdessen schreiben.',
  'voice-no-mic': 'Kein Mikrofon gefunden. Sie können stattdessen schreiben.',
  'voice-no-speech': 'Nichts gehört. Drücken Sie auf Diktieren, um es erneut zu versuchen.',
  'voice-service': 'Die Spracherkennung funktioniert nicht. Sie können stattdessen schreiben.',
  codeSkipped: 'Codeblock auf dem Bildschirm.',
};
