// Fakes of the browser's SpeechRecognition and speechSynthesis, driven by hand: a test says what
// the recogniser heard and when an utterance ends. One self-contained function (no imports, no
// outer names, no private fields a transpiler would move out of it), so the e2e tests inject the
// very same code into the page with addInitScript.

export interface FakeRecognitionSession {
  lang: string;
  processLocally?: boolean;
  ended: boolean;
  /** The recogniser heard these words (interim, or final). */
  hear(text: string, final: boolean): void;
  /** An error as the browser reports it ("not-allowed", "no-speech", "network"…), then the end. */
  fail(error: string): void;
  /** The session ends (silence after a final result). */
  end(): void;
}

export interface FakeUtterance {
  text: string;
  lang: string;
  voice: { lang: string; name: string } | null;
}

export interface FakeSpeech {
  /** Every recognition session started, in order. */
  sessions: FakeRecognitionSession[];
  /** Every utterance handed to speechSynthesis.speak, in order. */
  utterances: FakeUtterance[];
  /** The utterance being spoken, if any. */
  speaking(): FakeUtterance | undefined;
  /** The current utterance reaches a word boundary (nothing ends). */
  boundary(): void;
  /** The current utterance ends; the next queued one starts. */
  finish(): void;
  /** speechSynthesis.cancel() calls. */
  cancels: number;
  /** The next recognition session fails at once with this error (as a blocked microphone does). */
  failNext: string | undefined;
  /** What SpeechRecognition.available() answers; undefined: the browser has no such method. */
  onDevice: string | undefined;
  voices: { lang: string; name: string; localService: boolean }[];
  /** Called as each utterance is handed over (an e2e test notes what the page showed then). */
  onSpeak?: ((text: string) => void) | undefined;
}

export interface FakeSpeechOptions {
  /** Install recognition (default true). */
  recognition?: boolean;
  /** Install synthesis (default true). */
  synthesis?: boolean;
  /** Installed as webkitSpeechRecognition (as in Chromium and Safari) instead of SpeechRecognition. */
  prefixed?: boolean;
}

export function installFakeSpeech(scope: object, options: FakeSpeechOptions = {}): FakeSpeech {
  type Handler = ((event: Record<string, unknown>) => void) | null;
  const control: FakeSpeech = {
    sessions: [],
    utterances: [],
    speaking: () => queue[0],
    boundary: () => queue[0]?.onboundary?.({ name: 'word' }),
    finish() {
      const done = queue.shift();
      done?.onend?.({});
      if (queue[0]) queue[0].onstart?.({});
    },
    cancels: 0,
    failNext: undefined,
    onDevice: undefined,
    voices: [
      { lang: 'en-US', name: 'English (remote)', localService: false },
      { lang: 'en-GB', name: 'English (device)', localService: true },
      { lang: 'fr-FR', name: 'Français', localService: true },
      { lang: 'ar-SA', name: 'العربية', localService: true },
    ],
  };

  class Recognition {
    lang = '';
    interimResults = false;
    continuous = false;
    processLocally: boolean | undefined;
    onresult: Handler = null;
    onerror: Handler = null;
    onend: Handler = null;
    ended = false;
    started = false;
    static available(request: { langs: string[]; processLocally: boolean }) {
      return Promise.resolve(request.processLocally ? (control.onDevice ?? 'unavailable') : 'available');
    }
    start() {
      if (this.started) throw new Error('InvalidStateError: already started');
      this.started = true;
      control.sessions.push(this);
      const error = control.failNext;
      control.failNext = undefined;
      if (error) setTimeout(() => this.fail(error), 0);
    }
    stop() {
      this.end();
    }
    abort() {
      if (this.ended) return;
      this.onerror?.({ error: 'aborted' });
      this.end();
    }
    hear(text: string, final: boolean) {
      if (this.ended) return;
      const result = Object.assign([{ transcript: text, confidence: 0.9 }], { isFinal: final });
      this.onresult?.({ resultIndex: 0, results: [result] });
    }
    fail(error: string) {
      if (this.ended) return;
      this.onerror?.({ error });
      this.end();
    }
    end() {
      if (this.ended) return;
      this.ended = true;
      this.onend?.({});
    }
  }

  class Utterance {
    lang = '';
    voice: { lang: string; name: string } | null = null;
    onstart: Handler = null;
    onboundary: Handler = null;
    onend: Handler = null;
    onerror: Handler = null;
    text: string;
    constructor(text: string) {
      this.text = text;
    }
  }
  const queue: Utterance[] = [];
  const synthesis = {
    get speaking() {
      return queue.length > 0;
    },
    get pending() {
      return queue.length > 1;
    },
    speak(utterance: Utterance) {
      control.utterances.push(utterance);
      control.onSpeak?.(utterance.text);
      queue.push(utterance);
      if (queue.length === 1) utterance.onstart?.({});
    },
    cancel() {
      control.cancels++;
      for (const utterance of queue.splice(0)) utterance.onerror?.({ error: 'interrupted' });
    },
    getVoices: () => control.voices,
  };

  // Defined, not assigned: a window's speechSynthesis is a getter without a setter.
  const define = (name: string, value: unknown) => Object.defineProperty(scope, name, { value, configurable: true, writable: true });
  if (options.recognition !== false) {
    // Prefixed: only the prefixed name, as in Safari (and Chromium before its unprefixed one).
    Reflect.deleteProperty(scope, 'SpeechRecognition');
    Reflect.deleteProperty(scope, 'webkitSpeechRecognition');
    define(options.prefixed ? 'webkitSpeechRecognition' : 'SpeechRecognition', Recognition);
  }
  if (options.synthesis !== false) {
    define('speechSynthesis', synthesis);
    define('SpeechSynthesisUtterance', Utterance);
  }
  define('__fakeSpeech', control);
  return control;
}
