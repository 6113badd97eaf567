// The session's capabilities (docs/protocol.md §5): what SESSION_START announces, and the defaults
// that hold when it (or a field of it) is absent.

import { count, isRecord } from './guards';
import type { Capabilities } from './types';

/** docs/protocol.md §5 defaults: 131072 bytes, 5 attempts, 30 s; no streaming unless announced. */
export const DEFAULT_CAPABILITIES: Readonly<Capabilities> = {
  streaming: false,
  maxMessageSizeBytes: 131072,
  maxReconnectAttempts: 5,
  heartbeatIntervalSeconds: 30,
};

/** docs/protocol.md §5, with its defaults for anything absent or invalid. */
export function parseCapabilities(value: unknown): Capabilities {
  const wire = isRecord(value) ? value : {};
  return {
    streaming: wire.streaming === true,
    maxMessageSizeBytes: count(wire.max_message_size_bytes) || DEFAULT_CAPABILITIES.maxMessageSizeBytes,
    maxReconnectAttempts: count(wire.max_reconnect_attempts) ?? DEFAULT_CAPABILITIES.maxReconnectAttempts,
    heartbeatIntervalSeconds: count(wire.heartbeat_interval_seconds) || DEFAULT_CAPABILITIES.heartbeatIntervalSeconds,
  };
}
