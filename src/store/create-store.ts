// The store: zustand vanilla around the pure reducer. Subscribers are notified only on change.

import { createStore, type StoreApi } from 'zustand/vanilla';
import { reduce } from './reducer';
import { createInitialState, type StoreAction, type WebchatState } from './state';

export interface WebchatStore {
  store: StoreApi<WebchatState>;
  dispatch(action: StoreAction): void;
}

export function createWebchatStore(initial: WebchatState = createInitialState()): WebchatStore {
  const store = createStore<WebchatState>()(() => initial);
  const dispatch = (action: StoreAction): void => {
    const current = store.getState();
    const next = reduce(current, action);
    // replace: fields the reducer removed (error, typing…) must not survive a merge.
    if (next !== current) store.setState(next, true);
  };
  return { store, dispatch };
}
