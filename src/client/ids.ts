// client_event_id: unique per message so its echo finds it (docs/protocol.md §3). randomUUID exists only
// in secure contexts; the fallback is random enough for matching, it is not a secret.

export const newClientEventId = (): string =>
  globalThis.crypto?.randomUUID?.() ?? Date.now().toString(36) + Math.random().toString(36).slice(1);
