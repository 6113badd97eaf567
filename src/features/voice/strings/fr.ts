// Voice in this locale: travels in the locale's file (src/features/locale-files/), never in the feature's.
import type { FeatureTexts } from '../../../seam/types';
import type { Key } from './en';

export const fr: FeatureTexts<Key> = {
  dictate: 'Dicter',
  listen: 'Écouter',
  voiceMode: 'Mode vocal',
  'voice-listening': 'Écoute…',
  'voice-speaking': "L'agent parle…",
  'voice-paused': 'En pause. Appuyez sur Dicter pour parler.',
  'voice-denied': 'Micro bloqué. Vous pouvez écrire.',
  'voice-no-mic': 'Aucun micro trouvé. Vous pouvez écrire.',
  'voice-no-speech': 'Rien entendu. Appuyez sur Dicter pour réessayer.',
  'voice-service': 'La reconnaissance vocale ne fonctionne pas. Vous pouvez écrire.',
  codeSkipped: "Bloc de code à l'écran.",
};
