// Upload in this locale: travels in the locale's file (src/features/locale-files/), never in the feature's.
import type { FeatureTexts } from '../../../seam/types';
import type { Key } from './en';

export const ar: FeatureTexts<Key> = {
  attach: 'إرفاق ملف',
  attached: 'ملفات للإرسال',
  remove: 'إزالة %',
  uploading: 'جارٍ رفع %',
  cancel: 'إلغاء %',
  tryAgain: 'حاول مرة أخرى',
  waiting: 'بانتظار الاتصال',
  dropHere: 'أفلت الملفات هنا لإرفاقها',
  'too-big': 'كبير جدًا: الحد الأقصى %',
  'too-big-plain': 'كبير جدًا',
  type: 'هذا النوع من الملفات غير مقبول',
  empty: 'الملف فارغ',
  forbidden: 'لا يمكن إرسال الملفات إلا أثناء محادثة',
  refused: 'لم يقبله الموقع',
  busy: 'ملفات كثيرة جدًا حاليًا؛ انتظر قليلًا',
  server: 'تعذّر على الموقع حفظه',
  network: 'تعذّر الوصول إلى الموقع',
};
