// A tiny useSyncExternalStore for a zustand vanilla store (no 'zustand' React entry).
import { useLayoutEffect, useReducer, useRef } from 'preact/hooks';
import type { StoreApi } from 'zustand/vanilla';

export function useStore<S, T>(store: StoreApi<S>, selector: (state: S) => T): T {
  const [, rerender] = useReducer((n: number) => n + 1, 0);
  const value = selector(store.getState());
  const latest = useRef({ value, selector });
  latest.current = { value, selector };
  useLayoutEffect(() => {
    const check = () => {
      const l = latest.current;
      if (!Object.is(l.selector(store.getState()), l.value)) rerender(0);
    };
    check(); // the store may have changed between render and subscribe
    return store.subscribe(check);
  }, [store]);
  return value;
}
