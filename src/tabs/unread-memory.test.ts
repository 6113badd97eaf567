import { describe, expect, it } from 'vitest';
import { waitFor } from '../testing/wait-for';
import { webDigest } from './environment';
import { ANY_UNREAD, anyUnreadInTab, rememberedUnread, rememberUnread } from './unread-memory';

function memoryStorage(): Storage & { values(): string[] } {
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
    values: () => [...map.entries()].map(([key, value]) => `${key}=${value}`),
  };
}

function counter() {
  let count = 0;
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

const options = { messagingUrl: 'https://messaging.example.com', connectorToken: 'conn-SECRET-1' };

describe('unread memory', () => {
  it('keeps the count of the tab under a hashed key, readable by the next page of the tab', async () => {
    const storage = memoryStorage();
    const digest = webDigest()!;
    const source = counter();
    source.set(2);
    const stop = rememberUnread(options, source, storage, digest);
    await waitFor(() => anyUnreadInTab(storage));
    expect(await rememberedUnread(options, storage, digest)).toBe(2);
    // Another conversation's widget finds nothing.
    expect(await rememberedUnread({ ...options, connectorToken: 'other' }, storage, digest)).toBe(0);
    expect(storage.values().join('\n')).not.toContain('SECRET');

    source.set(0);
    expect(anyUnreadInTab(storage)).toBe(false);
    expect(await rememberedUnread(options, storage, digest)).toBe(0);
    stop();
    source.set(5);
    expect(storage.getItem(ANY_UNREAD)).toBeNull();
  });

  it('reads nothing without storage, and ignores what is not a count', async () => {
    expect(await rememberedUnread(options, undefined)).toBe(0);
    const storage = memoryStorage();
    const digest = webDigest()!;
    const source = counter();
    source.set(1);
    rememberUnread(options, source, storage, digest);
    await waitFor(() => anyUnreadInTab(storage));
    for (const [key] of storage.values().map((entry) => entry.split('='))) if (key !== ANY_UNREAD) storage.setItem(key!, 'many');
    expect(await rememberedUnread(options, storage, digest)).toBe(0);
  });
});
