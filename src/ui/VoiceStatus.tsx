import { h } from 'preact';
import type { Strings } from '../strings/strings';
import type { VoiceView } from '../voice/voice-controller';

/**
 * Voice mode's state in words (listening, sending, agent speaking, paused), or what went wrong
 * with the microphone. A status role: screen readers announce each change without moving focus.
 */
export function VoiceStatus({ view: { state, notice }, strings }: { view: VoiceView; strings: Strings }) {
  const text = notice
    ? strings.translate(`voice-${notice}`)
    : state === 'off'
      ? ''
      : strings.translate(state === 'sending' ? 'sending' : `voice-${state}`);
  return (
    <div class="voice-status" role="status" data-voice={state} data-notice={notice}>
      {text}
    </div>
  );
}
