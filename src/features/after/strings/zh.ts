// Rating and message feedback in this locale: travels in the locale's file (src/features/locale-files/), never in the feature's.
import type { FeatureTexts } from '../../../seam/types';
import type { Key } from './en';

export const zh: FeatureTexts<Key> = {
  rateConversation: '为此对话评分',
  star1: '1 星',
  star2: '2 星',
  star3: '3 星',
  star4: '4 星',
  star5: '5 星',
  comment: '评论',
  commentHint: '可选',
  sendRating: '提交评分',
  sendingRating: '正在发送…',
  ratingThanks: '感谢您的评分。',
  chooseScore: '请先选择星级。',
  'rating-forbidden': '此对话已无法评分。',
  'rating-rate-limited': '评分次数过多，请稍后再试。',
  'rating-invalid': '此评分未被接受。',
  'rating-unavailable': '无法发送您的评分，请重试。',
  helpful: '有帮助',
  notHelpful: '没有帮助',
};
