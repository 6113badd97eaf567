// Voice in this locale: travels in the locale's file (src/features/locale-files/), never in the feature's.
import type { FeatureTexts } from '../../../seam/types';
import type { Key } from './en';

export const it: FeatureTexts<Key> = {
  dictate: 'Detta',
  listen: 'Ascolta',
  voiceMode: 'Modalità vocale',
  'voice-listening': 'In ascolto…',
  'voice-speaking': 'L’agente sta parlando…',
  'voice-paused': 'In pausa. Premi Detta per parlare.',
  'voice-denied': 'Microfono bloccato. Puoi scrivere.',
  'voice-no-mic': 'Nessun microfono trovato. Puoi scrivere.',
  'voice-no-speech': 'Non ho sentito nulla. Premi Detta per riprovare.',
  'voice-service': 'Il riconoscimento vocale non funziona. Puoi scrivere.',
  codeSkipped: 'Blocco di codice sullo schermo.',
};
