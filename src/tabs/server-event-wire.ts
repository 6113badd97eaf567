// Server events cross the channel as the wire frame they came from (an EVENT_BATCH envelope) and
// are read back with the protocol's own parser, parseFrame: a follower trusts channel data no more
// than socket data, and needs no second validator for two dozen event shapes.
//
// The parsed events are the payloads with camelCase names (parse-payloads.ts), so the way back is
// snake_case names again, plus the three fields the parser renames or reshapes. The round-trip
// test holds this to parseFrame(serverEventsToFrame(events)) = events.

import { isRecord } from '../protocol/guards';
import type { ServerEvent } from '../protocol/types';

const snakeCase = (name: string) => name.replace(/[A-Z]/g, (letter) => `_${letter.toLowerCase()}`);

/** A parsed value → its wire form: names in snake_case, the parser's reshapings undone. */
function toWire(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(toWire);
  return typeof value === 'object' && value !== null ? wireRecord(value) : value;
}

function wireRecord(value: object): Record<string, unknown> {
  const wire: Record<string, unknown> = {};
  for (const [name, field] of Object.entries(value)) {
    if (name === 'suggestions' && Array.isArray(field)) {
      wire.response_suggestions = field.map((suggestion: unknown) => ({ message_text: isRecord(suggestion) ? suggestion.text : '' }));
    } else if (name === 'kind') {
      // Attachments: the parser keeps 'image' and calls every other content type 'url'.
      wire.content_type = field === 'image' ? 'ATTACHMENT_CONTENT_TYPE_IMAGE' : 'ATTACHMENT_CONTENT_TYPE_URL';
    } else {
      wire[snakeCase(name)] = toWire(field);
    }
  }
  return wire;
}

/** The envelope of one event, as a server would have sent it. */
function envelopeOf(event: ServerEvent) {
  const { id, type, sequence, timestamp, clientEventId, ...body } = event;
  const payload = wireRecord(body);
  if (event.type === 'EVENT_TYPE_SYSTEM_MESSAGE') payload.level = `SYSTEM_MESSAGE_LEVEL_${event.level.toUpperCase()}`;
  return {
    id,
    type,
    sequence,
    timestamp,
    ...(clientEventId !== undefined && { metadata: { custom: { client_event_id: clientEventId } } }),
    payload,
  };
}

/** Events → the text of one EVENT_BATCH frame; parseFrame gives the same events back. */
export function serverEventsToFrame(events: ServerEvent[]): string {
  return JSON.stringify({ type: 'EVENT_TYPE_EVENT_BATCH', payload: { events: events.map(envelopeOf) } });
}
