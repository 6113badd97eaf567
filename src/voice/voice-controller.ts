// The voice features of one widget: dictation, read-aloud ("Listen") and the hands-free voice mode.
//
// Voice mode, as states (the host's `voice` event and the visible status):
//   listening ─(final words: the composer sends them)─► sending ─(the reply's first sentence)─► speaking
//   speaking ─(the reply read to its end)─► listening              (hands-free: the mic opens again)
//   speaking ─(the visitor speaks or types: barge-in)─► listening / paused
//   any ─(Escape, typing, Listen, silence)─► paused ─(Dictate, or a typed message sent)─► …
//   any ─(permission denied, no microphone, the recognition service unreachable)─► off, with a notice
// While the agent speaks the microphone stays open, so that the visitor's first words stop it.
// Only the browser's recognition hears the audio; nothing here keeps what it heard beyond the
// composer's text.

import type { VoiceSettings, VoiceState } from '../contract/voice';
import {
  createRecognizer,
  type RecognitionError,
  type Recognizer,
  recognitionOnDevice,
  type SpeechRecognitionConstructor,
} from './recognition';
import { createSpeaker, type Speaker, type SynthesisLike, type UtteranceConstructor } from './synthesis';

export interface VoiceView {
  /** Voice mode's state, `off` while the mode is off. */
  state: VoiceState;
  /** The microphone is open (dictation, or voice mode listening). */
  listening: boolean;
  /** The key of the message a "Listen" reads aloud. */
  reading?: string | undefined;
  /** The last thing that went wrong, until the visitor tries again. */
  notice?: RecognitionError | undefined;
  canDictate: boolean;
  canListen: boolean;
  canUseMode: boolean;
}

/** An item of the transcript, as far as voice mode reads it (a notice has no text). */
export interface SpokenItem {
  key: string;
  kind: string;
  text?: string;
  streaming?: boolean;
}

/** Speech text of a growing message: each call gives the utterances completed since the last one. */
export type SpeechReader = (text: string, complete: boolean) => string[];

export interface VoiceDeps {
  settings: VoiceSettings;
  lang: string;
  recognition: SpeechRecognitionConstructor | undefined;
  synthesis: { synthesis: SynthesisLike; Utterance: UtteranceConstructor } | undefined;
  /** A fresh reader for one message. */
  reader(): SpeechReader;
  onChange(view: VoiceView): void;
}

/** Lower-case words without punctuation: what a recogniser's transcript and a spoken text have in common. */
const plainWords = (text: string) =>
  text
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]+/gu, ' ')
    .trim();

/** Recognition sessions restarted while one reply is read (each ends after some seconds of silence). */
const MAX_RESTARTS = 20;

/** Words heard, for the composer; `send`: the composer sends them now. */
export type WordsSink = (text: string, final: boolean, send: boolean) => void;

export class VoiceController {
  /** Set by the composer while it is there. */
  words: WordsSink | undefined;
  #deps: VoiceDeps;
  #lang: string;
  #recognizer: Recognizer | undefined;
  #speaker: Speaker | undefined;
  #onDeviceReady = false;
  #view: VoiceView;
  /** Words heard in the current recognition session. */
  #heard = false;
  #restarts = 0;
  /** What the agent said since it began speaking, as plainWords(). */
  #said = '';
  /** Messages not (or no longer) to be read by voice mode: the history, and replies done or interrupted. */
  #known = new Set<string>();
  #replies = new Map<string, SpeechReader>();
  #items: readonly SpokenItem[] = [];

  constructor(deps: VoiceDeps) {
    this.#deps = deps;
    this.#lang = deps.lang;
    const { settings, recognition, synthesis } = deps;
    if (settings.input && recognition) this.#recognizer = createRecognizer(recognition, settings.onDevice);
    if ((settings.output || settings.mode) && synthesis)
      this.#speaker = createSpeaker(synthesis.synthesis, synthesis.Utterance, () => this.#spoken());
    this.#view = { state: 'off', listening: false, canDictate: false, canListen: false, canUseMode: false };
    this.#checkDevice();
  }

  get view(): VoiceView {
    return this.#view;
  }

  #update(change: Partial<VoiceView>): void {
    const { settings } = this.#deps;
    const canDictate = !!this.#recognizer && (!settings.onDevice || this.#onDeviceReady);
    this.#view = {
      ...this.#view,
      ...change,
      canDictate,
      canListen: settings.output && !!this.#speaker,
      canUseMode: settings.mode && canDictate && !!this.#speaker,
    };
    this.#deps.onChange(this.#view);
  }

  /** With `onDevice`, the microphone shows only once the browser says it can recognise this language on the device. */
  #checkDevice(): void {
    const { recognition, settings } = this.#deps;
    if (!settings.onDevice || !recognition || !this.#recognizer) return this.#update({});
    const lang = this.#lang;
    void recognitionOnDevice(recognition, lang).then((ready) => {
      if (lang !== this.#lang) return;
      this.#onDeviceReady = ready;
      if (!ready) this.#stopListening();
      if (!ready && this.#view.state !== 'off') this.#update({ state: 'off' });
      else this.#update({});
    });
  }

  /** The widget's language changed: recognition and voices follow it (a session under way starts again in it). */
  setLang(lang: string): void {
    if (lang === this.#lang) return;
    this.#lang = lang;
    if (this.#view.listening) this.#listen();
    this.#checkDevice();
  }

  #listen(): void {
    const recognizer = this.#recognizer;
    if (!recognizer) return;
    this.#heard = false;
    this.#update({ listening: true, notice: undefined });
    recognizer.start(this.#lang, {
      onWords: (text, final) => {
        const { state } = this.#view;
        // Through loudspeakers the microphone hears the agent: its own words are not the visitor's.
        if (state === 'speaking' && this.#said.includes(plainWords(text))) return;
        this.#heard = true;
        // Barge-in: the visitor's first words silence the agent.
        if (state === 'speaking') this.#interruptReply('listening');
        const send = final && (state !== 'off' || this.#deps.settings.send);
        this.words?.(text, final, send);
      },
      onError: (error) => {
        const { state } = this.#view;
        if (error === 'no-speech' && state === 'speaking') return;
        // Silence pauses voice mode; the microphone or the service failing turns it off. Words stay in the composer.
        this.#update({ notice: error, state: state === 'off' ? 'off' : error === 'no-speech' ? 'paused' : 'off' });
        if (error !== 'no-speech') this.#speaker?.cancel();
      },
      onEnd: () => {
        const { state, notice } = this.#view;
        if (state === 'speaking' && !notice && this.#restarts++ < MAX_RESTARTS) return this.#listen();
        // Recognition that ended without words or error (as Safari does after silence) leaves voice mode waiting.
        this.#update({ listening: false, state: state === 'listening' && !this.#heard ? 'paused' : state });
      },
    });
  }

  #stopListening(): void {
    this.#recognizer?.abort();
    if (this.#view.listening) this.#update({ listening: false });
  }

  /** Silences the agent; the reply being read is read no further. */
  #interruptReply(next: VoiceState): void {
    this.#speaker?.cancel();
    for (const key of this.#replies.keys()) this.#known.add(key);
    this.#replies.clear();
    this.#update({ state: next, reading: undefined });
  }

  /** "Dictate": opens the microphone, or closes it (what was heard stays, and is sent if it was final). */
  dictate(): void {
    const { listening, state } = this.#view;
    if (listening && state !== 'speaking') return this.#recognizer?.stop();
    this.#interruptReply(state === 'off' ? 'off' : 'listening');
    // While the agent spoke the microphone was already open: that session goes on.
    if (!listening) this.#listen();
  }

  /** "Voice mode": on (listening at once) or off. The messages already there are not read. */
  toggleMode(): void {
    if (this.#view.state !== 'off') {
      this.#stopListening();
      this.#interruptReply('off');
      return;
    }
    this.#speaker?.cancel();
    for (const item of this.#items) this.#known.add(item.key);
    this.#update({ state: 'listening', reading: undefined });
    this.#listen();
  }

  /** "Listen" on a message: reads it aloud, or stops reading it. Voice mode pauses meanwhile. */
  listen = (item: SpokenItem): void => {
    const again = this.#view.reading === item.key;
    this.#stopListening();
    this.#interruptReply(this.#view.state === 'off' ? 'off' : 'paused');
    if (again || !this.#speaker) return;
    const utterances = this.#deps.reader()(item.text ?? '', true);
    for (const text of utterances) this.#speaker.say(text, this.#lang);
    if (utterances.length) this.#update({ reading: item.key });
  };

  /**
   * The visitor typed (barge-in), or the panel closed: speech stops at once and so does the
   * microphone (its words stay in the composer); voice mode waits until a message is sent.
   */
  pause(): void {
    const { state, listening, reading } = this.#view;
    if (!listening && !reading && (state === 'off' || state === 'paused')) return;
    this.#stopListening();
    this.#interruptReply(state === 'off' ? 'off' : 'paused');
  }

  /** Escape: silences speech at once. False when nothing was speaking. */
  stopSpeech(): boolean {
    if (!this.#speaker?.busy() && this.#view.state !== 'speaking') return false;
    this.#interruptReply(this.#view.state === 'off' ? 'off' : 'paused');
    this.#stopListening();
    return true;
  }

  /** The visitor sent a message (typed or dictated): voice mode waits for the reply. */
  sent(): void {
    if (this.#view.state === 'off') return;
    this.#stopListening();
    this.#speaker?.cancel();
    this.#update({ state: 'sending', notice: undefined });
  }

  /** The transcript as of now: voice mode reads the new replies, each sentence once it is complete. */
  follow(items: readonly SpokenItem[]): void {
    if (items === this.#items) return;
    this.#items = items;
    const { state } = this.#view;
    if (state === 'off') return;
    // The new replies are those after the last message already known.
    let first = items.length;
    let answered = false;
    while (first > 0 && !this.#known.has(items[first - 1]!.key)) first--;
    for (const item of items.slice(first)) {
      if (item.kind !== 'agent' && item.kind !== 'live-agent') continue;
      const quiet = state === 'paused' || (state === 'listening' && this.#heard);
      if (quiet && !this.#replies.has(item.key)) {
        this.#known.add(item.key);
        continue;
      }
      const reader = this.#replies.get(item.key) ?? this.#deps.reader();
      this.#replies.set(item.key, reader);
      const complete = !item.streaming;
      if (complete) this.#known.add(item.key);
      answered ||= complete;
      for (const text of reader(item.text ?? '', complete)) this.#say(text);
    }
    this.#spoken(answered);
  }

  #say(text: string): void {
    if (this.#view.state !== 'speaking') {
      this.#restarts = 0;
      this.#said = '';
      this.#update({ state: 'speaking' });
      // Open while the agent speaks: the visitor's words interrupt it.
      if (!this.#view.listening) this.#listen();
    }
    this.#said += ` ${plainWords(text)}`;
    this.#speaker?.say(text, this.#lang);
  }

  /** The speech queue ran out: a read-aloud is over; in voice mode, with the replies complete, the microphone listens again. */
  #spoken(answered = false): void {
    if (this.#speaker?.busy()) return;
    if (this.#view.reading) this.#update({ reading: undefined });
    const { state } = this.#view;
    for (const key of this.#replies.keys()) if (this.#known.has(key)) this.#replies.delete(key);
    // A reply with nothing to read (an attachment alone) also gives the visitor the turn again.
    if (!(state === 'speaking' || (state === 'sending' && answered)) || this.#replies.size) return;
    this.#update({ state: 'listening' });
    if (!this.#view.listening) this.#listen();
  }

  destroy(): void {
    this.#recognizer?.abort();
    this.#speaker?.cancel();
  }
}
