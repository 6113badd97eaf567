import { describe, expect, it } from 'vitest';
import { webDigest } from './environment';
import { anyPanelOpenInTab, anyUnreadInTab, rememberedUnread, rememberPanel } from './panel-memory';

/** A sessionStorage of one tab. */
function memoryStorage(): Storage & { entries(): [string, string][] } {
  const map = new Map<string, string>();
  return {
    get length() {
      return map.size;
    },
    clear: () => map.clear(),
    getItem: (key) => map.get(key) ?? null,
    key: (index) => [...map.keys()][index] ?? null,
    removeItem: (key) => void map.delete(key),
    setItem: (key, value) => void map.set(key, String(value)),
    // The remembered states, under their hashed keys (the plain "a panel was opened" key aside).
    entries: () => [...map.entries()].filter(([key]) => key.startsWith('agent-webchat:panel:')),
  };
}

/** A widget handle's open/close side. */
function fakePanel() {
  const listeners = { open: new Set<() => void>(), close: new Set<() => void>() };
  let opened = 0;
  return {
    open() {
      opened++;
      for (const listener of listeners.open) listener();
    },
    close() {
      for (const listener of listeners.close) listener();
    },
    on(type: 'open' | 'close', listener: () => void) {
      listeners[type].add(listener);
      return () => listeners[type].delete(listener);
    },
    openedCount: () => opened,
  };
}

const options = { messagingUrl: 'https://messaging.example.com', connectorToken: 'connector-SECRET' };
const digest = webDigest()!;

describe('panel memory', () => {
  it('reopens the panel in the next page of the tab if it was open, and only "1"/"0" under a hashed key', async () => {
    const storage = memoryStorage();
    const first = fakePanel();
    const memory = rememberPanel(options, first, storage, digest);
    await memory.ready;
    expect(first.openedCount()).toBe(0);
    first.open();
    expect(storage.entries()).toHaveLength(1);
    const [[key, value]] = storage.entries() as [[string, string]];
    expect(value).toBe('1');
    expect(key).toMatch(/^agent-webchat:panel:[0-9a-f]{32}$/);
    expect(key).not.toContain('SECRET');
    memory.stop();

    // Reload: the same tab storage, a new widget.
    const second = fakePanel();
    await rememberPanel(options, second, storage, digest).ready;
    expect(second.openedCount()).toBe(1);
    second.close();
    expect(storage.entries()[0]![1]).toBe('0');

    const third = fakePanel();
    await rememberPanel(options, third, storage, digest).ready;
    expect(third.openedCount()).toBe(0);
  });

  it('another conversation has its own memory; no storage means nothing remembered', async () => {
    const storage = memoryStorage();
    storage.setItem('unrelated', 'x');
    const panel = fakePanel();
    await rememberPanel({ ...options, metadata: { plan: 'pro' } }, panel, storage, digest).ready;
    panel.open();
    expect(storage.entries()).toHaveLength(1);
    const other = fakePanel();
    await rememberPanel(options, other, storage, digest).ready;
    expect(other.openedCount()).toBe(0);
    const none = fakePanel();
    await rememberPanel(options, none, undefined, digest).ready;
    none.open();
    expect(storage.entries()).toHaveLength(1);
    expect(storage.getItem('unrelated')).toBe('x');
  });
});

describe('panel memory, a change before the key is known', () => {
  it('records an open made right after mounting (before the hashed key is ready), and does not reopen over it', async () => {
    const storage = memoryStorage();
    const panel = fakePanel();
    const memory = rememberPanel(options, panel, storage, digest);
    panel.open(); // synchronously after mounting, as queued commands of the script tag do
    await memory.ready;
    expect(storage.entries().map(([, value]) => value)).toEqual(['1']);
    expect(panel.openedCount()).toBe(1);
    memory.stop();

    const next = fakePanel();
    const again = rememberPanel(options, next, storage, digest);
    next.close(); // the page closes it before the key is known: closed it stays
    await again.ready;
    expect(next.openedCount()).toBe(0);
    expect(storage.entries().map(([, value]) => value)).toEqual(['0']);
  });
});

describe('was a panel open (the script tag loader asks before it fetches the conversation)', () => {
  it('says so while a panel was left open, without hashing the options, and not after it was closed', async () => {
    const storage = memoryStorage();
    expect(anyPanelOpenInTab(storage)).toBe(false);

    const panel = fakePanel();
    const memory = rememberPanel(options, panel, storage, digest);
    await memory.ready;
    panel.open();
    expect(anyPanelOpenInTab(storage)).toBe(true);
    panel.close();
    expect(anyPanelOpenInTab(storage)).toBe(false);
    expect(anyPanelOpenInTab(undefined)).toBe(false);
    memory.stop();
  });

  it("still says so while another widget's panel is open, when one closes", async () => {
    const storage = memoryStorage();
    const first = fakePanel();
    const second = fakePanel();
    const memories = [
      rememberPanel(options, first, storage, digest),
      rememberPanel({ ...options, connectorToken: 'another-connector' }, second, storage, digest),
    ];
    await Promise.all(memories.map((memory) => memory.ready));
    first.open();
    second.open();
    first.close();
    expect(anyPanelOpenInTab(storage)).toBe(true);
    second.close();
    expect(anyPanelOpenInTab(storage)).toBe(false);
    for (const memory of memories) memory.stop();
  });

  it('does not take the unread count kept beside a closed panel for an open one (a count of 1 is "1" too)', async () => {
    const storage = memoryStorage();
    const panel = fakePanel();
    const memory = rememberPanel(options, { ...panel, unread: { count: () => 1, watch: () => () => {} } }, storage, digest);
    await memory.ready;
    panel.open();
    panel.close();
    expect(anyUnreadInTab(storage)).toBe(true);
    expect(storage.entries()).toContainEqual([expect.stringMatching(/:unread$/), '1']);
    expect(anyPanelOpenInTab(storage)).toBe(false);
    memory.stop();
  });
});

describe('the unread count, kept for the tab', () => {
  function counter(start: number) {
    let count = start;
    const listeners = new Set<(count: number) => void>();
    return {
      count: () => count,
      watch(listener: (count: number) => void) {
        listeners.add(listener);
        return () => listeners.delete(listener);
      },
      set(next: number) {
        count = next;
        for (const listener of listeners) listener(count);
      },
    };
  }

  it('is a number under the hashed key, readable by the next page of the tab, gone when read', async () => {
    const storage = memoryStorage();
    const unread = counter(2);
    const memory = rememberPanel(options, { ...fakePanel(), unread }, storage, digest);
    await memory.ready;
    expect(anyUnreadInTab(storage)).toBe(true);
    expect(await rememberedUnread(options, storage, () => digest)).toBe(2);
    expect(await rememberedUnread({ ...options, connectorToken: 'other' }, storage, () => digest)).toBe(0);
    expect(JSON.stringify([...Array(storage.length).keys()].map((i) => [storage.key(i), storage.getItem(storage.key(i)!)]))).not.toContain(
      'SECRET',
    );
    unread.set(3);
    expect(await rememberedUnread(options, storage, () => digest)).toBe(3);
    unread.set(0);
    expect(anyUnreadInTab(storage)).toBe(false);
    expect(await rememberedUnread(options, storage, () => digest)).toBe(0);
    memory.stop();
    unread.set(5);
    expect(anyUnreadInTab(storage)).toBe(false);
    expect(await rememberedUnread(options, undefined)).toBe(0);
  });
});
