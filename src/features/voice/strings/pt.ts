// Voice in this locale: travels in the locale's file (src/features/locale-files/), never in the feature's.
import type { FeatureTexts } from '../../../seam/types';
import type { Key } from './en';

export const pt: FeatureTexts<Key> = {
  dictate: 'Ditar',
  listen: 'Ouvir',
  voiceMode: 'Modo de voz',
  'voice-listening': 'Ouvindo…',
  'voice-speaking': 'O agente está falando…',
  'voice-paused': 'Em pausa. Toque em Ditar para falar.',
  'voice-denied': 'Microfone bloqueado. Você pode digitar.',
  'voice-no-mic': 'Nenhum microfone encontrado. Você pode digitar.',
  'voice-no-speech': 'Nada foi ouvido. Toque em Ditar para tentar de novo.',
  'voice-service': 'O reconhecimento de voz não está funcionando. Você pode digitar.',
  codeSkipped: 'Bloco de código na tela.',
};
