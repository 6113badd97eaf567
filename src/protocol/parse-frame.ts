// One WebSocket frame → validated server events. Never throws: a frame that is not JSON or not
// an envelope is an error result; unknown or invalid events are skipped and counted.

import { count, isRecord, optionalString } from './guards';
import { parseBody } from './payload-parsers';
import type { FrameParseResult, ServerEvent } from './types';

const EVENT_BATCH = 'EVENT_TYPE_EVENT_BATCH';

export function parseFrame(data: string): FrameParseResult {
  let json: unknown;
  try {
    json = JSON.parse(data);
  } catch {
    // Not JSON: handled like any other frame that is no envelope.
  }
  if (!isRecord(json) || typeof json.type !== 'string') return { ok: false, error: 'not an envelope' };
  // The batch envelope itself is never applied, so only its events are validated.
  const isBatch = json.type === EVENT_BATCH;
  const list = isBatch ? ((isRecord(json.payload) ? json.payload.events : undefined) ?? []) : [json];
  if (!Array.isArray(list)) return { ok: true, events: [], isBatch, skipped: 1 };
  // A batch inside a batch is not in the protocol: skipped like any other invalid element.
  const events = list.flatMap(
    (element) => (isRecord(element) && (!isBatch || element.type !== EVENT_BATCH) && parseEnvelope(element)) || [],
  );
  return { ok: true, events, isBatch, skipped: list.length - events.length };
}

/** One server envelope (docs/protocol.md §3) → a typed event, or null when it must be dropped. */
function parseEnvelope(value: Record<string, unknown>): ServerEvent | null {
  const { id, type, metadata, timestamp, sequence = null, payload } = value;
  const payloadRecord = payload ?? {};
  const eventSequence = sequence === null ? null : count(sequence);
  if (typeof id !== 'string' || !id || typeof type !== 'string' || eventSequence === undefined || !isRecord(payloadRecord)) return null;
  const body = parseBody(type, payloadRecord, id);
  // Of metadata.custom only client_event_id matters: it finds the outbox entry of an echo.
  const clientEventId = optionalString(isRecord(metadata) && isRecord(metadata.custom) && metadata.custom.client_event_id);
  return (
    body && {
      id,
      sequence: eventSequence,
      timestamp: typeof timestamp === 'string' ? timestamp : '',
      ...(clientEventId && { clientEventId }),
      ...body,
    }
  );
}
