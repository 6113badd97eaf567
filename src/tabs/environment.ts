// The browser's side of sharing a conversation (contract/tabs-environment.ts says what is used).

import type { LockManagerLike, TabsEnvironment } from '../contract/tabs-environment';

/** SHA-256 through Web Crypto, as hex; undefined where Web Crypto is missing (insecure origins). */
export function webDigest(): ((text: string) => Promise<string>) | undefined {
  const subtle = globalThis.crypto?.subtle;
  if (!subtle) return undefined;
  return async (text) => {
    const hash = new Uint8Array(await subtle.digest('SHA-256', new TextEncoder().encode(text)));
    return Array.from(hash, (byte) => byte.toString(16).padStart(2, '0')).join('');
  };
}

/** The browser's Web Locks, BroadcastChannel and Web Crypto, or undefined when one is missing. */
export function browserTabsEnvironment(): TabsEnvironment | undefined {
  const locks: LockManagerLike | undefined = globalThis.navigator?.locks;
  const Channel = globalThis.BroadcastChannel;
  const digest = webDigest();
  if (!locks || typeof Channel !== 'function' || !digest) return undefined;
  return { locks, openChannel: (name) => new Channel(name), digest };
}
