// The store around the pure reducer: a zustand-compatible StoreApi (the public type of
// `client.store`) in a few lines, without the dependency in the script bundle. Subscribers are
// notified only on change, with (state, previous state).

import type { StoreApi } from 'zustand/vanilla';
import { reduce } from './reducer';
import { createInitialState, type StoreAction, type WebchatState } from './state';

export interface WebchatStore {
  store: StoreApi<WebchatState>;
  dispatch(action: StoreAction): void;
}

type Listener = (state: WebchatState, previous: WebchatState) => void;

export function createWebchatStore(initial: WebchatState = createInitialState()): WebchatStore {
  let state = initial;
  const listeners = new Set<Listener>();
  /** A partial state is merged (as zustand does); `replace` swaps the whole state. */
  const setState = (
    partial: WebchatState | Partial<WebchatState> | ((s: WebchatState) => WebchatState | Partial<WebchatState>),
    replace?: boolean,
  ) => {
    const next = typeof partial === 'function' ? partial(state) : partial;
    if (!Object.is(next, state)) {
      const previous = state;
      state = replace ? (next as WebchatState) : { ...state, ...next };
      listeners.forEach((listener) => listener(state, previous));
    }
  };
  const store = {
    getState: () => state,
    getInitialState: () => initial,
    setState,
    subscribe(listener: Listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  } as StoreApi<WebchatState>;
  // replace: fields the reducer removed (error, typing…) must not survive a merge.
  return { store, dispatch: (action) => setState(reduce(state, action), true) };
}
