// "Call me" in this locale: travels in the locale's file (src/features/locale-files/), never in the feature's.
import type { FeatureTexts } from '../../../seam/types';
import type { Key } from './en';

export const de: FeatureTexts<Key> = {
  callMe: 'Rückruf',
  phoneNumber: 'Telefonnummer',
  country: 'Land',
  requestCall: 'Anruf anfordern',
  callbackConsent: 'Wir rufen diese Nummer einmal an, zu dieser Unterhaltung.',
  'callback-requested': 'Anruf angefordert…',
  'callback-calling': 'Wir rufen Sie jetzt an…',
  'callback-connected': 'Anruf verbunden. Der Anruf setzt diese Unterhaltung fort.',
  'callback-failed': 'Der Anruf kam nicht zustande.',
  'callback-ended': 'Der Anruf ist beendet.',
  'callback-invalid_number': 'Geben Sie eine gültige Telefonnummer ein.',
  'callback-country_not_allowed': 'Nummern in diesem Land können wir nicht anrufen.',
  'callback-blocked_number': 'Diese Art von Nummer können wir nicht anrufen.',
  'callback-in_progress': 'Ein Anruf ist bereits unterwegs.',
  'callback-too_many_calls': 'Zu viele Anrufe angefordert. Versuchen Sie es später erneut.',
  'callback-unavailable': 'Der Anruf konnte nicht angefordert werden. Versuchen Sie es später erneut.',
  'call-turns': 'Was am Telefon gesagt wurde',
  readWholeCall: 'Den ganzen Anruf lesen',
};
