// Rating and message feedback in this locale: travels in the locale's file (src/features/locale-files/), never in the feature's.
import type { FeatureTexts } from '../../../seam/types';
import type { Key } from './en';

export const pt: FeatureTexts<Key> = {
  rateConversation: 'Avalie esta conversa',
  star1: '1 estrela',
  star2: '2 estrelas',
  star3: '3 estrelas',
  star4: '4 estrelas',
  star5: '5 estrelas',
  comment: 'Comentário',
  commentHint: 'Opcional',
  sendRating: 'Enviar avaliação',
  sendingRating: 'Enviando…',
  ratingThanks: 'Obrigado pela sua avaliação.',
  chooseScore: 'Escolha primeiro um número de estrelas.',
  'rating-forbidden': 'Esta conversa já não pode ser avaliada.',
  'rating-rate-limited': 'Avaliações demais. Tente novamente mais tarde.',
  'rating-invalid': 'Não foi possível aceitar esta avaliação.',
  'rating-unavailable': 'Não foi possível enviar a sua avaliação. Tente novamente.',
  helpful: 'Útil',
  notHelpful: 'Não útil',
};
