// "Call me" in this locale: travels in the locale's file (src/features/locale-files/), never in the feature's.
import type { FeatureTexts } from '../../../seam/types';
import type { Key } from './en';

export const ja: FeatureTexts<Key> = {
  callMe: '折り返し電話',
  phoneNumber: '電話番号',
  country: '国・地域',
  requestCall: '電話をリクエスト',
  callbackConsent: 'この会話について、この番号に一度だけお電話します。',
  'callback-requested': '電話をリクエストしました…',
  'callback-calling': 'お電話をおかけしています…',
  'callback-connected': '通話がつながりました。この会話の続きは通話で行います。',
  'callback-failed': '電話がつながりませんでした。',
  'callback-ended': '通話が終了しました。',
  'callback-invalid_number': '有効な電話番号を入力してください。',
  'callback-country_not_allowed': 'この国・地域の番号にはお電話できません。',
  'callback-blocked_number': 'この種類の番号にはお電話できません。',
  'callback-in_progress': 'すでに電話をおかけしています。',
  'callback-too_many_calls': '電話のリクエストが多すぎます。後でもう一度お試しください。',
  'callback-unavailable': '電話をリクエストできませんでした。後でもう一度お試しください。',
  'call-turns': '電話でのやり取り',
  readWholeCall: '通話をすべて読む',
};
