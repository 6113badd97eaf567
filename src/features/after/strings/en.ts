// The texts of the after-conversation feature (rating, message feedback) in English, which travels
// in the feature's own file; every other locale's table travels in that locale's file.
import type { FeatureTexts } from '../../../seam/types';

export type Key =
  | 'rateConversation'
  | 'star1'
  | 'star2'
  | 'star3'
  | 'star4'
  | 'star5'
  | 'comment'
  | 'commentHint'
  | 'sendRating'
  | 'sendingRating'
  | 'ratingThanks'
  | 'chooseScore'
  // why a rating was not taken (RatingProblem)
  | 'rating-forbidden'
  | 'rating-rate-limited'
  | 'rating-invalid'
  | 'rating-unavailable'
  | 'helpful'
  | 'notHelpful';

export const en: FeatureTexts<Key> = {
  rateConversation: 'Rate this conversation',
  star1: '1 star',
  star2: '2 stars',
  star3: '3 stars',
  star4: '4 stars',
  star5: '5 stars',
  comment: 'Comment',
  commentHint: 'Optional',
  sendRating: 'Send rating',
  sendingRating: 'Sending…',
  ratingThanks: 'Thank you for your rating.',
  chooseScore: 'Choose a number of stars first.',
  'rating-forbidden': 'This conversation can no longer be rated.',
  'rating-rate-limited': 'Too many ratings. Please try again later.',
  'rating-invalid': 'This rating could not be accepted.',
  'rating-unavailable': 'Your rating could not be sent. Please try again.',
  helpful: 'Helpful',
  notHelpful: 'Not helpful',
};
