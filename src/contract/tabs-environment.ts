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
