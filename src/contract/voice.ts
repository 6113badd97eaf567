// Voice (option `voice`, handle event `voice`): the public names of its parts and states.

/** Voice mode's state, as the handle's `voice` event and the page's `data-voice` say it. */
export type VoiceState = 'listening' | 'sending' | 'speaking' | 'paused' | 'off';

/** The parts a site turns on (option `voice`), and how they behave. */
export interface VoiceSettings {
  /** Dictation (the "Dictate" button). */
  input: boolean;
  /** Read-aloud (a "Listen" button per reply). */
  output: boolean;
  /** Hands-free voice mode (needs input and output). */
  mode: boolean;
  /** Dictation sends what was heard at once; false leaves it in the composer to edit. Voice mode always sends. */
  send: boolean;
  /** Recognition on the device only: without it, no microphone. */
  onDevice: boolean;
}

/** The object form of option `voice`: every part is on unless set false; `send` and `onDevice` as in VoiceSettings. */
export type VoiceOptions = Partial<VoiceSettings>;
