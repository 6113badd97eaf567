// `server-events`: one pass over a (flattened) batch. Each event is applied once (dedupe by id);
// order-dependent fields are settled by sequence (ReducerMarks), items are sorted once at the end.
// Handoff events move the stage (the newest by sequence wins) and most leave a notice at their
// sequence in the transcript.

import type { ServerEvent } from '../protocol/types';
import { createDraft, finishDraft, ownCopy, type Draft } from './draft';
import type { AgentJoin, Notice, WebchatState } from './state';
import { addNotice, endSession, setTyping } from './common';
import { applyAgentMessage, applyUserEcho } from './messages';
import { joinBefore, withAuthor } from './authors';

export function applyServerEvents(state: WebchatState, events: readonly ServerEvent[]): WebchatState {
  const d = createDraft(state);
  const { s } = d;
  // A join (or a "left" notice) may name items applied before it: renamed once at the end.
  let rename = false;
  for (const e of events) {
    if (Object.hasOwn(s.appliedIds, e.id)) continue;
    if (s.appliedIds === state.appliedIds) s.appliedIds = ownCopy(s.appliedIds);
    s.appliedIds[e.id] = true;
    // The parser only lets integers through; anything else is treated as "not in the history".
    const sequence = Number.isSafeInteger(e.sequence) ? e.sequence : null;
    if (sequence !== null && sequence > s.lastSequence) s.lastSequence = sequence;
    let handoff: WebchatState['handoff'] | undefined;
    let notice: Notice | undefined;
    switch (e.type) {
      case 'EVENT_TYPE_SESSION_START':
        if (d.claim('capabilities', sequence)) s.capabilities = e.capabilities;
        break;
      case 'EVENT_TYPE_SERVICE_AGENT_JOINED':
        s.agentJoined = rename = true;
        addJoin(d, { sequence: sequence ?? s.lastSequence, live: false, agent: { name: e.agentName, avatarUrl: e.agentAvatarUrl } });
        break;
      case 'EVENT_TYPE_SERVICE_AGENT_THINKING':
        if (!s.ended) setTyping(d, sequence, { who: 'agent', name: s.agent?.name || undefined });
        break;
      case 'EVENT_TYPE_SERVICE_AGENT_MESSAGE':
      case 'EVENT_TYPE_LIVE_AGENT_MESSAGE':
      case 'EVENT_TYPE_SERVICE_AGENT_MESSAGE_CHUNK':
        applyAgentMessage(d, e, sequence);
        break;
      case 'EVENT_TYPE_SERVICE_AGENT_LEFT':
        if (s.typing?.who === 'agent') setTyping(d, sequence, null);
        break;
      case 'EVENT_TYPE_SERVICE_AGENT_TRIGGERED_HANDOFF':
        notice = { code: 'handoff-started' };
        handoff = { stage: 'started' };
        break;
      case 'EVENT_TYPE_HANDOFF_ACCEPTED':
        notice = { code: 'handoff-accepted' };
        handoff = { stage: 'started' };
        break;
      case 'EVENT_TYPE_HANDOFF_QUEUE_STATUS':
        // Updates in place (periodic): no transcript item.
        handoff = { stage: 'queued', queue: { queueName: e.queueName, positionInQueue: e.positionInQueue, estimatedWaitSeconds: e.estimatedWaitSeconds } };
        break;
      case 'EVENT_TYPE_HANDOFF_FAILED':
        notice = { code: 'handoff-failed' };
        handoff = { stage: 'failed' };
        break;
      case 'EVENT_TYPE_HANDOFF_TIMEOUT':
        notice = { code: 'handoff-timeout' };
        handoff = { stage: 'timeout' };
        break;
      case 'EVENT_TYPE_CLIENT_HANDOFF_REQUIRED': {
        const { reason, queueName } = e;
        notice = { code: 'client-handoff', reason, queueName };
        handoff = { stage: 'client-required', reason, ...(queueName !== undefined && { queue: { queueName } }) };
        break;
      }
      case 'EVENT_TYPE_LIVE_AGENT_JOINED':
        addJoin(d, { sequence: sequence ?? s.lastSequence, live: true, agent: e.agent });
        notice = { code: 'live-agent-joined', name: e.agent.name };
        handoff = { stage: 'live-agent-joined' };
        rename = true;
        break;
      case 'EVENT_TYPE_LIVE_AGENT_LEFT':
        // Named after the join before it, by the renaming at the end.
        notice = { code: 'live-agent-left' };
        handoff = { stage: 'live-agent-left' };
        rename = true;
        setTyping(d, sequence, null);
        break;
      case 'EVENT_TYPE_LIVE_AGENT_TYPING':
        if (s.ended) break;
        if (e.state === 'TYPING_STATE_STARTED') {
          setTyping(d, sequence, { who: 'live-agent', name: joinBefore(s.marks.joins, Infinity, true, e.agentId)?.agent.name || undefined });
        } else if (s.typing?.who === 'live-agent') setTyping(d, sequence, null);
        break;
      case 'EVENT_TYPE_SESSION_END':
        if (!s.ended) notice = { code: 'session-ended', reason: e.reason };
        endSession(d, e.reason, sequence);
        break;
      case 'EVENT_TYPE_SYSTEM_MESSAGE':
        notice = { code: 'system', level: e.level, message: e.message };
        break;
      case 'EVENT_TYPE_LANGUAGE_CHANGED':
        if (d.claim('language', sequence)) s.language = e.languageCode;
        break;
      case 'EVENT_TYPE_USER_MESSAGE':
        applyUserEcho(d, e, sequence);
      // Other echoes of what this client sent are recorded as applied, nothing to show. A join
      // REQUEST is not a join: only SERVICE_AGENT_JOINED sets agentJoined.
    }
    if (notice) addNotice(d, `sys:${e.id}`, notice, sequence, e.timestamp);
    if (handoff && d.claim('handoff', sequence)) s.handoff = handoff;
  }
  if (rename) for (const item of s.items) d.put(withAuthor(item, s.marks.joins));
  return finishDraft(d);
}

/** Keeps joins sorted by sequence (stable: equal sequences in arrival order); the latest one is the current agent. */
function addJoin(d: Draft, join: AgentJoin): void {
  const { s } = d;
  const joins = [...s.marks.joins, join].sort((a, b) => a.sequence - b.sequence);
  d.mark({ joins });
  const latest = joinBefore(joins, Infinity, join.live);
  if (latest?.live) {
    if (latest.agent !== s.liveAgent) s.liveAgent = latest.agent;
  } else if (latest && (latest.agent.name !== s.agent?.name || latest.agent.avatarUrl !== s.agent.avatarUrl)) {
    s.agent = latest.agent;
  }
}
