import { describe, expect, it, vi } from 'vitest';
import { createSpeaker, findSynthesis, pickVoice } from './synthesis';
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
});
