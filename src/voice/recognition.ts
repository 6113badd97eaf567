// Dictation over the browser's speech recognition (SpeechRecognition, or webkitSpeechRecognition
// in Chromium and Safari). The API is not in TypeScript's DOM library, so the little this file
// uses is declared here and every result is read defensively.
//
// Each start() makes a fresh recogniser and abort() detaches it before aborting it: events of a
// session that was given up never reach the caller.

/** What went wrong, in the widget's terms (the UI words each one). */
/** `service`: the recognition service failed — unreachable (network), or it cannot serve this language or this page. */
export type RecognitionError = 'denied' | 'no-mic' | 'no-speech' | 'service';

export interface RecognitionHandlers {
  /** The words of the utterance so far; `final` once the recogniser has settled on them. */
  onWords(text: string, final: boolean): void;
  onError(error: RecognitionError): void;
  /** Listening stopped, whatever the reason (after a final result, an error, stop() or silence). */
  onEnd(): void;
}

export interface Recognizer {
  start(lang: string, handlers: RecognitionHandlers): void;
  /** Stops listening; the words heard so far still arrive as a final result. */
  stop(): void;
  /** Stops at once; nothing more arrives. */
  abort(): void;
}

interface RecognitionAlternative {
  readonly transcript?: unknown;
}
interface RecognitionResult {
  readonly isFinal?: unknown;
  readonly length: number;
  readonly [index: number]: RecognitionAlternative | undefined;
}
export interface SpeechRecognitionLike {
  lang: string;
  interimResults: boolean;
  continuous: boolean;
  /** On-device recognition, where the browser offers it (the audio then stays on the device). */
  processLocally?: boolean;
  onresult: ((event: { results?: ArrayLike<RecognitionResult> }) => void) | null;
  onerror: ((event: { error?: unknown }) => void) | null;
  onend: (() => void) | null;
  start(): void;
  stop(): void;
  abort(): void;
}
export interface SpeechRecognitionConstructor {
  new (): SpeechRecognitionLike;
  /** Where on-device recognition exists: whether it is ready for these languages. */
  available?(options: { langs: string[]; processLocally: boolean }): Promise<unknown>;
}

/** The browser's recognition constructor, if it has one. */
export function findRecognition(scope: object = globalThis): SpeechRecognitionConstructor | undefined {
  const found: unknown = Reflect.get(scope, 'SpeechRecognition') ?? Reflect.get(scope, 'webkitSpeechRecognition');
  return typeof found === 'function' ? (found as SpeechRecognitionConstructor) : undefined;
}

/**
 * Whether recognition can run on the device for `lang` (the audio never leaves it). Only a
 * browser that says "available" counts: one that would first download a language pack, or
 * cannot tell, does not.
 */
export async function recognitionOnDevice(Recognition: SpeechRecognitionConstructor, lang: string): Promise<boolean> {
  try {
    return (await Recognition.available?.({ langs: [lang], processLocally: true })) === 'available';
  } catch {
    return false;
  }
}

const ERRORS: Record<string, RecognitionError> = {
  'not-allowed': 'denied',
  'service-not-allowed': 'denied',
  'audio-capture': 'no-mic',
  'no-speech': 'no-speech',
};

/** The words of all results so far, and whether the last one is final. */
function wordsOf(results: ArrayLike<RecognitionResult>): { text: string; final: boolean } {
  let text = '';
  let final = false;
  for (let index = 0; index < results.length; index++) {
    const result = results[index];
    const transcript = result?.[0]?.transcript;
    if (typeof transcript === 'string') text += transcript;
    final = result?.isFinal === true;
  }
  return { text: text.trim(), final };
}

export function createRecognizer(Recognition: SpeechRecognitionConstructor, onDevice = false): Recognizer {
  let current: SpeechRecognitionLike | undefined;
  const detach = (recognition: SpeechRecognitionLike) => {
    recognition.onresult = recognition.onerror = recognition.onend = null;
  };
  return {
    start(lang, { onWords, onError, onEnd }) {
      if (current) detach(current);
      current?.abort();
      const recognition = new Recognition();
      current = recognition;
      recognition.lang = lang;
      recognition.interimResults = true;
      recognition.continuous = false;
      if (onDevice) recognition.processLocally = true;
      recognition.onresult = ({ results }) => {
        if (!results) return;
        const { text, final } = wordsOf(results);
        if (text) onWords(text, final);
      };
      // "aborted" is our own abort(); anything unknown is the service failing us.
      recognition.onerror = ({ error }) => {
        if (error !== 'aborted') onError(ERRORS[String(error)] ?? 'service');
      };
      recognition.onend = () => {
        detach(recognition);
        if (current === recognition) current = undefined;
        onEnd();
      };
      try {
        recognition.start();
      } catch {
        // Already started elsewhere, or refused at once: as if the service failed.
        detach(recognition);
        current = undefined;
        onError('service');
        onEnd();
      }
    },
    stop: () => current?.stop(),
    abort() {
      const recognition = current;
      current = undefined;
      if (!recognition) return;
      detach(recognition);
      recognition.abort();
    },
  };
}
