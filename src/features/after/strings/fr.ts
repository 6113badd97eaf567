// Rating and message feedback in this locale: travels in the locale's file (src/features/locale-files/), never in the feature's.
import type { FeatureTexts } from '../../../seam/types';
import type { Key } from './en';

export const fr: FeatureTexts<Key> = {
  rateConversation: 'Évaluez cette conversation',
  star1: '1 étoile',
  star2: '2 étoiles',
  star3: '3 étoiles',
  star4: '4 étoiles',
  star5: '5 étoiles',
  comment: 'Commentaire',
  commentHint: 'Facultatif',
  sendRating: 'Envoyer l’évaluation',
  sendingRating: 'Envoi…',
  ratingThanks: 'Merci pour votre évaluation.',
  chooseScore: 'Choisissez d’abord un nombre d’étoiles.',
  'rating-forbidden': 'Cette conversation ne peut plus être évaluée.',
  'rating-rate-limited': 'Trop d’évaluations. Réessayez plus tard.',
  'rating-invalid': 'Cette évaluation n’a pas pu être acceptée.',
  'rating-unavailable': 'Votre évaluation n’a pas pu être envoyée. Réessayez.',
  helpful: 'Utile',
  notHelpful: 'Pas utile',
};
