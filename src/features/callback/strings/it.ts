// "Call me" in this locale: travels in the locale's file (src/features/locale-files/), never in the feature's.
import type { FeatureTexts } from '../../../seam/types';
import type { Key } from './en';

export const it: FeatureTexts<Key> = {
  callMe: 'Chiamami',
  phoneNumber: 'Numero di telefono',
  country: 'Paese',
  requestCall: 'Richiedi la chiamata',
  callbackConsent: 'Chiameremo questo numero una sola volta, per questa conversazione.',
  'callback-requested': 'Chiamata richiesta…',
  'callback-calling': 'Ti stiamo chiamando…',
  'callback-connected': 'Chiamata collegata. La chiamata prosegue questa conversazione.',
  'callback-failed': 'La chiamata non è andata a buon fine.',
  'callback-ended': 'La chiamata è terminata.',
  'callback-invalid_number': 'Inserisci un numero di telefono valido.',
  'callback-country_not_allowed': 'Non possiamo chiamare numeri di questo paese.',
  'callback-blocked_number': 'Non possiamo chiamare questo tipo di numero.',
  'callback-in_progress': 'Una chiamata è già in arrivo.',
  'callback-too_many_calls': 'Troppe chiamate richieste. Riprova più tardi.',
  'callback-unavailable': 'Impossibile richiedere la chiamata. Riprova più tardi.',
  'call-turns': 'Cosa è stato detto al telefono',
  readWholeCall: 'Leggi tutta la chiamata',
};
