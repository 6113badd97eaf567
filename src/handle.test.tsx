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
