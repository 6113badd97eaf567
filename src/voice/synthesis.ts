// Read-aloud over the browser's speechSynthesis: a queue of short utterances (a reply is read
// sentence by sentence), in a voice that matches the widget's language. Every utterance carries
// the generation it was queued in, so the end or error events of utterances that cancel() threw
// away are not taken for the end of what is queued now.

export interface Speaker {
  /** Queues one utterance. */
  say(text: string, lang: string): void;
  /** Silences at once and forgets the queue. */
  cancel(): void;
  /** Something is spoken or waits to be. */
  busy(): boolean;
}

interface VoiceLike {
  readonly lang: string;
  readonly localService?: boolean;
}
export interface UtteranceLike {
  lang: string;
  voice: VoiceLike | null;
  onend: (() => void) | null;
  onerror: (() => void) | null;
}
export interface SynthesisLike {
  speak(utterance: UtteranceLike): void;
  cancel(): void;
  getVoices(): readonly VoiceLike[];
}
export type UtteranceConstructor = new (text: string) => UtteranceLike;

/** The browser's synthesis and utterance class, if it has both. */
export function findSynthesis(scope: object = globalThis): { synthesis: SynthesisLike; Utterance: UtteranceConstructor } | undefined {
  const synthesis: unknown = Reflect.get(scope, 'speechSynthesis');
  const Utterance: unknown = Reflect.get(scope, 'SpeechSynthesisUtterance');
  return synthesis && typeof Utterance === 'function'
    ? { synthesis: synthesis as SynthesisLike, Utterance: Utterance as UtteranceConstructor }
    : undefined;
}

const primary = (lang: string) => lang.toLowerCase().split(/[-_]/)[0];

/** The voice for `lang`: its exact tag first, then its language; voices on the device before remote ones. */
export function pickVoice(voices: readonly VoiceLike[], lang: string): VoiceLike | undefined {
  const exact = lang.toLowerCase().replace('_', '-');
  const rank = (voice: VoiceLike) => {
    const tag = voice.lang.toLowerCase().replace('_', '-');
    const match = tag === exact ? 2 : primary(tag) === primary(exact) ? 1 : 0;
    return match && match * 2 + (voice.localService ? 1 : 0);
  };
  let best: VoiceLike | undefined;
  for (const voice of voices) if (rank(voice) > (best ? rank(best) : 0)) best = voice;
  return best;
}

/** `onIdle`: the queue ran out (not after cancel()). */
export function createSpeaker(synthesis: SynthesisLike, Utterance: UtteranceConstructor, onIdle: () => void): Speaker {
  let generation = 0;
  let queued = 0;
  return {
    say(text, lang) {
      const mine = generation;
      const utterance = new Utterance(text);
      utterance.lang = lang;
      utterance.voice = pickVoice(synthesis.getVoices(), lang) ?? null;
      // An error (a voice missing, the engine busy) ends this utterance like its end would.
      utterance.onend = utterance.onerror = () => {
        utterance.onend = utterance.onerror = null;
        if (mine !== generation || --queued > 0) return;
        onIdle();
      };
      queued++;
      synthesis.speak(utterance);
    },
    cancel() {
      generation++;
      queued = 0;
      synthesis.cancel();
    },
    busy: () => queued > 0,
  };
}
