// Upload in this locale: travels in the locale's file (src/features/locale-files/), never in the feature's.
import type { FeatureTexts } from '../../../seam/types';
import type { Key } from './en';

export const es: FeatureTexts<Key> = {
  attach: 'Adjuntar un archivo',
  attached: 'Archivos para enviar',
  remove: 'Quitar %',
  uploading: 'Subiendo %',
  cancel: 'Cancelar %',
  tryAgain: 'Reintentar',
  waiting: 'Espera la conexión',
  dropHere: 'Suelta los archivos aquí para adjuntarlos',
  'too-big': 'demasiado grande: el límite es %',
  'too-big-plain': 'demasiado grande',
  type: 'este tipo de archivo no se acepta',
  empty: 'el archivo está vacío',
  forbidden: 'los archivos solo se envían durante una conversación',
  refused: 'el sitio no lo aceptó',
  busy: 'demasiados archivos por ahora; espera un momento',
  server: 'el sitio no pudo guardarlo',
  network: 'no se pudo contactar con el sitio',
};
