// Voice in this locale: travels in the locale's file (src/features/locale-files/), never in the feature's.
import type { FeatureTexts } from '../../../seam/types';
import type { Key } from './en';

export const es: FeatureTexts<Key> = {
  dictate: 'Dictar',
  listen: 'Escuchar',
  voiceMode: 'Modo de voz',
  'voice-listening': 'Escuchando…',
  'voice-speaking': 'El agente está hablando…',
  'voice-paused': 'En pausa. Pulsa Dictar para hablar.',
  'voice-denied': 'Micrófono bloqueado. Puedes escribir.',
  'voice-no-mic': 'No se encontró ningún micrófono. Puedes escribir.',
  'voice-no-speech': 'No se oyó nada. Pulsa Dictar para volver a intentarlo.',
  'voice-service': 'El reconocimiento de voz no funciona. Puedes escribir.',
  codeSkipped: 'Bloque de código en pantalla.',
};
