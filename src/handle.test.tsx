import { afterEach, describe, expect, it, vi } from 'vitest';
import { mount } from './package';

const OPTIONS = { messagingUrl: 'https://messaging.example.com', connectorToken: 'connector' };
const tick = () => new Promise<void>((resolve) => queueMicrotask(resolve));

afterEach(() => {
  document.body.innerHTML = '';
});

describe('mount() handle', () => {
  it('says ready once; a late listener hears it alone, unless it unsubscribes first', async () => {
    // Floating and closed: nothing connects, so no transport is needed.
    const handle = mount(OPTIONS);
    const early = vi.fn();
    handle.on('ready', early);
    await tick();
    expect(early).toHaveBeenCalledTimes(1);

    const late = vi.fn();
    handle.on('ready', late);
    const gone = vi.fn();
    handle.on('ready', gone)();
    await tick();
    expect(late).toHaveBeenCalledTimes(1);
    expect(gone).not.toHaveBeenCalled();
    expect(early).toHaveBeenCalledTimes(1);
    handle.destroy();
  });

  it('destroy() removes the host and silences every listener; twice is harmless', async () => {
    const handle = mount(OPTIONS);
    const opened = vi.fn();
    handle.on('open', opened);
    expect(document.querySelectorAll('[data-agent-webchat]')).toHaveLength(1);
    handle.destroy();
    handle.destroy();
    expect(document.querySelector('[data-agent-webchat]')).toBeNull();
    handle.open();
    const ready = vi.fn();
    handle.on('ready', ready);
    await tick();
    expect(opened).not.toHaveBeenCalled();
    expect(ready).not.toHaveBeenCalled();
  });

  it('mounts on a page whose <html lang> is "constructor" (a name on Object.prototype)', () => {
    document.documentElement.lang = 'constructor';
    try {
      const handle = mount(OPTIONS);
      const root = document.querySelector('[data-agent-webchat]')!.shadowRoot!;
      expect(root.querySelector('button[aria-expanded]')?.getAttribute('aria-label')).toBe('Open chat');
      handle.destroy();
    } finally {
      document.documentElement.lang = '';
    }
  });
});

describe('mount(): the teaser and the unread event', () => {
  afterEach(() => sessionStorage.clear());

  it('shows the option’s teaser beside the closed launcher, opens the panel from it, and tease() shows one again', async () => {
    const handle = mount({ ...OPTIONS, teaser: 'Questions about delivery?', theme: { mode: 'dark' }, locale: 'ar' });
    const root = document.querySelector('[data-agent-webchat]')!.shadowRoot!;
    await vi.waitFor(() => expect(root.querySelector('[data-teaser]')).not.toBeNull());
    const teaserRoot = root.querySelector('.teaser-root') as HTMLElement;
    expect([teaserRoot.dir, teaserRoot.lang, teaserRoot.dataset['theme']]).toEqual(['rtl', 'ar', 'dark']);
    expect(root.querySelector('.teaser-dismiss')?.getAttribute('aria-label')).toBe('تجاهل');
    expect(document.activeElement).toBe(document.body);
    const events: string[] = [];
    handle.on('open', () => events.push('open'));
    (root.querySelector('.teaser-text') as HTMLButtonElement).click();
    expect(events).toEqual(['open']);
    expect(root.querySelector('[data-teaser]')).toBeNull();
    // Hidden while the panel is open: tease() then shows nothing.
    handle.tease('Still there?');
    expect(root.querySelector('[data-teaser]')).toBeNull();
    handle.close();
    handle.tease('Still there?');
    expect(root.querySelector('[data-teaser]')?.textContent).toBe('Still there?');
    document.dispatchEvent(new KeyboardEvent('keydown', { key: 'Escape' }));
    expect(root.querySelector('[data-teaser]')).toBeNull();
    handle.tease('Last call');
    handle.destroy();
    expect(document.querySelector('[data-agent-webchat]')).toBeNull();
  });

  it('shows the option’s teaser once per tab', async () => {
    const first = mount({ ...OPTIONS, teaser: 'Hello' });
    await vi.waitFor(() =>
      expect(document.querySelector('[data-agent-webchat]')!.shadowRoot!.querySelector('[data-teaser]')).not.toBeNull(),
    );
    first.destroy();
    const second = mount({ ...OPTIONS, teaser: 'Hello' });
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(document.querySelector('[data-agent-webchat]')!.shadowRoot!.querySelector('[data-teaser]')).toBeNull();
    second.destroy();
  });

  it('emits unread on every change of the count a closed panel shows', async () => {
    const handle = mount(OPTIONS);
    const counts: number[] = [];
    handle.on('unread', ({ count }) => counts.push(count));
    handle.client.restoreUnread(2);
    handle.open();
    expect(counts).toEqual([2, 0]);
    handle.destroy();
  });
});
