// Whether the panel was open, remembered for the tab (sessionStorage), so that a reload or the
// next page of the site reopens it. Only "1"/"0" under a key hashed from the conversation options,
// and "1" under one plain key once any panel was opened in the tab: no text of the conversation,
// no id, no token.

import type { ClientOptions } from '../contract/client';
import { conversationKey } from './conversation-key';
import { webDigest } from './environment';

export interface PanelMemoryTarget {
  open(): void;
  on(type: 'open' | 'close', listener: () => void): () => void;
}

const storageOf = (): Storage | undefined => {
  try {
    return globalThis.sessionStorage;
  } catch {
    // Storage denied (sandboxed frame, privacy settings): nothing to remember.
    return undefined;
  }
};

export interface PanelMemory {
  /** Settles once the panel was reopened (or not) and changes are being recorded. */
  ready: Promise<void>;
  stop(): void;
}

/**
 * Set once a panel was opened in this tab: a page load where it is missing (most of them) learns
 * that no panel is to reopen without hashing the options.
 */
const ANY_PANEL_OPENED = 'agent-webchat:panel-opened';

/** Each widget's panel state is under this prefix and a hash of its conversation options. */
const PANEL_PREFIX = 'agent-webchat:panel:';

const storageName = async (options: ClientOptions, digest: (text: string) => Promise<string>) =>
  `${PANEL_PREFIX}${await conversationKey(options, digest)}`;

/**
 * Whether any panel was ever opened in this tab: on most page loads it was not, and that is known
 * at once, without hashing the options or waiting for a promise.
 */
export function anyPanelOpenedInTab(storage: Storage | undefined = storageOf()): boolean {
  try {
    return storage?.getItem(ANY_PANEL_OPENED) === '1';
  } catch {
    return false;
  }
}

/**
 * Whether some widget's panel was open when this tab last showed it: the script tag's loader then
 * fetches the rest of the widget at once, which reopens the panel if it is this widget's
 * (rememberPanel). Read without hashing the options, so the loader carries no hashing: on a site
 * with several widgets, one whose panel was closed may fetch the rest early, and stays closed.
 */
export function anyPanelOpenInTab(storage: Storage | undefined = storageOf()): boolean {
  if (!storage || !anyPanelOpenedInTab(storage)) return false;
  try {
    for (let index = 0; index < storage.length; index++) {
      const key = storage.key(index);
      if (key?.startsWith(PANEL_PREFIX) && storage.getItem(key) === '1') return true;
    }
  } catch {
    // Storage denied: nothing remembered.
  }
  return false;
}

/** Reopens the panel if it was open in this tab, then records each change. */
export function rememberPanel(
  options: ClientOptions,
  target: PanelMemoryTarget,
  storage: Storage | undefined = storageOf(),
  digest = webDigest(),
): PanelMemory {
  let stopped = false;
  const unsubscribe: (() => void)[] = [];
  let ready = Promise.resolve();
  if (storage && digest) {
    let name: string | undefined;
    /** A change made before the key was known (the page opened the panel right after mounting). */
    let changedBefore: boolean | undefined;
    const write = (open: boolean) => {
      if (name === undefined) {
        changedBefore = open;
        return;
      }
      try {
        storage.setItem(name, open ? '1' : '0');
        if (open) storage.setItem(ANY_PANEL_OPENED, '1');
      } catch {
        // Quota or denied: the panel just will not reopen by itself.
      }
    };
    unsubscribe.push(
      target.on('open', () => write(true)),
      target.on('close', () => write(false)),
    );
    ready = storageName(options, digest).then((key) => {
      if (stopped) return;
      name = key;
      // The page's own change wins over the remembered state.
      if (changedBefore !== undefined) write(changedBefore);
      else if (storage.getItem(name) === '1') target.open();
    });
  }
  return {
    ready,
    stop() {
      stopped = true;
      for (const stop of unsubscribe) stop();
    },
  };
}
