import { useLayoutEffect, useState } from 'preact/hooks';
import type { StoreApi } from 'zustand/vanilla';
import { onFrames } from '../frames';

/**
 * The store's state, updated at most once per animation frame however often the store changes
 * (every WebSocket frame dispatches): one render per frame.
 */
export function useStoreInFrames<State>(store: StoreApi<State>): State {
  const [state, setState] = useState(() => store.getState());
  useLayoutEffect(() => {
    const takeLatest = () => setState(store.getState());
    const unsubscribe = onFrames(store, takeLatest);
    takeLatest(); // it may have changed between the first render and this subscription
    return unsubscribe;
  }, [store]);
  return state;
}
