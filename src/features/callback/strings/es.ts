// "Call me" in this locale: travels in the locale's file (src/features/locale-files/), never in the feature's.
import type { FeatureTexts } from '../../../seam/types';
import type { Key } from './en';

export const es: FeatureTexts<Key> = {
  callMe: 'Llámame',
  phoneNumber: 'Número de teléfono',
  country: 'País',
  requestCall: 'Solicitar llamada',
  callbackConsent: 'Llamaremos a este número una sola vez, por esta conversación.',
  'callback-requested': 'Llamada solicitada…',
  'callback-calling': 'Te estamos llamando…',
  'callback-connected': 'Llamada conectada. La llamada continúa esta conversación.',
  'callback-failed': 'La llamada no se pudo completar.',
  'callback-ended': 'La llamada ha terminado.',
  'callback-invalid_number': 'Introduce un número de teléfono válido.',
  'callback-country_not_allowed': 'No podemos llamar a números de este país.',
  'callback-blocked_number': 'No podemos llamar a este tipo de número.',
  'callback-in_progress': 'Ya hay una llamada en camino.',
  'callback-too_many_calls': 'Demasiadas llamadas solicitadas. Inténtalo más tarde.',
  'callback-unavailable': 'No se pudo solicitar la llamada. Inténtalo más tarde.',
  'call-turns': 'Lo que se dijo por teléfono',
  readWholeCall: 'Leer toda la llamada',
};
