// Option `voice`: false (default), true, or an object that picks the parts and how they behave.

import type { VoiceOptions, VoiceSettings } from '../contract/voice';

/** The settings for option `voice`, or undefined when voice is off. */
export function voiceSettings(option: boolean | VoiceOptions | undefined): VoiceSettings | undefined {
  if (!option) return undefined;
  const { input = true, output = true, mode = true, send = true, onDevice = false } = option === true ? {} : option;
  return { input, output, mode, send, onDevice };
}
