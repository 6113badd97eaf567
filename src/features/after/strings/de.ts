// Rating and message feedback in this locale: travels in the locale's file (src/features/locale-files/), never in the feature's.
import type { FeatureTexts } from '../../../seam/types';
import type { Key } from './en';

export const de: FeatureTexts<Key> = {
  rateConversation: 'Dieses Gespräch bewerten',
  star1: '1 Stern',
  star2: '2 Sterne',
  star3: '3 Sterne',
  star4: '4 Sterne',
  star5: '5 Sterne',
  comment: 'Kommentar',
  commentHint: 'Optional',
  sendRating: 'Bewertung senden',
  sendingRating: 'Wird gesendet…',
  ratingThanks: 'Danke für Ihre Bewertung.',
  chooseScore: 'Wählen Sie zuerst eine Anzahl Sterne.',
  'rating-forbidden': 'Dieses Gespräch kann nicht mehr bewertet werden.',
  'rating-rate-limited': 'Zu viele Bewertungen. Bitte später erneut versuchen.',
  'rating-invalid': 'Diese Bewertung konnte nicht angenommen werden.',
  'rating-unavailable': 'Ihre Bewertung konnte nicht gesendet werden. Bitte erneut versuchen.',
  helpful: 'Hilfreich',
  notHelpful: 'Nicht hilfreich',
};
