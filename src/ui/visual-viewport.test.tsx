// Phones: the open floating panel follows the visual viewport (above the on-screen keyboard).

import { act, cleanup, fireEvent, render, screen } from '@testing-library/preact';
import { h } from 'preact';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeClient } from './test-helpers';
import { Webchat } from './Webchat';

class FakeVisualViewport extends EventTarget {
  height = 500;
  offsetTop = 0;
}
let viewport: FakeVisualViewport;

beforeEach(() => {
  viewport = new FakeVisualViewport();
  vi.stubGlobal('visualViewport', viewport);
  vi.stubGlobal('innerWidth', 400);
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const panel = () => screen.getByRole('dialog', { hidden: true });

describe('fit to the visual viewport', () => {
  it('sizes the open panel on a phone and follows the keyboard; closed, it lets go', () => {
    render(h(Webchat, { client: fakeClient() }));
    fireEvent.click(screen.getByRole('button', { name: 'Open chat' }));
    expect(panel().style.height).toBe('500px');
    act(() => {
      viewport.height = 260;
      viewport.offsetTop = 40;
      viewport.dispatchEvent(new Event('resize'));
    });
    expect(panel().style.height).toBe('260px');
    expect(panel().style.top).toBe('40px');
    fireEvent.click(screen.getByRole('button', { name: 'Open chat' }));
    expect(panel().style.height).toBe('');
    viewport.dispatchEvent(new Event('scroll'));
    expect(panel().style.top).toBe('');
  });

  it('leaves wider screens and the inline panel to the stylesheet', () => {
    render(h(Webchat, { client: fakeClient(), inline: true }));
    viewport.dispatchEvent(new Event('resize'));
    expect(panel().style.height).toBe('');
    cleanup();
    vi.stubGlobal('innerWidth', 1024);
    render(h(Webchat, { client: fakeClient(), initiallyOpen: true }));
    viewport.dispatchEvent(new Event('resize'));
    expect(panel().style.height).toBe('');
  });
});
