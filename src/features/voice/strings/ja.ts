// Voice in this locale: travels in the locale's file (src/features/locale-files/), never in the feature's.
import type { FeatureTexts } from '../../../seam/types';
import type { Key } from './en';

export const ja: FeatureTexts<Key> = {
  dictate: '音声入力',
  listen: '読み上げ',
  voiceMode: '音声モード',
  'voice-listening': '聞き取り中…',
  'voice-speaking': 'エージェントが話しています…',
  'voice-paused': '一時停止中です。話すには「音声入力」を押してください。',
  'voice-denied': 'マイクがブロックされています。文字で入力できます。',
  'voice-no-mic': 'マイクが見つかりません。文字で入力できます。',
  'voice-no-speech': '何も聞き取れませんでした。「音声入力」を押してもう一度お試しください。',
  'voice-service': '音声認識が機能していません。文字で入力できます。',
  codeSkipped: '画面にコードブロックがあります。',
};
