// "Call me" in this locale: travels in the locale's file (src/features/locale-files/), never in the feature's.
import type { FeatureTexts } from '../../../seam/types';
import type { Key } from './en';

export const fr: FeatureTexts<Key> = {
  callMe: 'Appelez-moi',
  phoneNumber: 'Numéro de téléphone',
  country: 'Pays',
  requestCall: "Demander l'appel",
  callbackConsent: 'Nous appellerons ce numéro une fois, au sujet de cette conversation.',
  'callback-requested': 'Appel demandé…',
  'callback-calling': 'Nous vous appelons…',
  'callback-connected': "Appel en cours. L'appel poursuit cette conversation.",
  'callback-failed': "L'appel n'a pas abouti.",
  'callback-ended': "L'appel est terminé.",
  'callback-invalid_number': 'Saisissez un numéro de téléphone valide.',
  'callback-country_not_allowed': "Nous n'appelons pas les numéros de ce pays.",
  'callback-blocked_number': "Nous n'appelons pas ce type de numéro.",
  'callback-in_progress': 'Un appel est déjà en cours.',
  'callback-too_many_calls': "Trop d'appels demandés. Réessayez plus tard.",
  'callback-unavailable': "L'appel n'a pas pu être demandé. Réessayez plus tard.",
  'call-turns': 'Ce qui a été dit au téléphone',
  readWholeCall: 'Lire tout l’appel',
};
