// Rating and message feedback in this locale: travels in the locale's file (src/features/locale-files/), never in the feature's.
import type { FeatureTexts } from '../../../seam/types';
import type { Key } from './en';

export const ja: FeatureTexts<Key> = {
  rateConversation: 'この会話を評価',
  star1: '星1つ',
  star2: '星2つ',
  star3: '星3つ',
  star4: '星4つ',
  star5: '星5つ',
  comment: 'コメント',
  commentHint: '任意',
  sendRating: '評価を送信',
  sendingRating: '送信中…',
  ratingThanks: '評価をありがとうございました。',
  chooseScore: '先に星の数を選んでください。',
  'rating-forbidden': 'この会話はもう評価できません。',
  'rating-rate-limited': '評価が多すぎます。しばらくしてからお試しください。',
  'rating-invalid': 'この評価は受け付けられませんでした。',
  'rating-unavailable': '評価を送信できませんでした。もう一度お試しください。',
  helpful: '役に立った',
  notHelpful: '役に立たなかった',
};
