// Coalesces store changes into frames. The store may change many times per frame (every
// WebSocket frame dispatches); the UI re-renders at most once per animation frame, with a timeout
// beside it for when frames do not come (no requestAnimationFrame, hidden tab).
import type { StoreApi } from 'zustand/vanilla';

/** Longest wait for a frame before updating anyway (background tabs get no frames). */
const FRAME_TIMEOUT_MS = 100;

/** Calls `update` once, on the next frame, after the store changed. Returns unsubscribe (which also drops a pending call). */
export function onFrames(store: StoreApi<unknown>, update: () => void): () => void {
  let frameRequest: number | undefined;
  let fallbackTimer: ReturnType<typeof setTimeout> | undefined;
  const cancelPending = () => {
    if (frameRequest) cancelAnimationFrame(frameRequest);
    clearTimeout(fallbackTimer);
    fallbackTimer = undefined;
  };
  const flush = () => {
    if (fallbackTimer) {
      cancelPending();
      update();
    }
  };
  const unsubscribe = store.subscribe(() => {
    if (fallbackTimer) return; // already pending
    fallbackTimer = setTimeout(flush, FRAME_TIMEOUT_MS);
    frameRequest = window.requestAnimationFrame?.(flush);
  });
  return () => {
    unsubscribe();
    cancelPending();
  };
}

/**
 * Runs `callback` when the main thread is next idle: after the frame being prepared is painted.
 * A task where there is no idle callback (Safari): input and paint may still come between.
 */
export const whenIdle = (callback: () => void): unknown =>
  'requestIdleCallback' in window ? requestIdleCallback(callback) : setTimeout(callback);
