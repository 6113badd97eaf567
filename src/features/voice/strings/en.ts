// Voice: its English texts, which the feature's own file carries (index.ts); the keys of every other locale's table.
import type { FeatureTexts } from '../../../seam/types';

export const en = {
  dictate: 'Dictate',
  listen: 'Listen',
  voiceMode: 'Voice mode',
  'voice-listening': 'Listening…',
  'voice-speaking': 'Agent speaking…',
  'voice-paused': 'Paused. Press Dictate to talk.',
  'voice-denied': 'Microphone blocked. You can type instead.',
  'voice-no-mic': 'No microphone found. You can type instead.',
  'voice-no-speech': "Didn't hear anything. Press Dictate to retry.",
  'voice-service': "Speech recognition isn't working. You can type instead.",
  codeSkipped: 'Code block on screen.',
} satisfies FeatureTexts<string>;

export type Key = keyof typeof en;
