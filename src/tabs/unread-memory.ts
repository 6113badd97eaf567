// The unread count, remembered for the tab (sessionStorage), so that after a reload or on the
// next page of the site the launcher shows it again — the loader's launcher too, before the rest
// of the widget is here. Only a number under a key hashed from the conversation options, and "1"
// under one plain key while any count is kept: no text, no id, no token.

import type { ClientOptions } from '../contract/client';
import { conversationKey } from './conversation-key';
import { webDigest } from './environment';

/** Set while this tab keeps an unread count: a page load where it is missing (most) needs no hashing. */
export const ANY_UNREAD = 'agent-webchat:unread';

const storageOf = (): Storage | undefined => {
  try {
    return globalThis.sessionStorage;
  } catch {
    return undefined;
  }
};

const storageName = async (options: ClientOptions, digest: (text: string) => Promise<string>) =>
  `${ANY_UNREAD}:${await conversationKey(options, digest)}`;

/** Whether this tab keeps an unread count (synchronous: no hashing, no promise). */
export function anyUnreadInTab(storage: Storage | undefined = storageOf()): boolean {
  try {
    return storage?.getItem(ANY_UNREAD) === '1';
  } catch {
    return false;
  }
}

/** The unread count this tab kept for a widget with these options (0 when none). */
export async function rememberedUnread(
  options: ClientOptions,
  storage: Storage | undefined = storageOf(),
  digest = webDigest(),
): Promise<number> {
  if (!storage || !digest || !anyUnreadInTab(storage)) return 0;
  try {
    const count = Number(storage.getItem(await storageName(options, digest)));
    return Number.isSafeInteger(count) && count > 0 ? count : 0;
  } catch {
    return 0;
  }
}

export interface UnreadSource {
  /** The count now. */
  count(): number;
  /** Calls the listener on every change of the count; returns unsubscribe. */
  watch(listener: (count: number) => void): () => void;
}

/** Records each change of the count for the tab; returns stop. */
export function rememberUnread(
  options: ClientOptions,
  source: UnreadSource,
  storage: Storage | undefined = storageOf(),
  digest = webDigest(),
): () => void {
  if (!storage || !digest) return () => {};
  let name: string | undefined;
  const write = (count: number) => {
    if (name === undefined) return;
    try {
      storage.setItem(name, String(count));
      if (count > 0) storage.setItem(ANY_UNREAD, '1');
      else storage.removeItem(ANY_UNREAD);
    } catch {
      // Quota or denied: the count just does not outlive the page.
    }
  };
  let stopped = false;
  const unwatch = source.watch(write);
  void storageName(options, digest).then((key) => {
    if (stopped) return;
    name = key;
    write(source.count());
  });
  return () => {
    stopped = true;
    unwatch();
  };
}
