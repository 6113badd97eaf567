// Voice in this locale: travels in the locale's file (src/features/locale-files/), never in the feature's.
import type { FeatureTexts } from '../../../seam/types';
import type { Key } from './en';

export const zh: FeatureTexts<Key> = {
  dictate: '语音输入',
  listen: '朗读',
  voiceMode: '语音模式',
  'voice-listening': '正在聆听…',
  'voice-speaking': '客服正在说话…',
  'voice-paused': '已暂停。按“语音输入”开始说话。',
  'voice-denied': '麦克风已被阻止。你可以改为打字。',
  'voice-no-mic': '未找到麦克风。你可以改为打字。',
  'voice-no-speech': '没有听到声音。按“语音输入”重试。',
  'voice-service': '语音识别无法使用。你可以改为打字。',
  codeSkipped: '屏幕上有代码块。',
};
