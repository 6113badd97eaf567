// What each server event does to the state: one handler per type in EVENT_HANDLERS, keyed by
// every ServerEventType. A type added to ServerEventBody (protocol/types.ts) without its handler
// here does not compile (its parser: protocol/payload-parsers.ts).

import type { ServerEvent, ServerEventType } from '../../protocol/types';
import { addJoin, joinBefore } from './agents';
import type { Draft, EventOutcome } from './draft';
import { applyClientHandoffRequired, applyLiveAgentJoined, applyLiveAgentLeft, applyQueueStatus, handoffStep } from './handoff';
import { applyAgentMessage } from './messages';
import { applyLanguageChanged, applySessionEnd, applySessionStart } from './session';
import { setTyping } from './typing';
import { applyUserEcho } from './user-messages';

/**
 * How one event changes the draft. `sequence`: the event's, when it is in the history (null:
 * placed where it arrives). `outcome`: the notice and handoff stage it leaves, applied after it.
 */
export type EventHandler<Event> = (event: Event, sequence: number | null, draft: Draft, outcome: EventOutcome) => void;

/** A handler for every type of the union `Event` (ServerEvent; a wider union in type tests). */
export type EventHandlers<Event extends { type: string } = ServerEvent> = {
  [Type in Event['type']]: EventHandler<Extract<Event, { type: Type }>>;
};

/** Recorded as applied, nothing to show (echoes of what this client sent, other than messages). */
const recordOnly: EventHandler<unknown> = () => {};

export const EVENT_HANDLERS: EventHandlers = {
  EVENT_TYPE_SESSION_START: applySessionStart,
  // A join REQUEST is not a join: only SERVICE_AGENT_JOINED sets agentJoined.
  EVENT_TYPE_SERVICE_AGENT_JOINED: (event, sequence, draft) => {
    draft.state.agentJoined = true;
    const agent = { name: event.agentName, avatarUrl: event.agentAvatarUrl };
    addJoin(draft, { sequence: sequence ?? draft.state.lastSequence, live: false, agent });
  },
  EVENT_TYPE_SERVICE_AGENT_THINKING: (_event, sequence, draft) => {
    if (!draft.state.ended) setTyping(draft, sequence, { who: 'agent', name: draft.state.agent?.name || undefined });
  },
  EVENT_TYPE_SERVICE_AGENT_MESSAGE: applyAgentMessage,
  EVENT_TYPE_SERVICE_AGENT_MESSAGE_CHUNK: applyAgentMessage,
  EVENT_TYPE_SERVICE_AGENT_LEFT: (_event, sequence, draft) => {
    if (draft.state.typing?.who === 'agent') setTyping(draft, sequence, null);
  },
  EVENT_TYPE_SERVICE_AGENT_TRIGGERED_HANDOFF: handoffStep('handoff-started', 'started'),
  EVENT_TYPE_HANDOFF_ACCEPTED: handoffStep('handoff-accepted', 'started'),
  EVENT_TYPE_HANDOFF_QUEUE_STATUS: applyQueueStatus,
  EVENT_TYPE_HANDOFF_FAILED: handoffStep('handoff-failed', 'failed'),
  EVENT_TYPE_HANDOFF_TIMEOUT: handoffStep('handoff-timeout', 'timeout'),
  EVENT_TYPE_CLIENT_HANDOFF_REQUIRED: applyClientHandoffRequired,
  EVENT_TYPE_LIVE_AGENT_JOINED: applyLiveAgentJoined,
  EVENT_TYPE_LIVE_AGENT_TYPING: (event, sequence, draft) => {
    if (draft.state.ended) return;
    if (event.state === 'TYPING_STATE_STARTED') {
      const name = joinBefore(draft.state.marks.joins, Infinity, true, event.agentId)?.agent.name || undefined;
      setTyping(draft, sequence, { who: 'live-agent', name });
    } else if (draft.state.typing?.who === 'live-agent') setTyping(draft, sequence, null);
  },
  EVENT_TYPE_LIVE_AGENT_MESSAGE: applyAgentMessage,
  EVENT_TYPE_LIVE_AGENT_LEFT: applyLiveAgentLeft,
  EVENT_TYPE_SESSION_END: applySessionEnd,
  EVENT_TYPE_SYSTEM_MESSAGE: (event, _sequence, _draft, outcome) => {
    outcome.notice = { code: 'system', level: event.level, message: event.message };
  },
  EVENT_TYPE_LANGUAGE_CHANGED: applyLanguageChanged,
  EVENT_TYPE_USER_MESSAGE: applyUserEcho,
  EVENT_TYPE_REQUEST_SERVICE_AGENT_JOIN: recordOnly,
  EVENT_TYPE_USER_END_SESSION: recordOnly,
  EVENT_TYPE_HEARTBEAT: recordOnly,
  EVENT_TYPE_USER_TYPING: recordOnly,
};

type ServerEventMap = { [Type in ServerEventType]: Extract<ServerEvent, { type: Type }> };

/** Runs the handler of the event's type (`type` and `event` go together: the compiler pairs them). */
export function applyServerEvent<Type extends ServerEventType>(
  type: Type,
  event: ServerEventMap[Type],
  sequence: number | null,
  draft: Draft,
  outcome: EventOutcome,
): void {
  const handler: EventHandlers<ServerEvent>[Type] = EVENT_HANDLERS[type];
  handler(event, sequence, draft, outcome);
}
