// One WebSocket frame → validated server events. Never throws: a frame that is not JSON or not
// an envelope is an error result; unknown or invalid events are skipped and counted.

import type { FrameParseResult, ServerEvent } from './types';
import { count, isRecord } from './guards';
import { parseBody } from './parse-payloads';

const EVENT_BATCH = 'EVENT_TYPE_EVENT_BATCH';

export function parseFrame(data: string): FrameParseResult {
  let json: unknown;
  try {
    json = JSON.parse(data);
  } catch {
    return { ok: false, error: 'frame is not valid JSON' };
  }
  if (!isRecord(json) || typeof json.type !== 'string') return { ok: false, error: 'frame is not an event envelope' };
  // The batch envelope itself is never applied, so only its events are validated.
  const isBatch = json.type === EVENT_BATCH;
  const list = isBatch ? (isRecord(json.payload) ? json.payload.events : undefined) ?? [] : [json];
  if (!Array.isArray(list)) return { ok: true, events: [], isBatch, skipped: 1 };
  const events: ServerEvent[] = [];
  for (const element of list) {
    // A batch inside a batch is not in the protocol: skipped like any other invalid element.
    const event = isRecord(element) && (!isBatch || element.type !== EVENT_BATCH) ? parseEnvelope(element) : null;
    if (event) events.push(event);
  }
  return { ok: true, events, isBatch, skipped: list.length - events.length };
}

/** One server envelope (PROTOCOL.md §3) → a typed event, or null when it must be dropped. */
function parseEnvelope(value: Record<string, unknown>): ServerEvent | null {
  const { id, type, metadata } = value;
  const sequence = value.sequence ?? null;
  const payload = value.payload ?? {};
  if (typeof id !== 'string' || !id || typeof type !== 'string' || (sequence !== null && count(sequence) === undefined) || !isRecord(payload)) return null;
  const body = parseBody(type, payload, id);
  if (!body) return null;
  const custom = isRecord(metadata) && isRecord(metadata.custom) ? metadata.custom : undefined;
  const clientEventId = custom?.client_event_id;
  return {
    id,
    sequence: count(sequence) ?? null,
    timestamp: typeof value.timestamp === 'string' ? value.timestamp : '',
    ...(custom && { custom }),
    ...(typeof clientEventId === 'string' && clientEventId && { clientEventId }),
    ...body,
  };
}
