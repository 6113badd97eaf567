// The voice controls in the widget, through fakes of the browser's speech APIs installed on the
// test window: what shows where, dictation into the composer, voice mode and its host event, a
// streamed reply read as it grows, typing as barge-in, Escape.
import { act, cleanup, fireEvent, render, screen } from '@testing-library/preact';
import { h } from 'preact';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import type { VoiceState } from '../../contract/voice';
import { createFeatureHost } from '../../seam/feature-host';
import type { WebchatState } from '../../store/state';
import { registerLocale } from '../../strings/strings';
import { afterPaint, agent, type FakeClient, fakeClient, user } from '../../ui/test-helpers';
import { Webchat, type WebchatProps } from '../../ui/Webchat';
import { type FakeSpeech, installFakeSpeech } from '../../voice/testing/fake-speech';
import french from '../locale-files/fr';
import voiceFeature from '.';

let speech: FakeSpeech;

// French for the language change below: the locale's file, as a French page would fetch it.
beforeAll(() => registerLocale(french));
let client: FakeClient;

beforeEach(() => {
  speech = installFakeSpeech(window);
  client = fakeClient({ items: [agent('greeting', 'Hello there.')] });
});
afterEach(() => {
  cleanup();
  for (const name of ['SpeechRecognition', 'speechSynthesis', 'SpeechSynthesisUtterance', '__fakeSpeech'])
    Reflect.deleteProperty(window, name);
});

/** The voice feature for the client, as mount() starts it; its `voice` events go to onVoiceState. */
function voice(option: boolean | undefined = true, onVoiceState?: (state: VoiceState) => void) {
  return createFeatureHost(
    {
      options: { voice: option },
      client,
      emit: (type, event) => {
        if (type === 'voice' && 'state' in event) onVoiceState?.(event.state);
      },
    },
    [voiceFeature],
  );
}

async function show({
  option = true,
  onVoiceState,
  ...props
}: Partial<WebchatProps> & { option?: boolean; onVoiceState?(state: VoiceState): void } = {}) {
  render(<Webchat client={client} inline features={voice(option, onVoiceState)} {...props} />);
  await afterPaint();
}

const update = (patch: Partial<WebchatState>) =>
  act(() => {
    client.store.setState(patch);
    return new Promise<void>((resolve) => requestAnimationFrame(() => resolve()));
  });
const button = (name: string) => screen.queryByRole('button', { name });
const textbox = () => screen.getByRole('textbox', { name: 'Message' }) as HTMLTextAreaElement;

describe('voice controls', () => {
  it('are absent unless the site turns voice on', async () => {
    await show({ option: false });
    expect([button('Dictate'), button('Listen'), button('Voice mode')]).toEqual([null, null, null]);
  });

  it('follow what the browser offers', async () => {
    Reflect.deleteProperty(window, 'SpeechRecognition');
    await show();
    expect(button('Dictate')).toBeNull();
    expect(button('Voice mode')).toBeNull();
    expect(button('Listen')).not.toBeNull();
  });

  it('dictation writes into the composer after what was typed, then sends', async () => {
    await show();
    fireEvent.input(textbox(), { target: { value: 'Hi,' } });
    fireEvent.click(button('Dictate')!);
    expect(button('Dictate')!.getAttribute('aria-pressed')).toBe('true');
    await act(() => speech.sessions[0]!.hear('how are you', false));
    expect(textbox().value).toBe('Hi, how are you');
    await act(() => speech.sessions[0]!.hear('how are you today', true));
    expect(client.send).toHaveBeenCalledWith('Hi, how are you today');
    expect(textbox().value).toBe('');
  });

  it('dictation reaches the composer when voice arrives after it was drawn (the package imports features on demand)', async () => {
    const features = createFeatureHost({ options: { voice: true }, client, emit: () => {} });
    render(<Webchat client={client} inline features={features} />);
    await afterPaint();
    expect(button('Dictate')).toBeNull();
    await act(() => features.add([voiceFeature]));
    await afterPaint();
    fireEvent.click(button('Dictate')!);
    await act(() => speech.sessions[0]!.hear('hello there', true));
    expect(client.send).toHaveBeenCalledWith('hello there');
  });

  it('voice mode reads the new reply as it streams, raises voice events, and typing interrupts', async () => {
    const states: VoiceState[] = [];
    await show({ onVoiceState: (state) => states.push(state) });
    fireEvent.click(button('Voice mode')!);
    expect(button('Voice mode')!.getAttribute('aria-pressed')).toBe('true');
    expect(document.querySelector('[data-voice]')?.textContent).toBe('Listening…');
    await act(() => speech.sessions[0]!.hear('tell me', true));
    expect(client.send).toHaveBeenCalledWith('tell me');
    const greeting = agent('greeting', 'Hello there.');
    await update({ items: [greeting, user('u1', 'tell me'), agent('r1', 'One. Tw', { streaming: true })] });
    expect(speech.utterances.map((u) => u.text)).toEqual(['One.']);
    expect(document.querySelector('[data-voice]')?.textContent).toBe('Agent speaking…');
    fireEvent.input(textbox(), { target: { value: 'w' } });
    expect(speech.cancels).toBeGreaterThan(0);
    await update({ items: [greeting, user('u1', 'tell me'), agent('r1', 'One. Two. Three.')] });
    expect(speech.utterances.map((u) => u.text)).toEqual(['One.']);
    expect(states).toEqual(['listening', 'sending', 'speaking', 'paused']);
  });

  it('Listen reads a message; Escape stops it and leaves the panel open', async () => {
    const onOpenChange = vi.fn();
    render(<Webchat client={client} initiallyOpen features={voice()} onOpenChange={onOpenChange} />);
    await afterPaint();
    fireEvent.click(button('Listen')!);
    expect(speech.utterances.map((u) => u.text)).toEqual(['Hello there.']);
    expect(button('Listen')!.getAttribute('aria-pressed')).toBe('true');
    fireEvent.keyDown(screen.getByRole('dialog'), { key: 'Escape' });
    expect(onOpenChange).not.toHaveBeenCalled();
    expect(button('Listen')!.getAttribute('aria-pressed')).toBe('false');
    fireEvent.keyDown(screen.getByRole('dialog'), { key: 'Escape' });
    expect(onOpenChange).toHaveBeenCalledWith(false);
  });

  it('recognition follows a language change from the agent', async () => {
    await show();
    await update({ language: 'fr-CA' });
    fireEvent.click(button('Dicter')!);
    expect(speech.sessions[0]!.lang).toBe('fr-CA');
  });
});
