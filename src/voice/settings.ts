// Option `voice`: false (default), true, or an object that picks the parts and how they behave.

import type { VoiceSettings } from './voice-controller';

/** The object form of option `voice`: every part is on unless set false; `onDevice` and `send` as described. */
export type VoiceOptions = Partial<VoiceSettings>;

/** The settings for option `voice`, or undefined when voice is off. */
export function voiceSettings(option: boolean | VoiceOptions | undefined): VoiceSettings | undefined {
  if (!option) return undefined;
  const { input = true, output = true, mode = true, send = true, onDevice = false } = option === true ? {} : option;
  return { input, output, mode, send, onDevice };
}
