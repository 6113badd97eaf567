// Read-aloud over the browser's speechSynthesis: a queue of short utterances (a reply is read
// sentence by sentence), in a voice that matches the widget's language. Every utterance carries
// the generation it was queued in, so the end or error events of utterances that cancel() threw
// away are not taken for the end of what is queued now.
//
// Engines do not always say when speech is over: an utterance handed over right after cancel() can
// be dropped without an end or error event (Firefox), and an engine can stall. A watchdog keeps the
// widget from waiting forever for that event (a "Listen" pressed for good): while something is
// queued it looks each second whether the engine still speaks or has something pending, and takes
// two looks in a row that say neither for the end; an engine that claims to speak for far longer
// than the text could take (DEADLINE below) is silenced and taken as done too.

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
  /** What the browser reports (SpeechSynthesis.speaking and .pending); an engine that says nothing is timed by the deadline alone. */
  readonly speaking?: boolean;
  readonly pending?: boolean;
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

/** How often the watchdog looks at the engine while something is queued. */
export const WATCH_INTERVAL = 1000;
/**
 * The longest an utterance may take before it is taken for stalled: a margin, then a slow reading
 * rate per character (about 7 characters a second; people speak about 15).
 */
export const DEADLINE = { base: 10_000, perCharacter: 150 };

/** `onIdle`: the queue ran out (not after cancel()), or the engine stopped without saying so. */
export function createSpeaker(synthesis: SynthesisLike, Utterance: UtteranceConstructor, onIdle: () => void): Speaker {
  let generation = 0;
  let queued = 0;
  /** When what is queued is taken for stalled: each utterance queued adds its allowance. */
  let deadline = 0;
  let watch: ReturnType<typeof setInterval> | undefined;
  /** Looks in a row at an engine that neither speaks nor has anything pending. */
  let silentLooks = 0;

  /** Forgets the queue: the events of what was queued are not heard any more. */
  const forget = () => {
    generation++;
    queued = 0;
    clearInterval(watch);
    watch = undefined;
  };
  const look = () => {
    silentLooks = synthesis.speaking === false && synthesis.pending === false ? silentLooks + 1 : 0;
    if (silentLooks < 2 && Date.now() < deadline) return;
    // Stopped without an event, or stalled: silenced (a stalled engine would speak it late) and done.
    forget();
    synthesis.cancel();
    onIdle();
  };

  return {
    say(text, lang) {
      const mine = generation;
      const utterance = new Utterance(text);
      utterance.lang = lang;
      utterance.voice = pickVoice(synthesis.getVoices(), lang) ?? null;
      // An error (a voice missing, the engine busy) ends this utterance like its end would.
      utterance.onend = utterance.onerror = () => {
        utterance.onend = utterance.onerror = null;
        silentLooks = 0;
        if (mine !== generation || --queued > 0) return;
        forget();
        onIdle();
      };
      if (!queued++) {
        deadline = Date.now();
        silentLooks = 0;
        watch = setInterval(look, WATCH_INTERVAL);
      }
      deadline += DEADLINE.base + DEADLINE.perCharacter * text.length;
      synthesis.speak(utterance);
    },
    cancel() {
      // Done at once, without waiting for the engine's events. An engine with nothing of ours
      // queued is left alone: one told to cancel just before it is told to speak can drop the speech.
      if (!queued) return;
      forget();
      synthesis.cancel();
    },
    busy: () => queued > 0,
  };
}
