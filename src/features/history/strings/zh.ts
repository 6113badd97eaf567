// Earlier conversations in this locale: travels in the locale's file (src/features/locale-files/), never in the feature's.
import type { FeatureTexts } from '../../../seam/types';
import type { Key } from './en';

export const zh: FeatureTexts<Key> = {
  earlierConversations: '以前的对话',
  back: '返回',
  forget: '忘记我的对话',
  forgetQuestion: '要忘记您以前的所有对话吗？此操作无法撤销。',
  forgetConfirm: '忘记',
  forgotten: '您以前的对话已被忘记。',
  'channel-chat': '聊天',
  'channel-phone': '电话',
  loading: '正在加载…',
  failed: '无法加载。',
  readOnly: '过去的对话，只读。',
};
