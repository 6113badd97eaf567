// Earlier conversations in this locale: travels in the locale's file (src/features/locale-files/), never in the feature's.
import type { FeatureTexts } from '../../../seam/types';
import type { Key } from './en';

export const ja: FeatureTexts<Key> = {
  earlierConversations: '以前の会話',
  back: '戻る',
  forget: '会話の記録を消去',
  forgetQuestion: '以前の会話をすべて消去しますか？元に戻せません。',
  forgetConfirm: '消去する',
  forgotten: '以前の会話を消去しました。',
  'channel-chat': 'チャット',
  'channel-phone': '電話',
  loading: '読み込み中…',
  failed: '読み込めませんでした。',
  readOnly: '過去の会話（閲覧のみ）',
};
