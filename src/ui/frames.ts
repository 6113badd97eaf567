// Coalesces store changes into frames. The store may change many times per frame (every
// WebSocket frame dispatches); the UI re-renders at most once per animation frame, with a timeout
// beside it for when frames do not come (no requestAnimationFrame, hidden tab).
import type { StoreApi } from 'zustand/vanilla';

/** Calls `update` once, on the next frame, after the store changed. Returns unsubscribe (which also drops a pending call). */
export function onFrames(store: StoreApi<unknown>, update: () => void): () => void {
  let raf: number | undefined, timer: ReturnType<typeof setTimeout> | undefined;
  const cancel = () => {
    if (raf) cancelAnimationFrame(raf);
    clearTimeout(timer);
    timer = undefined;
  };
  const flush = () => {
    if (timer) {
      cancel();
      update();
    }
  };
  const off = store.subscribe(() => {
    if (timer) return;
    timer = setTimeout(flush, 100);
    raf = window.requestAnimationFrame?.(flush);
  });
  return () => {
    off();
    cancel();
  };
}
