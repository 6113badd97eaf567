// The only way the store changes. Pure and total: any action on any valid state gives a valid
// state, and an action that changes nothing returns the same state object.
//
// It composes one module per concern: dedupe of server events (applied-ids.ts), what each event
// does (event-handlers.ts: messages and chunks, user messages, agents, handoff, session, typing,
// notices), the events the client makes itself (local-events.ts), its other actions, and the transcript kept in order (transcript-draft.ts).
// One action works on one draft (draft.ts): a 5,000-event replay copies the state once, not
// 5,000 times.

import { createInitialState, type StoreAction, type WebchatState } from '../state';
import { renameAuthors } from './agents';
import { draftAppliedIds } from './applied-ids';
import { createDraft, type Draft, type EventOutcome, INITIAL_MARKS } from './draft';
import { applyServerEvent } from './event-handlers';
import { serverEventOf } from './local-events';
import { addLocalNotice, addNotice } from './notices';
import { applyStatus } from './session';
import { setTyping } from './typing';
import { applyUserAction } from './user-messages';

type ServerEventsAction = Extract<StoreAction, { type: 'server-events' }>;

/** A new session: nothing of the old one survives but the connection status (and its error). */
function reset(state: WebchatState): WebchatState {
  const next: WebchatState = { ...createInitialState(), status: state.status, error: state.error };
  if (!state.error) delete next.error;
  const alreadyInitial = !state.items.length && !state.appliedIds.base.size && JSON.stringify(state) === JSON.stringify(next);
  return alreadyInitial ? state : next;
}

/** Each event once (dedupe by id), in arrival order; the transcript is sorted at the end. */
function applyServerEvents(action: ServerEventsAction, state: WebchatState, draft: Draft): void {
  if (action.history) {
    draft.state.restored = (state.restored ?? 0) + 1;
    draft.history = true;
  }
  const appliedIds = draftAppliedIds(state.appliedIds, action.events.length);
  for (const event of action.events) {
    if (appliedIds.isApplied(event.id)) continue;
    appliedIds.add(event.id);
    // The parser only lets integers through; anything else is treated as "not in the history".
    const sequence = Number.isSafeInteger(event.sequence) ? event.sequence : null;
    if (sequence !== null && sequence > draft.state.lastSequence) draft.state.lastSequence = sequence;
    const outcome: EventOutcome = {};
    applyServerEvent(event.type, event, sequence, draft, outcome);
    if (outcome.notice) addNotice(draft, `sys:${event.id}`, outcome.notice, sequence, event.timestamp);
    if (outcome.handoff && draft.claim('handoff', sequence)) draft.state.handoff = outcome.handoff;
  }
  draft.state.appliedIds = appliedIds.result();
  if (draft.renameAuthors) renameAuthors(draft);
}

function applyAction(action: Exclude<StoreAction, { type: 'reset' }>, state: WebchatState, draft: Draft): void {
  switch (action.type) {
    case 'server-events':
      return applyServerEvents(action, state, draft);
    case 'local-events': {
      const events = action.events.map((event) => serverEventOf(event, action.timestamp));
      return applyServerEvents({ type: 'server-events', events }, state, draft);
    }
    case 'user-send':
    case 'user-failed':
    case 'user-retry':
    case 'user-sent':
      return applyUserAction(action, draft);
    case 'status':
      return applyStatus(action, draft);
    case 'typing':
      if (!action.typing || !draft.state.ended) setTyping(draft, null, action.typing);
      return;
    case 'notice':
      return addLocalNotice(draft, action.notice, action.timestamp);
    case 'unread':
      draft.state.unread = action.count > 0 ? Math.floor(action.count) : undefined;
      return;
  }
}

/**
 * The draft as the next state: optional fields set to undefined are removed, so "cleared" looks
 * like "never set"; an action that changed nothing gives back `state` itself.
 */
function settle(state: WebchatState, draft: Draft): WebchatState {
  const next = draft.state;
  next.items = draft.transcript.finish();
  let changed = false;
  for (const key of Object.keys(next) as (keyof WebchatState)[]) {
    if (next[key] === undefined || next[key] === INITIAL_MARKS) delete next[key];
    else if (next[key] !== state[key]) changed = true;
  }
  for (const key of Object.keys(state) as (keyof WebchatState)[]) if (!(key in next) && state[key] !== undefined) changed = true;
  return changed ? next : state;
}

export function reduce(state: WebchatState, action: StoreAction): WebchatState {
  if (action.type === 'reset') return reset(state);
  if ((action.type === 'server-events' || action.type === 'local-events') && !action.events.length) return state;
  const draft = createDraft(state);
  applyAction(action, state, draft);
  return settle(state, draft);
}
