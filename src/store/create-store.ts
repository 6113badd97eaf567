// The store around the pure reducer: zustand's vanilla store (no React), where every action is
// applied as `reduce(state, action)`.

import { createStore, type StoreApi } from 'zustand/vanilla';
import { reduce } from './reducer';
import { createInitialState, type StoreAction, type WebchatState } from './state';

export interface WebchatStore {
  store: StoreApi<WebchatState>;
  dispatch(action: StoreAction): void;
}

export function createWebchatStore(initial: WebchatState = createInitialState()): WebchatStore {
  const store = createStore<WebchatState>()(() => initial);
  // replace: fields the reducer removed (error, typing…) must not survive a merge.
  const dispatch = (action: StoreAction) => store.setState(reduce(store.getState(), action), true);
  return { store, dispatch };
}
