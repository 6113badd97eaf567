// One WebSocket frame → validated server events. Never throws: a frame that is not JSON or not
// an envelope is an error result; unknown or invalid events are skipped and counted.

import type { CustomMetadata, FrameParseResult, ServerEvent } from './types';
import { isAbsent, isNonNegativeInteger, isRecord } from './guards';
import { parseBody } from './parse-payloads';

export const EVENT_BATCH = 'EVENT_TYPE_EVENT_BATCH';

export function parseFrame(data: string): FrameParseResult {
  let json: unknown;
  try {
    json = JSON.parse(data);
  } catch {
    return { ok: false, error: 'frame is not valid JSON' };
  }
  if (!isRecord(json) || typeof json.type !== 'string') {
    return { ok: false, error: 'frame is not an event envelope' };
  }
  if (json.type === EVENT_BATCH) return parseBatch(json.payload);
  const event = parseEnvelope(json);
  return event ? { ok: true, events: [event], isBatch: false, skipped: 0 } : { ok: true, events: [], isBatch: false, skipped: 1 };
}

// The batch envelope itself is never applied, so only its events are validated.
function parseBatch(payload: unknown): FrameParseResult {
  const list = isRecord(payload) ? payload.events : undefined;
  if (isAbsent(list)) return { ok: true, events: [], isBatch: true, skipped: 0 };
  if (!Array.isArray(list)) return { ok: true, events: [], isBatch: true, skipped: 1 };
  const events: ServerEvent[] = [];
  let skipped = 0;
  for (const element of list) {
    // A batch inside a batch is not in the protocol: skipped like any other invalid element.
    const event = isRecord(element) && element.type !== EVENT_BATCH ? parseEnvelope(element) : null;
    if (event) events.push(event);
    else skipped++;
  }
  return { ok: true, events, isBatch: true, skipped };
}

/** One server envelope (PROTOCOL.md §3) → a typed event, or null when it must be dropped. */
export function parseEnvelope(value: unknown): ServerEvent | null {
  if (!isRecord(value)) return null;
  const { id, type } = value;
  if (typeof id !== 'string' || id === '' || typeof type !== 'string') return null;
  const sequence = isAbsent(value.sequence) ? null : value.sequence;
  if (sequence !== null && !isNonNegativeInteger(sequence)) return null;
  const payload = isAbsent(value.payload) ? {} : value.payload;
  if (!isRecord(payload)) return null;
  const body = parseBody(type, payload, id);
  if (!body) return null;
  const timestamp = typeof value.timestamp === 'string' ? value.timestamp : '';
  const custom = customOf(value.metadata);
  const clientEventId = typeof custom?.client_event_id === 'string' ? custom.client_event_id : undefined;
  return {
    id,
    sequence,
    timestamp,
    ...(custom ? { custom } : {}),
    ...(clientEventId ? { clientEventId } : {}),
    ...body,
  };
}

function customOf(metadata: unknown): CustomMetadata | undefined {
  return isRecord(metadata) && isRecord(metadata.custom) ? metadata.custom : undefined;
}
