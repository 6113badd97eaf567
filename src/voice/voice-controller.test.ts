import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { VoiceSettings, VoiceState } from '../contract/voice';
import { findRecognition } from './recognition';
import { completeSentences } from './sentences';
import { DEADLINE, findSynthesis, WATCH_INTERVAL } from './synthesis';
import { type FakeSpeechOptions, installFakeSpeech } from './testing/fake-speech';
import { type SpokenItem, VoiceController } from './voice-controller';

const ALL: VoiceSettings = { input: true, output: true, mode: true, send: true, onDevice: false };

/** A reader of plain sentences (the Markdown one has its own tests). */
const sentenceReader = () => {
  let read = 0;
  return (text: string, complete: boolean) => {
    const rest = text.slice(read);
    const { sentences, length } = completeSentences(complete ? `${rest}\n` : rest);
    read += length;
    return sentences;
  };
};

function setup(settings: Partial<VoiceSettings> = {}, fakes: FakeSpeechOptions = {}) {
  const scope = {};
  const speech = installFakeSpeech(scope, fakes);
  const states: VoiceState[] = [];
  const voice = new VoiceController({
    settings: { ...ALL, ...settings },
    lang: 'en-US',
    recognition: findRecognition(scope),
    synthesis: findSynthesis(scope),
    reader: sentenceReader,
    onChange: (view) => {
      if (view.state !== states.at(-1)) states.push(view.state);
    },
  });
  const words = vi.fn<(text: string, final: boolean, send: boolean) => void>();
  voice.words = words;
  const session = () => speech.sessions.at(-1)!;
  const spoken = () => speech.utterances.map((u) => u.text);
  return { speech, voice, words, states, session, spoken };
}

const agent = (key: string, text: string, streaming = false): SpokenItem => ({ key, kind: 'agent', text, streaming });
const user = (key: string, text: string): SpokenItem => ({ key, kind: 'user', text });

describe('what the browser offers', () => {
  it('offers dictation and voice mode only with recognition, read-aloud only with synthesis', () => {
    expect(setup().voice.view).toMatchObject({ canDictate: true, canListen: true, canUseMode: true });
    expect(setup({}, { recognition: false }).voice.view).toMatchObject({ canDictate: false, canListen: true, canUseMode: false });
    expect(setup({}, { synthesis: false }).voice.view).toMatchObject({ canDictate: true, canListen: false, canUseMode: false });
    expect(setup({ mode: false, output: false }).voice.view).toMatchObject({ canDictate: true, canListen: false, canUseMode: false });
  });

  it('with on-device required, shows the microphone only once the browser says it recognises on the device', async () => {
    const { voice, speech } = setup({ onDevice: true });
    await Promise.resolve();
    expect(voice.view.canDictate).toBe(false);
    speech.onDevice = 'available';
    voice.setLang('fr-FR');
    await vi.waitFor(() => expect(voice.view.canDictate).toBe(true));
    voice.dictate();
    expect(speech.sessions[0]).toMatchObject({ lang: 'fr-FR', processLocally: true });
  });
});

describe('dictation', () => {
  it('puts interim words into the composer and sends the final result', () => {
    const { voice, words, session } = setup();
    voice.dictate();
    expect(voice.view.listening).toBe(true);
    session().hear('hello', false);
    session().hear('hello world', true);
    session().end();
    expect(words.mock.calls).toEqual([
      ['hello', false, false],
      ['hello world', true, true],
    ]);
    expect(voice.view).toMatchObject({ listening: false, state: 'off' });
  });

  it('leaves the final result in the composer when the site asks for it', () => {
    const { voice, words, session } = setup({ send: false });
    voice.dictate();
    session().hear('edit me', true);
    expect(words).toHaveBeenLastCalledWith('edit me', true, false);
  });

  it('the button pressed again stops listening', () => {
    const { voice, session } = setup();
    voice.dictate();
    voice.dictate();
    expect(session().ended).toBe(true);
    expect(voice.view.listening).toBe(false);
  });

  it('follows the widget language, restarting a session under way in the new one', () => {
    const { voice, speech } = setup();
    voice.dictate();
    voice.setLang('ar');
    expect(speech.sessions.map((s) => [s.lang, s.ended])).toEqual([
      ['en-US', true],
      ['ar', false],
    ]);
    voice.listen(agent('a1', 'مرحبا'));
    expect(speech.utterances[0]).toMatchObject({ lang: 'ar', voice: { name: 'العربية' } });
  });

  it.each([
    ['not-allowed', 'denied'],
    ['audio-capture', 'no-mic'],
    ['network', 'service'],
    ['no-speech', 'no-speech'],
  ])('a %s error becomes the %s notice, and the words heard stay', (browserError, notice) => {
    const { voice, words, session } = setup();
    voice.dictate();
    session().hear('half a sent', false);
    session().fail(browserError);
    expect(voice.view).toMatchObject({ notice, listening: false, state: 'off' });
    expect(words).toHaveBeenCalledTimes(1);
    voice.dictate();
    expect(voice.view.notice).toBeUndefined();
  });
});

describe('read-aloud', () => {
  it('reads a message, says which one, and is done at the end', () => {
    const { voice, speech, spoken } = setup();
    voice.listen(agent('a1', 'One. Two.'));
    expect(spoken()).toEqual(['One.', 'Two.']);
    expect(voice.view.reading).toBe('a1');
    speech.finish();
    speech.finish();
    expect(voice.view.reading).toBeUndefined();
  });

  it('pressed again, or Escape, stops at once', () => {
    const { voice, speech } = setup();
    voice.listen(agent('a1', 'One. Two.'));
    voice.listen(agent('a1', 'One. Two.'));
    expect(speech.cancels).toBeGreaterThan(0);
    expect(voice.view.reading).toBeUndefined();
    voice.listen(agent('a1', 'One. Two.'));
    expect(voice.stopSpeech()).toBe(true);
    expect(voice.view.reading).toBeUndefined();
    expect(voice.stopSpeech()).toBe(false);
  });
});

describe('read-aloud on an engine that never fires an event (no end, no error, nothing on cancel)', () => {
  beforeEach(() => void vi.useFakeTimers());
  afterEach(() => void vi.useRealTimers());

  /** Takes each utterance and drops it silently, as Firefox can for one spoken right after cancel(). */
  function mute(speaking: boolean) {
    class Utterance {
      lang = '';
      voice = null;
      onend = null;
      onerror = null;
      constructor(readonly text: string) {}
    }
    const voice = new VoiceController({
      settings: { ...ALL, input: false },
      lang: 'en-US',
      recognition: undefined,
      synthesis: {
        synthesis: { speaking, pending: false, speak: () => undefined, cancel: () => undefined, getVoices: () => [] },
        Utterance,
      },
      reader: sentenceReader,
      onChange: () => undefined,
    });
    return voice;
  }

  it('"Listen" pressed again is released at once', () => {
    const voice = mute(true);
    voice.listen(agent('a1', 'One. Two.'));
    expect(voice.view.reading).toBe('a1');
    voice.listen(agent('a1', 'One. Two.'));
    expect(voice.view.reading).toBeUndefined();
  });

  it('"Listen" is released by itself once the engine neither speaks nor has anything pending', () => {
    const voice = mute(false);
    voice.listen(agent('a1', 'One. Two.'));
    expect(voice.view.reading).toBe('a1');
    vi.advanceTimersByTime(2 * WATCH_INTERVAL);
    expect(voice.view.reading).toBeUndefined();
    // Pressed again afterwards, it reads again: not taken for "stop".
    voice.listen(agent('a1', 'One. Two.'));
    expect(voice.view.reading).toBe('a1');
  });

  it('"Listen" is released by itself when an engine claims to speak for longer than the text could take', () => {
    const voice = mute(true);
    voice.listen(agent('a1', 'One. Two.'));
    vi.advanceTimersByTime(3 * DEADLINE.base);
    expect(voice.view.reading).toBeUndefined();
  });
});

describe('voice mode', () => {
  /** Voice mode on, the visitor's question sent: waiting for the reply. */
  function asked() {
    const setupResult = setup();
    const { voice, session } = setupResult;
    voice.follow([agent('greeting', 'Hello, I am the agent.')]);
    voice.toggleMode();
    session().hear('what is new', true);
    voice.sent();
    return setupResult;
  }

  it('does not read the messages already there when it starts; listens at once', () => {
    const { voice, spoken, states, speech } = setup();
    voice.follow([agent('greeting', 'Hello.')]);
    voice.toggleMode();
    voice.follow([agent('greeting', 'Hello.'), user('u1', 'hi')]);
    expect(spoken()).toEqual([]);
    expect(states).toEqual(['off', 'listening']);
    expect(speech.sessions).toHaveLength(1);
  });

  it('sends the words heard, reads a streamed reply sentence by sentence, then listens again', () => {
    const { voice, words, speech, states, spoken } = asked();
    expect(words).toHaveBeenLastCalledWith('what is new', true, true);
    const question = user('u1', 'what is new');
    const greeting = agent('greeting', 'Hello, I am the agent.');
    voice.follow([greeting, question, agent('r1', 'First sentence. Sec', true)]);
    expect(spoken()).toEqual(['First sentence.']);
    speech.finish();
    // The first sentence is spoken, the reply still streams: the agent still has the turn.
    expect(voice.view.state).toBe('speaking');
    voice.follow([greeting, question, agent('r1', 'First sentence. Second one. Third', true)]);
    voice.follow([greeting, question, agent('r1', 'First sentence. Second one. Third and last.')]);
    expect(spoken()).toEqual(['First sentence.', 'Second one.', 'Third and last.']);
    speech.finish();
    expect(voice.view.state).toBe('speaking');
    speech.finish();
    expect(states).toEqual(['off', 'listening', 'sending', 'speaking', 'listening']);
    expect(voice.view.listening).toBe(true);
  });

  it('the visitor speaking while the agent speaks silences it at once (barge-in) and reads no further', () => {
    const { voice, speech, session, words, spoken } = asked();
    const items = [user('u1', 'what is new'), agent('r1', 'One. Two. Thr', true)];
    voice.follow(items);
    // The microphone stays open while the agent speaks.
    expect(voice.view).toMatchObject({ state: 'speaking', listening: true });
    const cancels = speech.cancels;
    session().hear('stop', false);
    expect(speech.cancels).toBe(cancels + 1);
    expect(voice.view.state).toBe('listening');
    expect(words).toHaveBeenLastCalledWith('stop', false, false);
    voice.follow([...items.slice(0, 1), agent('r1', 'One. Two. Three. Four.')]);
    expect(spoken()).toEqual(['One.', 'Two.']);
  });

  it("does not take its own words, heard back through loudspeakers, for the visitor's", () => {
    const { voice, speech, session, words } = asked();
    voice.follow([agent('r1', 'Your order ships today. Anything else?')]);
    const cancels = speech.cancels;
    session().hear('Ships today', false);
    expect(speech.cancels).toBe(cancels);
    expect(voice.view.state).toBe('speaking');
    session().hear('ships today wait', false);
    expect(speech.cancels).toBe(cancels + 1);
    expect(words).toHaveBeenLastCalledWith('ships today wait', false, false);
  });

  it('typing silences the agent and pauses the microphone until the message is sent', () => {
    const { voice, speech, spoken } = asked();
    voice.follow([agent('r1', 'One. Two.')]);
    voice.pause();
    expect(speech.cancels).toBeGreaterThan(0);
    expect(voice.view).toMatchObject({ state: 'paused', listening: false });
    voice.follow([agent('r1', 'One. Two.'), agent('r2', 'Another message.')]);
    expect(spoken()).toEqual(['One.', 'Two.']);
    voice.sent();
    expect(voice.view.state).toBe('sending');
    voice.follow([agent('r1', 'One. Two.'), agent('r2', 'Another message.'), user('u2', 'typed'), agent('r3', 'Typed answer.')]);
    expect(spoken().at(-1)).toBe('Typed answer.');
  });

  it('Dictate while the agent speaks silences it and keeps the open microphone session', () => {
    const { voice, speech } = asked();
    voice.follow([agent('r1', 'One. Two.')]);
    const sessions = speech.sessions.length;
    voice.dictate();
    expect(voice.view).toMatchObject({ state: 'listening', listening: true });
    expect(speech.sessions).toHaveLength(sessions);
    expect(speech.sessions.at(-1)!.ended).toBe(false);
  });

  it('typing while the reply is awaited keeps the reply from being read over it', () => {
    const { voice, spoken } = asked();
    expect(voice.view.state).toBe('sending');
    voice.pause();
    voice.follow([agent('r1', 'One. Two.')]);
    expect(voice.view.state).toBe('paused');
    expect(spoken()).toEqual([]);
  });

  it('keeps listening for a barge-in across the recognition sessions a long reply outlasts', () => {
    const { voice, speech, session } = asked();
    voice.follow([agent('r1', 'A long sentence. More', true)]);
    const before = speech.sessions.length;
    session().fail('no-speech');
    expect(speech.sessions).toHaveLength(before + 1);
    expect(voice.view).toMatchObject({ state: 'speaking', notice: undefined });
  });

  it('silence after the agent spoke pauses voice mode with a notice; Dictate resumes it', () => {
    const { voice, speech, session } = asked();
    voice.follow([agent('r1', 'Done.')]);
    speech.finish();
    expect(voice.view.state).toBe('listening');
    session().fail('no-speech');
    expect(voice.view).toMatchObject({ state: 'paused', notice: 'no-speech', listening: false });
    voice.dictate();
    expect(voice.view).toMatchObject({ state: 'listening', listening: true, notice: undefined });
  });

  it('a blocked microphone turns voice mode off with a notice', async () => {
    const { voice, speech, states } = setup();
    speech.failNext = 'not-allowed';
    voice.toggleMode();
    await vi.waitFor(() => expect(voice.view).toMatchObject({ state: 'off', notice: 'denied', listening: false }));
    expect(states).toEqual(['off', 'listening', 'off']);
  });

  it('a reply with nothing to read gives the turn back', () => {
    const { voice, states } = asked();
    voice.follow([agent('r1', '')]);
    expect(states.at(-1)).toBe('listening');
  });

  it('Escape silences the agent and pauses; off stops everything', () => {
    const { voice, session } = asked();
    voice.follow([agent('r1', 'One. Two.')]);
    expect(voice.stopSpeech()).toBe(true);
    expect(voice.view).toMatchObject({ state: 'paused', listening: false });
    voice.dictate();
    voice.toggleMode();
    expect(voice.view).toMatchObject({ state: 'off', listening: false });
    expect(session().ended).toBe(true);
  });
});
