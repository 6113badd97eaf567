import { act, fireEvent, within } from '@testing-library/preact';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { WebchatClient } from '../contract/client';
import { type MountWidgetOptions, mountWidget, type WidgetHandle } from '../mount';
import { css } from './styles';
import { afterPaint, agent, fakeClient } from './test-helpers';

/** Mounts inside act() so first-render effects (connect, focus) have run. */
function mount(client: WebchatClient, opts?: MountWidgetOptions): WidgetHandle {
  let w!: WidgetHandle;
  act(() => {
    w = mountWidget(client, opts);
  });
  return w;
}

afterEach(() => {
  document.body.innerHTML = '';
});

/** The widget's host element (one widget at a time here), wherever it was mounted. */
const host = () => document.querySelector<HTMLElement>('[data-agent-webchat]')!;
/** The panel is shown: built and not hidden. */
function panelShown(): boolean {
  const dialog = host().shadowRoot!.querySelector<HTMLElement>('[role=dialog]');
  return !!dialog && !dialog.hidden;
}

function styled(root: ShadowRoot): boolean {
  const adopted = root.adoptedStyleSheets?.length > 0;
  const tag = [...root.querySelectorAll('style')].some((s) => s.textContent === css);
  return adopted || tag;
}

describe('mountWidget', () => {
  it('creates one host with an open shadow root holding the styled widget', () => {
    const client = fakeClient();
    const w = mountWidget(client, { title: 'Support' });
    const hosts = document.querySelectorAll('[data-agent-webchat]');
    expect(hosts).toHaveLength(1);
    expect(hosts[0]!.parentElement).toBe(document.body);
    const root = host().shadowRoot!;
    expect(root).toBeTruthy();
    expect(root.mode).toBe('open');
    expect(styled(root)).toBe(true);
    expect(within(root as unknown as HTMLElement).getByRole('button', { name: 'Open chat' })).toBeTruthy();
    w.destroy();
  });

  it('open/close/toggle drive the panel and report changes', async () => {
    const client = fakeClient();
    const onOpenChange = vi.fn();
    const w = mountWidget(client, { onOpenChange });
    const root = host().shadowRoot!;
    const dialog = () => root.querySelector('[role=dialog]') as HTMLElement;
    expect(panelShown()).toBe(false);
    expect(dialog()).toBeNull(); // not built before the first open
    act(() => w.open());
    expect(panelShown()).toBe(true);
    expect(dialog().hidden).toBe(false);
    await afterPaint();
    expect(client.connect).toHaveBeenCalledTimes(1);
    expect(onOpenChange).toHaveBeenLastCalledWith(true);
    act(() => w.open()); // no change, no event
    expect(onOpenChange).toHaveBeenCalledTimes(1);
    act(() => w.toggle());
    expect(panelShown()).toBe(false);
    expect(onOpenChange).toHaveBeenLastCalledWith(false);
    // the UI reports through the same path
    act(() => {
      fireEvent.click(root.querySelector('button[aria-expanded]')!);
    });
    expect(panelShown()).toBe(true);
    expect(onOpenChange).toHaveBeenCalledTimes(3);
    act(() => w.close());
    expect(dialog().hidden).toBe(true);
    w.destroy();
  });

  it('starts open with open: true', async () => {
    const client = fakeClient();
    const w = mount(client, { open: true });
    expect(panelShown()).toBe(true);
    await afterPaint();
    expect(client.connect).toHaveBeenCalledTimes(1);
    expect((host().shadowRoot!.querySelector('[role=dialog]') as HTMLElement).hidden).toBe(false);
    w.destroy();
  });

  it('mounts under a page whose language is "constructor"', () => {
    document.documentElement.lang = 'constructor';
    try {
      const w = mount(fakeClient(), { open: true });
      const root = host().shadowRoot!;
      expect(within(root as unknown as HTMLElement).getByRole('button', { name: 'Send' })).toBeTruthy();
      expect(root.querySelector('[lang]')?.getAttribute('lang')).toBe('en');
      w.destroy();
    } finally {
      document.documentElement.lang = '';
    }
  });

  it('passes the markdown option to the widget', () => {
    const box = document.createElement('section');
    document.body.appendChild(box);
    const items = [agent('a1', 'a **b**')];
    const formatted = mountWidget(fakeClient({ items }), { container: box });
    expect(host().shadowRoot!.querySelector('[data-author=agent] strong')!.textContent).toBe('b');
    formatted.destroy();
    const plain = mountWidget(fakeClient({ items }), { container: box, markdown: false });
    expect(host().shadowRoot!.querySelector('[data-author=agent] [data-part=body]')!.textContent).toBe('a **b**');
    plain.destroy();
    box.remove();
  });

  it('inline mode renders into the container without launcher', () => {
    const box = document.createElement('section');
    document.body.appendChild(box);
    const w = mountWidget(fakeClient(), { container: box });
    expect(host().parentElement).toBe(box);
    const root = host().shadowRoot!;
    expect(root.querySelector('[aria-expanded][aria-controls]')).toBeNull();
    expect(root.querySelector('[role=dialog]')).toBeTruthy();
    expect(panelShown()).toBe(true);
    w.close();
    expect(panelShown()).toBe(true);
    w.destroy();
    expect(box.children).toHaveLength(0);
  });

  it('destroy() unmounts, unsubscribes and removes the host (idempotent)', () => {
    const client = fakeClient();
    let active = 0;
    const subscribe = client.store.subscribe;
    client.store.subscribe = (fn) => {
      active++;
      const off = subscribe(fn);
      return () => {
        active--;
        off();
      };
    };
    const w = mount(client, { open: true });
    expect(active).toBeGreaterThan(0);
    const root = host().shadowRoot!;
    w.destroy();
    expect(active).toBe(0);
    expect(document.querySelector('[data-agent-webchat]')).toBeNull();
    expect(root.childNodes.length).toBe(0);
    expect(() => w.destroy()).not.toThrow();
    expect(() => w.open()).not.toThrow();
    expect(root.childNodes.length).toBe(0);
  });

  it('falls back to a <style> element without adoptedStyleSheets', () => {
    const desc = Object.getOwnPropertyDescriptor(ShadowRoot.prototype, 'adoptedStyleSheets');
    // @ts-expect-error simulate an old browser
    delete ShadowRoot.prototype.adoptedStyleSheets;
    try {
      const w = mountWidget(fakeClient(), { open: true });
      const root = host().shadowRoot!;
      const style = root.querySelector('style');
      expect(style?.textContent).toBe(css);
      expect(root.querySelector('[role=dialog]')).toBeTruthy();
      act(() => w.close());
      expect(root.querySelector('style')).toBe(style); // survives re-renders
      w.destroy();
    } finally {
      if (desc) Object.defineProperty(ShadowRoot.prototype, 'adoptedStyleSheets', desc);
    }
  });
});

describe('mountWidget onto an element of the page (<agent-webchat>)', () => {
  it('renders into its shadow root, takes new display options at once, and leaves the element when destroyed', () => {
    const element = document.createElement('agent-webchat');
    element.attachShadow({ mode: 'open' });
    document.body.append(element);
    const client = fakeClient();
    const w = mount(client, { title: 'First', container: element, placement: { host: element, prepareAtOnce: false } });
    const dialog = () => element.shadowRoot?.querySelector('[role=dialog]');
    expect(dialog()?.getAttribute('aria-label') ?? dialog()?.textContent).toContain('First');
    act(() => w.update({ title: 'Second', theme: { accent: '#0b6e4f' } }));
    expect(dialog()?.getAttribute('aria-label') ?? dialog()?.textContent).toContain('Second');
    expect(element.shadowRoot?.querySelector<HTMLElement>('.widget')?.style.getPropertyValue('--aw-accent')).toBe('#0b6e4f');
    act(() => w.destroy());
    expect(element.isConnected).toBe(true);
    expect(element.shadowRoot?.querySelector('[role=dialog]')).toBeNull();
  });
});
