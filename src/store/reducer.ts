// The only way the store changes. Pure and total: any action on any valid state gives a valid
// state, and an action that changes nothing returns the same state object.

import type { StoreAction, WebchatState } from './state';
import { createInitialState } from './state';
import { applyServerEvents } from './apply-events';
import { applyLocalAction } from './local-actions';

export function reduce(state: WebchatState, action: StoreAction): WebchatState {
  if (action.type === 'server-events') return action.events.length ? applyServerEvents(state, action.events) : state;
  if (action.type !== 'reset') return applyLocalAction(state, action);
  // A new session: nothing of the old one survives but the connection status (and its error).
  const next: WebchatState = { ...createInitialState(), status: state.status, error: state.error };
  if (!state.error) delete next.error;
  return !state.items.length && JSON.stringify(state) === JSON.stringify(next) ? state : next;
}
