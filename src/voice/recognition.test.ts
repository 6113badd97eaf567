import { describe, expect, it, vi } from 'vitest';
import { createRecognizer, findRecognition, recognitionOnDevice, type SpeechRecognitionConstructor } from './recognition';
import { installFakeSpeech } from './testing/fake-speech';

function setup(options: { onDevice?: boolean; prefixed?: boolean } = {}) {
  const scope = {};
  const speech = installFakeSpeech(scope, { prefixed: options.prefixed });
  const Recognition = findRecognition(scope) as SpeechRecognitionConstructor;
  const recognizer = createRecognizer(Recognition, options.onDevice);
  const handlers = { onWords: vi.fn(), onError: vi.fn(), onEnd: vi.fn() };
  return { speech, Recognition, recognizer, handlers };
}

describe('recognition adapter', () => {
  it('finds the prefixed constructor too, and nothing where there is none', () => {
    expect(findRecognition({})).toBeUndefined();
    expect(setup({ prefixed: true }).Recognition).toBeTypeOf('function');
  });

  it('gives interim then final words, in the language asked for', () => {
    const { speech, recognizer, handlers } = setup();
    recognizer.start('fr-FR', handlers);
    const session = speech.sessions[0]!;
    expect(session.lang).toBe('fr-FR');
    session.hear('bonjour', false);
    session.hear('bonjour à tous', true);
    session.end();
    expect(handlers.onWords.mock.calls).toEqual([
      ['bonjour', false],
      ['bonjour à tous', true],
    ]);
    expect(handlers.onEnd).toHaveBeenCalledTimes(1);
  });

  it.each([
    ['not-allowed', 'denied'],
    ['service-not-allowed', 'denied'],
    ['audio-capture', 'no-mic'],
    ['no-speech', 'no-speech'],
    ['network', 'service'],
    ['language-not-supported', 'service'],
  ])('words the browser error %s as %s', (browserError, error) => {
    const { speech, recognizer, handlers } = setup();
    recognizer.start('en', handlers);
    speech.sessions[0]!.fail(browserError);
    expect(handlers.onError).toHaveBeenCalledWith(error);
    expect(handlers.onEnd).toHaveBeenCalledTimes(1);
  });

  it('hears nothing more from a session it aborted', () => {
    const { speech, recognizer, handlers } = setup();
    recognizer.start('en', handlers);
    const session = speech.sessions[0]!;
    recognizer.abort();
    session.hear('late words', true);
    expect(handlers.onWords).not.toHaveBeenCalled();
    expect(handlers.onError).not.toHaveBeenCalled();
    expect(handlers.onEnd).not.toHaveBeenCalled();
  });

  it('asks for on-device recognition when required, and trusts only an "available" answer', async () => {
    const { speech, Recognition, recognizer, handlers } = setup({ onDevice: true });
    recognizer.start('en', handlers);
    expect(speech.sessions[0]!.processLocally).toBe(true);
    expect(await recognitionOnDevice(Recognition, 'en')).toBe(false);
    speech.onDevice = 'downloadable';
    expect(await recognitionOnDevice(Recognition, 'en')).toBe(false);
    speech.onDevice = 'available';
    expect(await recognitionOnDevice(Recognition, 'en')).toBe(true);
    expect(await recognitionOnDevice(class {} as unknown as SpeechRecognitionConstructor, 'en')).toBe(false);
  });
});
