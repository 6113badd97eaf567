// What sharing a conversation needs from the browser, narrowed to the calls it makes, so tests
// can hand in fakes (a lock manager, an in-memory channel) and a browser without either API gets
// `undefined`: the widget then behaves as `tabs: "separate"`.

/** The part of `navigator.locks` used here. */
export interface LockManagerLike {
  request(
    name: string,
    options: { ifAvailable?: boolean; signal?: AbortSignal },
    callback: (lock: unknown) => Promise<unknown>,
  ): Promise<unknown>;
}

/** The part of a `BroadcastChannel` used here. */
export interface ChannelLike {
  postMessage(message: unknown): void;
  addEventListener(type: 'message', listener: (event: { data: unknown }) => void): void;
  close(): void;
}

export interface TabsEnvironment {
  locks: LockManagerLike;
  openChannel(name: string): ChannelLike;
  /** Hex SHA-256 of a text (names must not reveal the options they derive from). */
  digest(text: string): Promise<string>;
}

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
