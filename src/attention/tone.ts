// Option `attention: sound`: a short tone made with Web Audio (no sound file), for a new unread
// message. Browsers let a page play sound only after the visitor interacted with it, so the tone
// is tried only then; at most one tone every few seconds, and one for all the tabs of the site
// that show the conversation (the first to take a Web Lock plays it).

/** The least time between two tones, in this tab and across tabs. */
export const TONE_INTERVAL_MS = 4000;
const LOCK = 'agent-webchat:tone';

interface AudioContextLike {
  readonly currentTime: number;
  readonly destination: AudioNode;
  readonly state: string;
  resume(): Promise<void>;
  createOscillator(): OscillatorNode;
  createGain(): GainNode;
}

export interface ToneEnvironment {
  AudioContext?: new () => AudioContextLike;
  /** Whether the visitor interacted with the page (navigator.userActivation where the browser has it). */
  hasBeenActive(): boolean;
  locks?: Pick<LockManager, 'request'> | undefined;
  now(): number;
}

function browserEnvironment(): ToneEnvironment {
  let interacted = false;
  const note = () => {
    interacted = true;
  };
  for (const type of ['pointerdown', 'keydown']) addEventListener(type, note, { capture: true, once: true });
  const activation = (navigator as { userActivation?: { hasBeenActive: boolean } }).userActivation;
  return {
    AudioContext: globalThis.AudioContext,
    hasBeenActive: () => activation?.hasBeenActive ?? interacted,
    locks: navigator.locks,
    now: () => Date.now(),
  };
}

export interface Tone {
  /** Plays the tone unless one played less than TONE_INTERVAL_MS ago or the page had no interaction yet. */
  play(): void;
  close(): void;
}

export function createTone(environment: ToneEnvironment = browserEnvironment()): Tone {
  let context: AudioContextLike | undefined;
  let last = -Infinity;

  const sound = () => {
    const Context = environment.AudioContext;
    if (!Context) return;
    context ??= new Context();
    if (context.state === 'suspended') void context.resume().catch(() => {});
    const start = context.currentTime;
    const oscillator = context.createOscillator();
    const gain = context.createGain();
    // Two soft notes, 0.3 s in all, fading in and out (no click).
    oscillator.type = 'sine';
    oscillator.frequency.setValueAtTime(880, start);
    oscillator.frequency.setValueAtTime(1320, start + 0.12);
    gain.gain.setValueAtTime(0.0001, start);
    gain.gain.exponentialRampToValueAtTime(0.15, start + 0.02);
    gain.gain.exponentialRampToValueAtTime(0.0001, start + 0.3);
    oscillator.connect(gain).connect(context.destination);
    oscillator.start(start);
    oscillator.stop(start + 0.32);
  };

  return {
    play() {
      const now = environment.now();
      if (now - last < TONE_INTERVAL_MS || !environment.hasBeenActive()) return;
      last = now;
      const { locks } = environment;
      if (!locks) return sound();
      // The lock is held for the interval: another tab asking meanwhile plays nothing.
      void locks
        .request(LOCK, { ifAvailable: true }, (lock) => {
          if (!lock) return undefined;
          sound();
          return new Promise<void>((resolve) => setTimeout(resolve, TONE_INTERVAL_MS));
        })
        .catch(() => {});
    },
    close() {
      const closing = context as { close?: () => Promise<void> } | undefined;
      void closing?.close?.().catch(() => {});
      context = undefined;
    },
  };
}
