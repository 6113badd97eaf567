// Rating and message feedback in this locale: travels in the locale's file (src/features/locale-files/), never in the feature's.
import type { FeatureTexts } from '../../../seam/types';
import type { Key } from './en';

export const it: FeatureTexts<Key> = {
  rateConversation: 'Valuta questa conversazione',
  star1: '1 stella',
  star2: '2 stelle',
  star3: '3 stelle',
  star4: '4 stelle',
  star5: '5 stelle',
  comment: 'Commento',
  commentHint: 'Facoltativo',
  sendRating: 'Invia valutazione',
  sendingRating: 'Invio…',
  ratingThanks: 'Grazie per la tua valutazione.',
  chooseScore: 'Scegli prima un numero di stelle.',
  'rating-forbidden': 'Questa conversazione non può più essere valutata.',
  'rating-rate-limited': 'Troppe valutazioni. Riprova più tardi.',
  'rating-invalid': 'Non è stato possibile accettare questa valutazione.',
  'rating-unavailable': 'Non è stato possibile inviare la valutazione. Riprova.',
  helpful: 'Utile',
  notHelpful: 'Non utile',
};
