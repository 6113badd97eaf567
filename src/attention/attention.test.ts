// @vitest-environment happy-dom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createEmitter } from '../client/emitter';
import type { WebchatEventMap } from '../contract/client';
import { createWebchatStore } from '../store/create-store';
import { agentMessage } from '../store/testing/events';
import { attend, TONE_SETTLE_MS } from './attend';
import { createTitleCounter } from './title-counter';
import { createTone, TONE_INTERVAL_MS, type ToneEnvironment } from './tone';
import { signalUnread } from './unread-signals';

afterEach(() => {
  document.title = '';
});

describe('title counter', () => {
  it('puts (N) before the title and restores it exactly, also after the page changed it', async () => {
    document.title = 'Delivery — Shop';
    const counter = createTitleCounter();
    counter.set(1);
    expect(document.title).toBe('(1) Delivery — Shop');
    counter.set(2);
    expect(document.title).toBe('(2) Delivery — Shop');
    document.title = 'Returns — Shop';
    await new Promise((resolve) => setTimeout(resolve));
    expect(document.title).toBe('(2) Returns — Shop');
    counter.set(0);
    expect(document.title).toBe('Returns — Shop');
    counter.set(0);
    expect(document.title).toBe('Returns — Shop');
    counter.stop();
  });

  it('leaves a title of the page’s own that looks like a counter alone', () => {
    document.title = '(3) Inbox';
    const counter = createTitleCounter();
    counter.set(0);
    expect(document.title).toBe('(3) Inbox');
    counter.set(1);
    expect(document.title).toBe('(1) (3) Inbox');
    counter.stop();
    expect(document.title).toBe('(3) Inbox');
  });
});

function fakeAudio() {
  const played: number[] = [];
  class Context {
    currentTime = 0;
    state = 'running';
    destination = {} as AudioNode;
    resume = () => Promise.resolve();
    createGain() {
      const param = { setValueAtTime: vi.fn(), exponentialRampToValueAtTime: vi.fn() };
      return { gain: param, connect: (node: unknown) => node } as unknown as GainNode;
    }
    createOscillator() {
      return {
        type: 'sine',
        frequency: { setValueAtTime: vi.fn() },
        connect: (node: unknown) => node,
        start: () => played.push(1),
        stop: vi.fn(),
      } as unknown as OscillatorNode;
    }
  }
  return { Context, played };
}

describe('tone', () => {
  it('plays only after an interaction, at most once per interval', () => {
    const { Context, played } = fakeAudio();
    let now = 0;
    let active = false;
    const environment: ToneEnvironment = { AudioContext: Context, hasBeenActive: () => active, now: () => now };
    const tone = createTone(environment);
    tone.play();
    expect(played).toHaveLength(0);
    active = true;
    tone.play();
    tone.play();
    expect(played).toHaveLength(1);
    now += TONE_INTERVAL_MS;
    tone.play();
    expect(played).toHaveLength(2);
    tone.close();
  });
});

describe('unread signals and attention', () => {
  it('emit every change of the count shown; title and tone follow the widget’s events while closed', () => {
    vi.useFakeTimers();
    document.title = 'Shop';
    const { store, dispatch } = createWebchatStore();
    let open = false;
    const emitted: number[] = [];
    const widget = createEmitter<WebchatEventMap>();
    const tone = { play: vi.fn(), close: vi.fn() };
    const stopAttention = attend(widget, ['title', 'sound'], false, tone);
    const signals = signalUnread({
      store,
      isOpen: () => open,
      emit: (count) => {
        emitted.push(count);
        widget.emit('unread', { count });
      },
    });
    dispatch({ type: 'server-events', events: [agentMessage(1, 'm1', 'hi')] });
    widget.emit('message', { id: 'm1', author: 'agent', text: 'hi' });
    expect(emitted).toEqual([1]);
    expect(document.title).toBe('(1) Shop');
    vi.advanceTimersByTime(TONE_SETTLE_MS);
    expect(tone.play).toHaveBeenCalledTimes(1);
    widget.emit('message', { id: 'c1', author: 'user', text: 'mine' });
    vi.advanceTimersByTime(TONE_SETTLE_MS);
    expect(tone.play).toHaveBeenCalledTimes(1);
    dispatch({ type: 'server-events', events: [agentMessage(2, 'm2', 'again')] });
    expect(emitted).toEqual([1, 2]);
    open = true;
    widget.emit('open', {});
    signals.update();
    expect(emitted).toEqual([1, 2, 0]);
    expect(document.title).toBe('Shop');
    dispatch({ type: 'unread', count: 0 });
    dispatch({ type: 'server-events', events: [agentMessage(3, 'm3', 'seen')] });
    widget.emit('message', { id: 'm3', author: 'agent', text: 'seen' });
    expect(emitted).toEqual([1, 2, 0]);
    vi.advanceTimersByTime(TONE_SETTLE_MS);
    expect(tone.play).toHaveBeenCalledTimes(1);
    // Read in another tab right after it came: no tone here either.
    widget.emit('close', {});
    widget.emit('unread', { count: 1 });
    widget.emit('message', { id: 'm4', author: 'agent', text: 'read elsewhere' });
    widget.emit('unread', { count: 0 });
    vi.advanceTimersByTime(TONE_SETTLE_MS);
    expect(tone.play).toHaveBeenCalledTimes(1);
    signals.stop();
    stopAttention();
    expect(tone.close).toHaveBeenCalled();
    vi.useRealTimers();
  });
});
