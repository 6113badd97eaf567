// Handoff to a live agent: the stage follows the newest handoff event by sequence; each step that
// a person should see also leaves a notice in the transcript at its sequence.

import type { LiveAgent, ServerEvent } from '../protocol/types';
import type { Draft } from './draft';
import type { Notice, WebchatState } from './state';
import { addNotice, noticeItem, setTyping } from './common';
import { insertJoin, liveAgentBefore, withLeaverName } from './marks';

type HandoffEvent = Extract<
  ServerEvent,
  {
    type:
      | 'EVENT_TYPE_SERVICE_AGENT_TRIGGERED_HANDOFF'
      | 'EVENT_TYPE_HANDOFF_ACCEPTED'
      | 'EVENT_TYPE_HANDOFF_QUEUE_STATUS'
      | 'EVENT_TYPE_HANDOFF_FAILED'
      | 'EVENT_TYPE_HANDOFF_TIMEOUT'
      | 'EVENT_TYPE_CLIENT_HANDOFF_REQUIRED'
      | 'EVENT_TYPE_LIVE_AGENT_JOINED'
      | 'EVENT_TYPE_LIVE_AGENT_LEFT';
  }
>;

export function applyHandoff(d: Draft, event: HandoffEvent, sequence: number | null): void {
  const notice = (n: Notice) => addNotice(d, `sys:${event.id}`, n, sequence, event.timestamp);
  switch (event.type) {
    case 'EVENT_TYPE_SERVICE_AGENT_TRIGGERED_HANDOFF':
      notice({ code: 'handoff-started' });
      return setStage(d, sequence, { stage: 'started' });
    case 'EVENT_TYPE_HANDOFF_ACCEPTED':
      notice({ code: 'handoff-accepted' });
      return setStage(d, sequence, { stage: 'started' });
    case 'EVENT_TYPE_HANDOFF_QUEUE_STATUS': {
      // Updates in place (periodic): no transcript item.
      const { queueName, positionInQueue, estimatedWaitSeconds } = event;
      const queue = {
        ...(queueName !== undefined ? { queueName } : {}),
        ...(positionInQueue !== undefined ? { positionInQueue } : {}),
        ...(estimatedWaitSeconds !== undefined ? { estimatedWaitSeconds } : {}),
      };
      return setStage(d, sequence, { stage: 'queued', queue });
    }
    case 'EVENT_TYPE_HANDOFF_FAILED':
      notice({ code: 'handoff-failed' });
      return setStage(d, sequence, { stage: 'failed' });
    case 'EVENT_TYPE_HANDOFF_TIMEOUT':
      notice({ code: 'handoff-timeout' });
      return setStage(d, sequence, { stage: 'timeout' });
    case 'EVENT_TYPE_CLIENT_HANDOFF_REQUIRED': {
      const { reason, queueName } = event;
      notice({ code: 'client-handoff', reason, ...(queueName !== undefined ? { queueName } : {}) });
      return setStage(d, sequence, { stage: 'client-required', reason, ...(queueName !== undefined ? { queue: { queueName } } : {}) });
    }
    case 'EVENT_TYPE_LIVE_AGENT_JOINED':
      addLiveAgent(d, event.agent, sequence);
      notice({ code: 'live-agent-joined', name: event.agent.name });
      return setStage(d, sequence, { stage: 'live-agent-joined' });
    case 'EVENT_TYPE_LIVE_AGENT_LEFT': {
      // Named after the join before it; renamed if that join arrives later (apply-events renameAll).
      const key = `sys:${event.id}`;
      const item = noticeItem(d, key, { code: 'live-agent-left' }, sequence, event.timestamp);
      if (!d.hasKey(key)) d.pushItem(withLeaverName(item, d.marks()));
      setTyping(d, sequence, null);
      return setStage(d, sequence, { stage: 'live-agent-left' });
    }
  }
}

function setStage(d: Draft, sequence: number | null, handoff: WebchatState['handoff']): void {
  if (d.claim('handoff', sequence)) d.set('handoff', handoff);
}

function addLiveAgent(d: Draft, agent: LiveAgent, sequence: number | null): void {
  const joins = d.mutableMarks().liveAgentJoins;
  insertJoin(joins, { sequence: sequence ?? d.here(), agent });
  d.joinsChanged = true;
  const latest = joins[joins.length - 1]?.agent;
  if (latest && latest !== d.get('liveAgent')) d.set('liveAgent', latest);
}

/** Name for a live-agent typing indicator: the agent with that id, else the one who joined last. */
export function liveAgentName(d: Draft, agentId: string | undefined): string | undefined {
  return liveAgentBefore(d.marks().liveAgentJoins, Infinity, agentId)?.agent.name || undefined;
}
