// A type-level test, checked by `npm run typecheck` (never run): a server event type added to the
// protocol without its parser (protocol/payload-parsers.ts) or its handler (event-handlers.ts)
// does not compile. Each table is checked against ServerEventBody widened by one new type, as a
// maintainer adding an event would widen it.

import { PAYLOAD_PARSERS, type PayloadParsers } from '../../protocol/payload-parsers';
import type { ServerEventBody, ServerEventMeta } from '../../protocol/types';
import { EVENT_HANDLERS, type EventHandlers } from './event-handlers';

type BodyWithNewType = ServerEventBody | { type: 'EVENT_TYPE_NEW_THING'; note: string };
type EventWithNewType = ServerEventMeta & BodyWithNewType;

// @ts-expect-error: no parser for EVENT_TYPE_NEW_THING
export const parsersMissingOne: PayloadParsers<BodyWithNewType> = PAYLOAD_PARSERS;

// @ts-expect-error: no handler for EVENT_TYPE_NEW_THING
export const handlersMissingOne: EventHandlers<EventWithNewType> = EVENT_HANDLERS;

// @ts-expect-error: a parser must give the body of its own type
export const parserOfAnotherType: PayloadParsers<BodyWithNewType>['EVENT_TYPE_NEW_THING'] = () => ({ type: 'EVENT_TYPE_HEARTBEAT' });

// With both, the tables compile.
export const parsersComplete: PayloadParsers<BodyWithNewType> = {
  ...PAYLOAD_PARSERS,
  EVENT_TYPE_NEW_THING: (payload) => ({ type: 'EVENT_TYPE_NEW_THING', note: String(payload.note) }),
};
export const handlersComplete: EventHandlers<EventWithNewType> = {
  ...EVENT_HANDLERS,
  EVENT_TYPE_NEW_THING: (event, _sequence, _draft, outcome) => {
    outcome.notice = { code: 'system', level: 'info', message: event.note };
  },
};
