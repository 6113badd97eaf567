// Earlier conversations in this locale: travels in the locale's file (src/features/locale-files/), never in the feature's.
import type { FeatureTexts } from '../../../seam/types';
import type { Key } from './en';

export const ar: FeatureTexts<Key> = {
  earlierConversations: 'المحادثات السابقة',
  back: 'رجوع',
  forget: 'انسَ محادثاتي',
  forgetQuestion: 'هل تريد حذف كل محادثاتك السابقة؟ لا يمكن التراجع عن ذلك.',
  forgetConfirm: 'احذفها',
  forgotten: 'تم حذف محادثاتك السابقة.',
  'channel-chat': 'دردشة',
  'channel-phone': 'مكالمة هاتفية',
  loading: 'جارٍ التحميل…',
  failed: 'تعذّر التحميل.',
  readOnly: 'محادثة سابقة، للقراءة فقط.',
};
