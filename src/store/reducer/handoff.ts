// The handoff to a person (§5): its stage (the newest by sequence wins), the notices of each
// step, and the live agent's join and leave.

import type { ServerEvent } from '../../protocol/types';
import type { HandoffStage } from '../state';
import { addJoin } from './agents';
import type { Draft, EventOutcome } from './draft';
import { setTyping } from './typing';

type EventOf<Type extends ServerEvent['type']> = Extract<ServerEvent, { type: Type }>;

/** A step with a notice of the same name. */
export const handoffStep =
  (code: 'handoff-started' | 'handoff-accepted' | 'handoff-failed' | 'handoff-timeout', stage: HandoffStage) =>
  (_event: unknown, _sequence: number | null, _draft: Draft, outcome: EventOutcome): void => {
    outcome.notice = { code };
    outcome.handoff = { stage };
  };

/** Updates in place (periodic): no transcript item. */
export function applyQueueStatus(
  event: EventOf<'EVENT_TYPE_HANDOFF_QUEUE_STATUS'>,
  _sequence: number | null,
  _draft: Draft,
  outcome: EventOutcome,
) {
  const { queueName, positionInQueue, estimatedWaitSeconds } = event;
  outcome.handoff = { stage: 'queued', queue: { queueName, positionInQueue, estimatedWaitSeconds } };
}

export function applyClientHandoffRequired(
  event: EventOf<'EVENT_TYPE_CLIENT_HANDOFF_REQUIRED'>,
  _sequence: number | null,
  _draft: Draft,
  outcome: EventOutcome,
): void {
  const { reason, queueName } = event;
  outcome.notice = { code: 'client-handoff', reason, queueName };
  outcome.handoff =
    queueName === undefined ? { stage: 'client-required', reason } : { stage: 'client-required', reason, queue: { queueName } };
}

export function applyLiveAgentJoined(
  event: EventOf<'EVENT_TYPE_LIVE_AGENT_JOINED'>,
  sequence: number | null,
  draft: Draft,
  outcome: EventOutcome,
) {
  const { agent } = event;
  addJoin(draft, { sequence: sequence ?? draft.state.lastSequence, live: true, agent });
  outcome.notice = { code: 'live-agent-joined', name: agent.name };
  outcome.handoff = { stage: 'live-agent-joined' };
}

/** Named after the join before it, by the renaming at the end of the action. */
export function applyLiveAgentLeft(_event: unknown, sequence: number | null, draft: Draft, outcome: EventOutcome): void {
  outcome.notice = { code: 'live-agent-left' };
  outcome.handoff = { stage: 'live-agent-left' };
  draft.renameAuthors = true;
  setTyping(draft, sequence, null);
}
