// Per-client limit of the token endpoint: a fixed window per key, checked before the platform is
// asked, so one caller cannot use up the connector's token quota for every visitor.

export interface ClientLimitOptions {
  /** Requests that reach the platform per client and window; default 20. */
  max?: number;
  /** Window length; default 60 s. */
  windowSeconds?: number;
  /** Clients tracked at once (oldest forgotten first); default 10,000. */
  maxClients?: number;
}

export interface ClientLimiter {
  /** undefined when allowed (and counted), else seconds until the window reopens. */
  take(key: string): number | undefined;
  /** Like take, without counting: several limits are checked before any of them counts. */
  peek(key: string): number | undefined;
}

export function createClientLimiter(options: ClientLimitOptions, now: () => number): ClientLimiter {
  const max = options.max ?? 20;
  const windowMs = (options.windowSeconds ?? 60) * 1000;
  const maxClients = options.maxClients ?? 10_000;
  const windows = new Map<string, { startedAt: number; count: number }>();
  const wait = (key: string, at: number): number | undefined => {
    const window = windows.get(key);
    if (!window || at - window.startedAt >= windowMs || window.count < max) return undefined;
    return Math.max(1, Math.ceil((window.startedAt + windowMs - at) / 1000));
  };
  return {
    peek: (key) => wait(key, now()),
    take(key) {
      const at = now();
      let window = windows.get(key);
      if (!window || at - window.startedAt >= windowMs) {
        windows.delete(key);
        window = { startedAt: at, count: 0 };
        windows.set(key, window);
        if (windows.size > maxClients) windows.delete(windows.keys().next().value ?? key);
      }
      if (window.count >= max) return Math.max(1, Math.ceil((window.startedAt + windowMs - at) / 1000));
      window.count++;
      return undefined;
    },
  };
}
