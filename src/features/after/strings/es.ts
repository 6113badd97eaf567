// Rating and message feedback in this locale: travels in the locale's file (src/features/locale-files/), never in the feature's.
import type { FeatureTexts } from '../../../seam/types';
import type { Key } from './en';

export const es: FeatureTexts<Key> = {
  rateConversation: 'Valora esta conversación',
  star1: '1 estrella',
  star2: '2 estrellas',
  star3: '3 estrellas',
  star4: '4 estrellas',
  star5: '5 estrellas',
  comment: 'Comentario',
  commentHint: 'Opcional',
  sendRating: 'Enviar valoración',
  sendingRating: 'Enviando…',
  ratingThanks: 'Gracias por tu valoración.',
  chooseScore: 'Elige primero un número de estrellas.',
  'rating-forbidden': 'Esta conversación ya no se puede valorar.',
  'rating-rate-limited': 'Demasiadas valoraciones. Inténtalo más tarde.',
  'rating-invalid': 'No se pudo aceptar esta valoración.',
  'rating-unavailable': 'No se pudo enviar tu valoración. Inténtalo de nuevo.',
  helpful: 'Útil',
  notHelpful: 'No útil',
};
