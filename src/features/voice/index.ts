// Voice (option `voice`): dictation, read-aloud ("Listen") and the hands-free voice mode, through
// the browser's speech APIs (src/voice/). Its controls sit in the widget's slots (controls.tsx);
// the host event `voice` says voice mode's state, never what was heard.
import type { VoiceState } from '../../contract/voice';
import { findRecognition } from '../../voice/recognition';
import { voiceSettings } from '../../voice/settings';
import { findSynthesis } from '../../voice/synthesis';
import type { VoiceView } from '../../voice/voice-controller';
import { VoiceController } from '../../voice/voice-controller';
import { defineFeature } from '../kit';
import { voiceControls } from './controls';
import { createSpeechReader } from './speech';
import { en } from './strings';
import styles from './voice.css?inline';

export default defineFeature({
  name: 'voice',
  strings: en,
  styles,
  state: { initial: undefined as VoiceView | undefined },
  setup(context) {
    const settings = voiceSettings(context.options.voice);
    if (!settings || typeof window === 'undefined') return {};
    let reported: VoiceState = 'off';
    const controller = new VoiceController({
      settings,
      lang: context.text().core.lang,
      recognition: findRecognition(window),
      synthesis: findSynthesis(window),
      reader: () => createSpeechReader(context.text().translate('codeSkipped'), context.options.markdown ?? true),
      onChange(view) {
        context.state.set(view);
        if (view.state === reported) return;
        reported = view.state;
        context.emit('voice', { state: view.state });
      },
    });
    /** What the composer held before the words of the current dictation. */
    let dictationBase: string | undefined;
    return {
      slots: voiceControls(context, controller),
      // Escape silences speech first; the next one closes.
      onEscape: () => controller.stopSpeech(),
      onRender({ open, items, lang }) {
        controller.setLang(lang);
        if (!open) controller.pause();
        controller.follow(items);
      },
      composer: {
        attach(input) {
          // Words heard follow what was already written; the final ones may be sent at once.
          controller.words = (words, final, send) => {
            const base = dictationBase ?? input.text().trimEnd();
            dictationBase = final ? undefined : base;
            input.setText(base ? `${base} ${words}` : words, send);
          };
          return () => {
            controller.words = undefined;
          };
        },
        onInput() {
          // Typing interrupts: speech stops, and so does the microphone (its words stay).
          dictationBase = undefined;
          controller.pause();
        },
        onSend: () => controller.sent(),
      },
      destroy: () => controller.destroy(),
    };
  },
});
