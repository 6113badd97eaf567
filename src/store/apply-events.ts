// `server-events`: one pass over a (flattened) batch. Each event is applied once (dedupe by id);
// order-dependent fields are settled by sequence (ReducerMarks), items are sorted once at the end.

import type { ServerEvent } from '../protocol/types';
import { Draft } from './draft';
import type { WebchatState } from './state';
import { addNotice, endSession, setTyping } from './common';
import { applyAgentMessage, applyUserEcho } from './messages';
import { applyChunk, assembleTouchedChunks } from './chunks';
import { applyHandoff, liveAgentName } from './handoff';
import { insertJoin, latestAgentJoin, withAuthor, withLeaverName } from './marks';

export function applyServerEvents(state: WebchatState, events: readonly ServerEvent[]): WebchatState {
  const d = new Draft(state);
  for (const event of events) {
    if (d.hasApplied(event.id)) continue;
    d.markApplied(event.id);
    // The parser only lets integers through; anything else is treated as "not in the history".
    const sequence = Number.isSafeInteger(event.sequence) ? event.sequence : null;
    if (sequence !== null && sequence > d.get('lastSequence')) d.set('lastSequence', sequence);
    applyEvent(d, event, sequence);
  }
  assembleTouchedChunks(d);
  if (d.joinsChanged) renameAll(d);
  return d.finish();
}

function applyEvent(d: Draft, event: ServerEvent, sequence: number | null): void {
  switch (event.type) {
    case 'EVENT_TYPE_SESSION_START':
      if (d.claim('capabilities', sequence)) d.set('capabilities', event.capabilities);
      return;
    case 'EVENT_TYPE_SERVICE_AGENT_JOINED': {
      const joins = d.mutableMarks().agentJoins;
      const avatar = event.agentAvatarUrl !== undefined ? { avatarUrl: event.agentAvatarUrl } : {};
      insertJoin(joins, { sequence: sequence ?? d.here(), name: event.agentName, ...avatar });
      d.joinsChanged = true;
      d.set('agentJoined', true);
      const latest = latestAgentJoin(joins);
      const agent = d.get('agent');
      if (latest && (agent?.name !== latest.name || agent.avatarUrl !== latest.avatarUrl)) {
        d.set('agent', { name: latest.name, ...(latest.avatarUrl !== undefined ? { avatarUrl: latest.avatarUrl } : {}) });
      }
      return;
    }
    case 'EVENT_TYPE_SERVICE_AGENT_THINKING': {
      if (d.get('ended')) return;
      const name = d.get('agent')?.name || undefined;
      return setTyping(d, sequence, name === undefined ? { who: 'agent' } : { who: 'agent', name });
    }
    case 'EVENT_TYPE_SERVICE_AGENT_MESSAGE':
    case 'EVENT_TYPE_LIVE_AGENT_MESSAGE':
      return applyAgentMessage(d, event, sequence);
    case 'EVENT_TYPE_SERVICE_AGENT_MESSAGE_CHUNK':
      return applyChunk(d, event, sequence);
    case 'EVENT_TYPE_SERVICE_AGENT_LEFT':
      if (d.get('typing')?.who === 'agent') setTyping(d, sequence, null);
      return;
    case 'EVENT_TYPE_SERVICE_AGENT_TRIGGERED_HANDOFF':
    case 'EVENT_TYPE_HANDOFF_ACCEPTED':
    case 'EVENT_TYPE_HANDOFF_QUEUE_STATUS':
    case 'EVENT_TYPE_HANDOFF_FAILED':
    case 'EVENT_TYPE_HANDOFF_TIMEOUT':
    case 'EVENT_TYPE_CLIENT_HANDOFF_REQUIRED':
    case 'EVENT_TYPE_LIVE_AGENT_JOINED':
    case 'EVENT_TYPE_LIVE_AGENT_LEFT':
      return applyHandoff(d, event, sequence);
    case 'EVENT_TYPE_LIVE_AGENT_TYPING': {
      if (d.get('ended')) return;
      if (event.state === 'TYPING_STATE_STOPPED') {
        if (d.get('typing')?.who === 'live-agent') setTyping(d, sequence, null);
        return;
      }
      const name = liveAgentName(d, event.agentId);
      return setTyping(d, sequence, name === undefined ? { who: 'live-agent' } : { who: 'live-agent', name });
    }
    case 'EVENT_TYPE_SESSION_END':
      return endSession(d, event.reason, sequence, { key: `sys:${event.id}`, timestamp: event.timestamp });
    case 'EVENT_TYPE_SYSTEM_MESSAGE':
      return addNotice(d, `sys:${event.id}`, { code: 'system', level: event.level, message: event.message }, sequence, event.timestamp);
    case 'EVENT_TYPE_LANGUAGE_CHANGED':
      if (d.claim('language', sequence)) d.set('language', event.languageCode);
      return;
    case 'EVENT_TYPE_USER_MESSAGE':
      return applyUserEcho(d, event, sequence);
    case 'EVENT_TYPE_REQUEST_SERVICE_AGENT_JOIN':
    case 'EVENT_TYPE_USER_END_SESSION':
    case 'EVENT_TYPE_HEARTBEAT':
    case 'EVENT_TYPE_USER_TYPING':
      // Echoes of what this client sent: recorded as applied, nothing to show. A join REQUEST is
      // not a join: only SERVICE_AGENT_JOINED sets agentJoined.
      return;
  }
}

/** A join arrived: messages and "left" notices after it (possibly applied earlier) take its name. */
function renameAll(d: Draft): void {
  const marks = d.marks();
  d.items().forEach((item, index) => {
    if (item.kind === 'agent' || item.kind === 'live-agent') d.replaceItem(index, withAuthor(item, marks));
    else if (item.kind === 'system') d.replaceItem(index, withLeaverName(item, marks));
  });
  d.joinsChanged = false;
}
