import { afterEach, describe, expect, it, vi } from 'vitest';
import { createStore } from 'zustand/vanilla';
import { onFrames } from './frames';

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

const store = () => createStore<{ n: number }>(() => ({ n: 0 }));
const nextFrame = () => new Promise<void>((resolve) => requestAnimationFrame(() => resolve()));

describe('onFrames', () => {
  it('calls once per frame however often the store changes', async () => {
    const s = store();
    const update = vi.fn();
    onFrames(s, update);
    for (let n = 1; n <= 50; n++) s.setState({ n });
    expect(update).not.toHaveBeenCalled();
    await nextFrame();
    expect(update).toHaveBeenCalledTimes(1);
    s.setState({ n: 51 });
    s.setState({ n: 52 });
    await nextFrame();
    expect(update).toHaveBeenCalledTimes(2);
    await nextFrame();
    expect(update).toHaveBeenCalledTimes(2); // nothing changed: nothing scheduled
  });

  it('still progresses without animation frames (hidden tab, no rAF): a timeout', () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    vi.stubGlobal('requestAnimationFrame', undefined);
    const s = store();
    const update = vi.fn();
    onFrames(s, update);
    s.setState({ n: 1 });
    s.setState({ n: 2 });
    vi.advanceTimersByTime(99);
    expect(update).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(update).toHaveBeenCalledTimes(1);
  });

  it('a frame that never comes is overtaken by the timeout, and the late frame does nothing', () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    const frames: FrameRequestCallback[] = [];
    vi.stubGlobal('requestAnimationFrame', (cb: FrameRequestCallback) => frames.push(cb));
    vi.stubGlobal('cancelAnimationFrame', () => {});
    const s = store();
    const update = vi.fn();
    onFrames(s, update);
    s.setState({ n: 1 });
    vi.advanceTimersByTime(100);
    expect(update).toHaveBeenCalledTimes(1);
    frames[0]!(0); // a stale frame callback: nothing pending any more
    expect(update).toHaveBeenCalledTimes(1);
  });

  it('unsubscribing drops a pending call and clears its timer', () => {
    vi.useFakeTimers();
    const s = store();
    const update = vi.fn();
    const off = onFrames(s, update);
    s.setState({ n: 1 });
    off();
    expect(vi.getTimerCount()).toBe(0);
    vi.advanceTimersByTime(1000);
    s.setState({ n: 2 });
    vi.advanceTimersByTime(1000);
    expect(update).not.toHaveBeenCalled();
  });
});
