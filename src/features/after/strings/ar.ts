// Rating and message feedback in this locale: travels in the locale's file (src/features/locale-files/), never in the feature's.
import type { FeatureTexts } from '../../../seam/types';
import type { Key } from './en';

export const ar: FeatureTexts<Key> = {
  rateConversation: 'قيّم هذه المحادثة',
  star1: 'نجمة واحدة',
  star2: 'نجمتان',
  star3: '3 نجوم',
  star4: '4 نجوم',
  star5: '5 نجوم',
  comment: 'تعليق',
  commentHint: 'اختياري',
  sendRating: 'إرسال التقييم',
  sendingRating: 'جارٍ الإرسال…',
  ratingThanks: 'شكرًا على تقييمك.',
  chooseScore: 'اختر عدد النجوم أولًا.',
  'rating-forbidden': 'لم يعد بالإمكان تقييم هذه المحادثة.',
  'rating-rate-limited': 'تقييمات كثيرة. حاول لاحقًا.',
  'rating-invalid': 'تعذّر قبول هذا التقييم.',
  'rating-unavailable': 'تعذّر إرسال تقييمك. حاول مرة أخرى.',
  helpful: 'مفيد',
  notHelpful: 'غير مفيد',
};
