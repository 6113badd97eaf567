// Earlier conversations in this locale: travels in the locale's file (src/features/locale-files/), never in the feature's.
import type { FeatureTexts } from '../../../seam/types';
import type { Key } from './en';

export const es: FeatureTexts<Key> = {
  earlierConversations: 'Conversaciones anteriores',
  back: 'Volver',
  forget: 'Olvidar mis conversaciones',
  forgetQuestion: '¿Olvidar todas tus conversaciones anteriores? No se puede deshacer.',
  forgetConfirm: 'Olvidarlas',
  forgotten: 'Tus conversaciones anteriores se han olvidado.',
  'channel-chat': 'Chat',
  'channel-phone': 'Llamada telefónica',
  loading: 'Cargando…',
  failed: 'No se pudo cargar.',
  readOnly: 'Una conversación pasada, solo lectura.',
};
