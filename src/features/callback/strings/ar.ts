// "Call me" in this locale: travels in the locale's file (src/features/locale-files/), never in the feature's.
import type { FeatureTexts } from '../../../seam/types';
import type { Key } from './en';

export const ar: FeatureTexts<Key> = {
  callMe: 'اتصل بي',
  phoneNumber: 'رقم الهاتف',
  country: 'البلد',
  requestCall: 'طلب مكالمة',
  callbackConsent: 'سنتصل بهذا الرقم مرة واحدة بخصوص هذه المحادثة.',
  'callback-requested': 'تم طلب المكالمة…',
  'callback-calling': 'جارٍ الاتصال بك…',
  'callback-connected': 'تم الاتصال. تستكمل المكالمة هذه المحادثة.',
  'callback-failed': 'لم تتم المكالمة.',
  'callback-ended': 'انتهت المكالمة.',
  'callback-invalid_number': 'أدخل رقم هاتف صالحًا.',
  'callback-country_not_allowed': 'لا نتصل بأرقام هذا البلد.',
  'callback-blocked_number': 'لا نتصل بهذا النوع من الأرقام.',
  'callback-in_progress': 'هناك مكالمة جارية بالفعل.',
  'callback-too_many_calls': 'طلبات مكالمات كثيرة. حاول لاحقًا.',
  'callback-unavailable': 'تعذّر طلب المكالمة. حاول لاحقًا.',
  'call-turns': 'ما قيل في المكالمة الهاتفية',
  readWholeCall: 'اقرأ المكالمة كاملة',
};
