// @vitest-environment happy-dom
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { WebchatClient } from '../contract/client';
import type { LauncherStrings } from '../strings/launcher-strings';
import {
  type Conversation,
  type ConversationLoader,
  ConversationUnavailable,
  type LauncherExtras,
  type MountedWidget,
} from './conversation-loader';
import { createScriptWidget } from './script-widget';

const OPTIONS = { messagingUrl: 'https://messaging.example.com', connectorToken: 'demo-connector-token' };

/** A conversation whose widget records what it was asked, and a loader the test settles by hand. */
function fakeWorld() {
  const calls: string[] = [];
  const mounts: { host: HTMLElement; prepareAtOnce: boolean }[] = [];
  const listeners = new Map<string, Set<(event: unknown) => void>>();
  const widget: MountedWidget = {
    client: {} as WebchatClient,
    open: () => void calls.push('open'),
    close: () => void calls.push('close'),
    toggle: () => void calls.push('toggle'),
    send: (text) => void calls.push(`send ${text}`),
    newConversation: () => void calls.push('newConversation'),
    transcript: () => 'the transcript',
    destroy: () => void calls.push('destroy'),
    update: () => {
      calls.push('update');
      return true;
    },
    tease: (text) => void calls.push(`tease ${text}`),
    on(type, listener) {
      const set = listeners.get(type) ?? new Set();
      listeners.set(type, set);
      const hear = (event: unknown) => (listener as (event: unknown) => void)(event);
      set.add(hear);
      return () => set.delete(hear);
    },
  };
  const conversation: Conversation = {
    mount(_options, host, prepareAtOnce) {
      mounts.push({ host, prepareAtOnce });
      return widget;
    },
  };
  let settle: { resolve(value: Conversation): void; reject(error: unknown): void } | undefined;
  let loads = 0;
  const teased: string[] = [];
  let extrasLoads = 0;
  /** The extras file: it records the teasers it shows. */
  const extras: LauncherExtras = {
    start: (_root, options) => {
      if (options.teaser) teased.push(options.teaser);
      return { tease: (text: string) => void teased.push(text), destroy: () => void teased.push('destroyed') };
    },
  };
  const loader: ConversationLoader = {
    load() {
      loads++;
      return new Promise<Conversation>((resolve, reject) => {
        settle = { resolve, reject };
      });
    },
    loadFile(name, accept) {
      if (name !== 'extras') return Promise.reject(new Error('no other file in these tests'));
      extrasLoads++;
      return accept(extras) ? Promise.resolve(extras) : Promise.reject(new Error('not the extras'));
    },
    launcherWords: () => Promise.resolve(undefined),
  };
  return {
    calls,
    mounts,
    loader,
    teased,
    extrasLoads: () => extrasLoads,
    loads: () => loads,
    emit: (type: string, event: unknown) => {
      for (const listener of listeners.get(type) ?? []) listener(event);
    },
    arrive: async () => {
      settle?.resolve(conversation);
      await vi.waitFor(() => expect(mounts.length).toBeGreaterThan(0));
    },
    fail: async (reason: 'offline' | 'failed') => {
      settle?.reject(new ConversationUnavailable(reason));
      await new Promise((resolve) => setTimeout(resolve));
    },
  };
}

const launcherOf = (host: Element | null) => host?.shadowRoot?.querySelector('button') ?? null;
const hostOnPage = () => document.querySelector('[data-agent-webchat]');

afterEach(() => {
  document.body.innerHTML = '';
  sessionStorage.clear();
});

describe('the teaser of a widget of the script tag', () => {
  it('comes from the extras file, fetched only for a teaser: the conversation is not fetched', async () => {
    const plain = fakeWorld();
    createScriptWidget(OPTIONS, { loader: plain.loader, preloadWhenIdle: false });
    await new Promise((resolve) => setTimeout(resolve, 10));
    expect(plain.extrasLoads()).toBe(0);

    const world = fakeWorld();
    const handle = createScriptWidget({ ...OPTIONS, teaser: 'Questions?' }, { loader: world.loader, preloadWhenIdle: false });
    await vi.waitFor(() => expect(world.teased).toEqual(['Questions?']));
    handle.tease('Still there?');
    await vi.waitFor(() => expect(world.teased).toEqual(['Questions?', 'Still there?']));
    expect(world.extrasLoads()).toBe(1);
    expect(world.loads()).toBe(0);
    handle.destroy();
    await vi.waitFor(() => expect(world.teased.at(-1)).toBe('destroyed'));
  });

  it('tease() fetches the extras file when no teaser was configured; inline widgets have none', async () => {
    const world = fakeWorld();
    const handle = createScriptWidget(OPTIONS, { loader: world.loader, preloadWhenIdle: false });
    handle.tease('Hello?');
    await vi.waitFor(() => expect(world.teased).toEqual(['Hello?']));
    const inline = fakeWorld();
    const box = document.body.appendChild(document.createElement('div'));
    createScriptWidget({ ...OPTIONS, container: box, teaser: 'No' }, { loader: inline.loader, preloadWhenIdle: false }).tease('No');
    await new Promise((resolve) => setTimeout(resolve, 10));
    expect(inline.extrasLoads()).toBe(0);
  });
});

describe("the launcher's words on a page in another language", () => {
  it('come from the locale file, fetched at load: the launcher is drawn at once and reachable once named in the page language', async () => {
    const world = fakeWorld();
    let arrive: (words: LauncherStrings | undefined) => void = () => {};
    const asked: string[] = [];
    const loader: ConversationLoader = {
      ...world.loader,
      launcherWords: (lang) => {
        asked.push(lang);
        return new Promise((resolve) => {
          arrive = resolve;
        });
      },
    };
    createScriptWidget({ ...OPTIONS, locale: 'de' }, { loader, preloadWhenIdle: false });
    const launcher = launcherOf(hostOnPage());
    expect(asked).toEqual(['de']);
    expect(launcher?.closest('.widget')?.getAttribute('lang')).toBe('de');
    // Unnamed yet: out of reach of the keyboard and of assistive technology.
    expect([launcher?.getAttribute('aria-hidden'), launcher?.tabIndex]).toEqual(['true', -1]);
    arrive({ openChat: 'Chat öffnen', offline: 'offline', failed: 'failed' });
    await vi.waitFor(() => expect(launcher?.getAttribute('aria-label')).toBe('Chat öffnen'));
    expect([launcher?.hasAttribute('aria-hidden'), launcher?.hasAttribute('tabindex')]).toEqual([false, false]);
    expect(world.loads()).toBe(0);
  });

  it('are English when the locale file did not come, and the launcher is reachable all the same', async () => {
    const world = fakeWorld();
    createScriptWidget({ ...OPTIONS, locale: 'fr' }, { loader: world.loader, preloadWhenIdle: false });
    const launcher = launcherOf(hostOnPage());
    await vi.waitFor(() => expect(launcher?.getAttribute('aria-label')).toBe('Open chat'));
    expect(launcher?.hasAttribute('aria-hidden')).toBe(false);
  });
});

describe('a widget of the script tag before its conversation is here', () => {
  it('shows the launcher at once and fetches nothing until the visitor shows intent', async () => {
    const world = fakeWorld();
    createScriptWidget(OPTIONS, { loader: world.loader, preloadWhenIdle: false });
    const launcher = launcherOf(hostOnPage());
    expect(launcher?.getAttribute('aria-label')).toBe('Open chat');
    expect(launcher?.getAttribute('aria-expanded')).toBe('false');
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(world.loads()).toBe(0);

    launcher?.dispatchEvent(new Event('pointerenter'));
    expect(world.loads()).toBe(1);
    await world.arrive();
    expect(world.mounts).toEqual([{ host: hostOnPage(), prepareAtOnce: true }]);
  });

  it('runs commands given before the conversation in their order once it is here; close alone fetches nothing', async () => {
    const world = fakeWorld();
    const handle = createScriptWidget(OPTIONS, { loader: world.loader, preloadWhenIdle: false });
    handle.close();
    expect(world.loads()).toBe(0);
    handle.open();
    handle.send('first');
    handle.close();
    handle.send('second');
    expect(handle.client).toBeUndefined();
    await world.arrive();
    expect(world.mounts[0]?.prepareAtOnce).toBe(false);
    expect(world.calls).toEqual(['open', 'send first', 'close', 'send second']);
    expect(handle.client).toBeDefined();
    handle.toggle();
    expect(world.calls.at(-1)).toBe('toggle');
  });

  it('attaches listeners registered before the conversation, except those already unsubscribed', async () => {
    const world = fakeWorld();
    const handle = createScriptWidget(OPTIONS, { loader: world.loader, preloadWhenIdle: false });
    const heard: unknown[] = [];
    handle.on('message', (event) => void heard.push(event));
    const dropped = handle.on('message', () => void heard.push('dropped'));
    dropped();
    handle.open();
    await world.arrive();
    world.emit('message', { id: '1', author: 'agent', text: 'hi' });
    expect(heard).toEqual([{ id: '1', author: 'agent', text: 'hi' }]);
  });

  it('says "ready" once the launcher is on the page, asynchronously, and once to a late listener', async () => {
    const world = fakeWorld();
    const handle = createScriptWidget(OPTIONS, { loader: world.loader, preloadWhenIdle: false });
    const ready = vi.fn();
    handle.on('ready', ready);
    expect(ready).not.toHaveBeenCalled();
    await Promise.resolve();
    expect(ready).toHaveBeenCalledTimes(1);
    const late = vi.fn();
    handle.on('ready', late);
    await Promise.resolve();
    expect(late).toHaveBeenCalledTimes(1);
    // The conversation's own "ready" is not heard a second time.
    handle.open();
    await world.arrive();
    world.emit('ready', {});
    expect(ready).toHaveBeenCalledTimes(1);
  });

  it('offline: the launcher says so; its next click fetches again and opens', async () => {
    const world = fakeWorld();
    createScriptWidget(OPTIONS, { loader: world.loader, preloadWhenIdle: false });
    const launcher = launcherOf(hostOnPage());
    launcher?.click();
    expect(launcher?.getAttribute('aria-busy')).toBe('true');
    await world.fail('offline');
    const note = hostOnPage()?.shadowRoot?.querySelector('[role="status"]');
    await vi.waitFor(() => expect(note?.textContent).toContain('You are offline.'));
    expect(launcher?.hasAttribute('aria-busy')).toBe(false);

    launcher?.click();
    expect(world.loads()).toBe(2);
    expect(hostOnPage()?.shadowRoot?.querySelector('[role="status"]')).toBeNull();
    await world.arrive();
    // Both clicks asked to open; opening twice is opening.
    expect(world.calls).toEqual(['open', 'open']);
  });

  it('a refused conversation: the launcher says the chat could not start', async () => {
    const world = fakeWorld();
    createScriptWidget(OPTIONS, { loader: world.loader, preloadWhenIdle: false });
    launcherOf(hostOnPage())?.click();
    await world.fail('failed');
    await vi.waitFor(() =>
      expect(hostOnPage()?.shadowRoot?.querySelector('[role="status"]')?.textContent).toBe('The chat could not start.'),
    );
  });

  it('fetches at once when shown open (data-open) or inline, and mounts into the container', async () => {
    const opened = fakeWorld();
    createScriptWidget({ ...OPTIONS, open: true }, { loader: opened.loader, preloadWhenIdle: false });
    expect(opened.loads()).toBe(1);

    const container = document.body.appendChild(document.createElement('section'));
    const inline = fakeWorld();
    createScriptWidget({ ...OPTIONS, container }, { loader: inline.loader, preloadWhenIdle: false });
    expect(inline.loads()).toBe(1);
    const host = container.querySelector('[data-agent-webchat]');
    expect(host?.hasAttribute('data-inline')).toBe(true);
    expect(launcherOf(host)).toBeNull();
  });

  it('destroy() before the conversation is here removes the launcher, and the conversation never mounts', async () => {
    const world = fakeWorld();
    const handle = createScriptWidget(OPTIONS, { loader: world.loader, preloadWhenIdle: false });
    handle.open();
    handle.destroy();
    expect(hostOnPage()).toBeNull();
    await world.fail('failed');
    expect(world.mounts).toEqual([]);
    expect(world.calls).toEqual([]);
  });
});
