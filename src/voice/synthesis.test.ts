import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createSpeaker, DEADLINE, findSynthesis, pickVoice, type SynthesisLike, type UtteranceLike, WATCH_INTERVAL } from './synthesis';
import { installFakeSpeech } from './testing/fake-speech';

function setup() {
  const scope = {};
  const speech = installFakeSpeech(scope);
  const found = findSynthesis(scope)!;
  const onIdle = vi.fn();
  const speaker = createSpeaker(found.synthesis, found.Utterance, onIdle);
  return { speech, speaker, onIdle };
}

describe('synthesis adapter', () => {
  it('is missing where the browser has no speechSynthesis', () => {
    expect(findSynthesis({})).toBeUndefined();
  });

  it('picks the exact voice first, then the language, on-device voices before remote ones', () => {
    const voices = [
      { lang: 'en-US', localService: false },
      { lang: 'en-GB', localService: true },
      { lang: 'fr_FR', localService: false },
    ];
    expect(pickVoice(voices, 'en-US')).toBe(voices[0]);
    expect(pickVoice(voices, 'en')).toBe(voices[1]);
    expect(pickVoice(voices, 'fr-CA')).toBe(voices[2]);
    expect(pickVoice(voices, 'ar')).toBeUndefined();
  });

  it('speaks a queue; word boundaries end nothing, the last end makes it idle', () => {
    const { speech, speaker, onIdle } = setup();
    speaker.say('One.', 'fr');
    speaker.say('Two.', 'fr');
    expect(speech.utterances.map((u) => [u.text, u.lang, u.voice?.name])).toEqual([
      ['One.', 'fr', 'Français'],
      ['Two.', 'fr', 'Français'],
    ]);
    speech.boundary();
    speech.boundary();
    expect(speaker.busy()).toBe(true);
    speech.finish();
    expect(onIdle).not.toHaveBeenCalled();
    speech.boundary();
    speech.finish();
    expect(onIdle).toHaveBeenCalledTimes(1);
    expect(speaker.busy()).toBe(false);
  });

  it('cancel silences at once, and the interrupted utterances do not count as spoken to the end', () => {
    const { speech, speaker, onIdle } = setup();
    speaker.say('One.', 'en');
    speaker.say('Two.', 'en');
    speaker.cancel();
    expect(speech.cancels).toBe(1);
    expect(speaker.busy()).toBe(false);
    expect(onIdle).not.toHaveBeenCalled();
    speaker.say('Three.', 'en');
    speech.finish();
    expect(onIdle).toHaveBeenCalledTimes(1);
  });

  it('cancel with nothing queued leaves the engine alone (one told to cancel just before it speaks can drop the speech)', () => {
    const { speech, speaker } = setup();
    speaker.cancel();
    expect(speech.cancels).toBe(0);
  });
});

/** An engine that takes every utterance and never fires an event: no end, no error, not even on cancel(). */
function silentEngine(reports: { speaking: boolean; pending: boolean } | undefined) {
  const spoken: UtteranceLike[] = [];
  let cancels = 0;
  const synthesis: SynthesisLike = {
    ...(reports && {
      get speaking() {
        return reports.speaking;
      },
      get pending() {
        return reports.pending;
      },
    }),
    speak: (utterance) => void spoken.push(utterance),
    cancel: () => void cancels++,
    getVoices: () => [],
  };
  class Utterance implements UtteranceLike {
    lang = '';
    voice = null;
    onend: (() => void) | null = null;
    onerror: (() => void) | null = null;
    constructor(readonly text: string) {}
  }
  const onIdle = vi.fn();
  const speaker = createSpeaker(synthesis, Utterance, onIdle);
  return { speaker, onIdle, spoken, cancels: () => cancels };
}

describe('synthesis that never says it ended', () => {
  beforeEach(() => void vi.useFakeTimers());
  afterEach(() => void vi.useRealTimers());

  it('cancel() is done at once, without an event from the engine', () => {
    const { speaker, onIdle, cancels } = silentEngine({ speaking: true, pending: false });
    speaker.say('Hello there.', 'en');
    speaker.cancel();
    expect(speaker.busy()).toBe(false);
    expect(cancels()).toBe(1);
    vi.advanceTimersByTime(60_000);
    expect(onIdle).not.toHaveBeenCalled();
  });

  it('an utterance dropped without an event (the engine neither speaks nor has one pending) ends after two looks', () => {
    const { speaker, onIdle } = silentEngine({ speaking: false, pending: false });
    speaker.say('Hello there.', 'en');
    vi.advanceTimersByTime(WATCH_INTERVAL);
    expect(onIdle).not.toHaveBeenCalled();
    expect(speaker.busy()).toBe(true);
    vi.advanceTimersByTime(WATCH_INTERVAL);
    expect(onIdle).toHaveBeenCalledTimes(1);
    expect(speaker.busy()).toBe(false);
    vi.advanceTimersByTime(60_000);
    expect(onIdle).toHaveBeenCalledTimes(1);
  });

  it('an engine that speaks on and on is silenced and taken as done once the text could not take longer', () => {
    const engine = { speaking: true, pending: true };
    const { speaker, onIdle, cancels } = silentEngine(engine);
    const text = 'A sentence of forty characters, or near.';
    speaker.say(text, 'en');
    speaker.say(text, 'en');
    const allowed = 2 * (DEADLINE.base + DEADLINE.perCharacter * text.length);
    vi.advanceTimersByTime(allowed - WATCH_INTERVAL);
    expect(onIdle).not.toHaveBeenCalled();
    vi.advanceTimersByTime(2 * WATCH_INTERVAL);
    expect(onIdle).toHaveBeenCalledTimes(1);
    expect(cancels()).toBe(1);
    expect(speaker.busy()).toBe(false);
  });

  it('an engine that reports nothing is timed by the deadline alone', () => {
    const { speaker, onIdle } = silentEngine(undefined);
    speaker.say('Hi.', 'en');
    vi.advanceTimersByTime(DEADLINE.base);
    expect(onIdle).not.toHaveBeenCalled();
    vi.advanceTimersByTime(DEADLINE.perCharacter * 3 + WATCH_INTERVAL);
    expect(onIdle).toHaveBeenCalledTimes(1);
  });

  it('an engine that speaks and ends as it should is never cut short by the watchdog', () => {
    const { speech, speaker, onIdle } = setup();
    speaker.say('One.', 'en');
    vi.advanceTimersByTime(5 * WATCH_INTERVAL);
    expect(speaker.busy()).toBe(true);
    expect(speech.cancels).toBe(0);
    speech.finish();
    expect(onIdle).toHaveBeenCalledTimes(1);
    vi.advanceTimersByTime(60_000);
    expect(onIdle).toHaveBeenCalledTimes(1);
  });
});
