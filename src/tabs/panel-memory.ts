// Whether the panel was open, remembered for the tab (sessionStorage), so that a reload or the
// next page of the site reopens it. Only "1"/"0" under a key hashed from the conversation options:
// no text of the conversation, no id, no token.

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
    ready = conversationKey(options, digest).then((key) => {
      if (stopped) return;
      const name = `agent-webchat:panel:${key}`;
      const write = (open: boolean) => {
        try {
          storage.setItem(name, open ? '1' : '0');
        } catch {
          // Quota or denied: the panel just will not reopen by itself.
        }
      };
      if (storage.getItem(name) === '1') target.open();
      unsubscribe.push(
        target.on('open', () => write(true)),
        target.on('close', () => write(false)),
      );
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
