// The only way the store changes. Pure and total: any action on any valid state gives a valid
// state, and an action that changes nothing returns the same state object.

import type { StoreAction, WebchatState } from './state';
import { createInitialState } from './state';
import { applyServerEvents } from './apply-events';
import { applyLocalAction } from './local-actions';

export function reduce(state: WebchatState, action: StoreAction): WebchatState {
  switch (action.type) {
    case 'server-events':
      return action.events.length === 0 ? state : applyServerEvents(state, action.events);
    case 'reset':
      return reset(state);
    default:
      return applyLocalAction(state, action);
  }
}

/** A new session: nothing of the old one survives but the connection status (and its error). */
function reset(state: WebchatState): WebchatState {
  const next: WebchatState = { ...createInitialState(), status: state.status };
  if (state.error) next.error = state.error;
  return isPristine(state, next) ? state : next;
}

function isPristine(state: WebchatState, fresh: WebchatState): boolean {
  if (state.items.length > 0 || state.lastSequence !== 0 || state.marks) return false;
  return JSON.stringify(state) === JSON.stringify(fresh);
}
