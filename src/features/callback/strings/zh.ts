// "Call me" in this locale: travels in the locale's file (src/features/locale-files/), never in the feature's.
import type { FeatureTexts } from '../../../seam/types';
import type { Key } from './en';

export const zh: FeatureTexts<Key> = {
  callMe: '给我回电',
  phoneNumber: '电话号码',
  country: '国家/地区',
  requestCall: '请求回电',
  callbackConsent: '我们只会就此对话拨打该号码一次。',
  'callback-requested': '已请求回电…',
  'callback-calling': '正在给你打电话…',
  'callback-connected': '通话已接通。本次对话将在通话中继续。',
  'callback-failed': '电话未能接通。',
  'callback-ended': '通话已结束。',
  'callback-invalid_number': '请输入有效的电话号码。',
  'callback-country_not_allowed': '我们无法拨打该国家/地区的号码。',
  'callback-blocked_number': '我们无法拨打此类号码。',
  'callback-in_progress': '已有一通电话正在拨出。',
  'callback-too_many_calls': '请求的通话过多，请稍后再试。',
  'callback-unavailable': '无法请求回电，请稍后再试。',
  'call-turns': '电话中说的内容',
  readWholeCall: '阅读整个通话',
};
