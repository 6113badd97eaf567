// Voice in this locale: travels in the locale's file (src/features/locale-files/), never in the feature's.
import type { FeatureTexts } from '../../../seam/types';
import type { Key } from './en';

export const ar: FeatureTexts<Key> = {
  dictate: 'إملاء',
  listen: 'استماع',
  voiceMode: 'الوضع الصوتي',
  'voice-listening': 'جارٍ الاستماع…',
  'voice-speaking': 'الوكيل يتحدث…',
  'voice-paused': 'متوقف مؤقتًا. اضغط إملاء للتحدث.',
  'voice-denied': 'الميكروفون محظور. يمكنك الكتابة.',
  'voice-no-mic': 'لا يوجد ميكروفون. يمكنك الكتابة.',
  'voice-no-speech': 'لم يُسمع شيء. اضغط إملاء للمحاولة مجددًا.',
  'voice-service': 'التعرّف على الكلام لا يعمل. يمكنك الكتابة.',
  codeSkipped: 'مقطع برمجي على الشاشة.',
};
