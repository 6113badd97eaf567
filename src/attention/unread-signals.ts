// The host event `unread`: the count a widget shows, on every change. The count itself is the
// store's (`state.unread`, one for all the tabs); a panel open in this tab shows none.

import type { StoreApi } from 'zustand/vanilla';
import type { WebchatState } from '../store/state';

export interface UnreadSignalsSetup {
  store: StoreApi<WebchatState>;
  isOpen(): boolean;
  emit(count: number): void;
}

export interface UnreadSignals {
  /** The panel opened or closed. */
  update(): void;
  stop(): void;
}

export function signalUnread({ store, isOpen, emit }: UnreadSignalsSetup): UnreadSignals {
  let shown = 0;
  const show = (state: WebchatState) => {
    const count = isOpen() ? 0 : (state.unread ?? 0);
    if (count === shown) return;
    shown = count;
    emit(count);
  };
  const update = () => show(store.getState());
  // A count restored as the widget mounts is heard by the listeners registered right after it.
  queueMicrotask(update);
  return { update, stop: store.subscribe(show) };
}
