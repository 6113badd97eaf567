// Reads something now and again every `intervalMs` while the page is visible: the console's
// "live" is polling the same APIs a client reads (no push channel the platform does not have).

import { useEffect, useRef, useState } from 'preact/hooks';

export interface Polled<T> {
  data: T | undefined;
  error: string | undefined;
  /** Epoch ms of the last successful read. */
  updatedAt: number | undefined;
}

export const LIVE_INTERVAL_MS = 2_000;

export function usePolling<T>(load: (signal: AbortSignal) => Promise<T>, key: string, intervalMs = LIVE_INTERVAL_MS): Polled<T> {
  const [state, setState] = useState<Polled<T>>({ data: undefined, error: undefined, updatedAt: undefined });
  const loadRef = useRef(load);
  loadRef.current = load;

  useEffect(() => {
    // A new key (other filters) starts afresh: the old data belongs to another question.
    setState({ data: undefined, error: undefined, updatedAt: undefined });
    let stopped = false;
    let timer: ReturnType<typeof setTimeout> | undefined;
    let controller: AbortController | undefined;
    const run = async (): Promise<void> => {
      if (stopped) return;
      if (document.visibilityState === 'visible') {
        controller = new AbortController();
        try {
          const data = await loadRef.current(controller.signal);
          if (!stopped) setState({ data, error: undefined, updatedAt: Date.now() });
        } catch (error) {
          if (!stopped) setState((previous) => ({ ...previous, error: error instanceof Error ? error.message : String(error) }));
        }
      }
      if (!stopped && intervalMs > 0) timer = setTimeout(run, intervalMs);
    };
    void run();
    const onVisible = (): void => {
      if (document.visibilityState !== 'visible' || stopped) return;
      clearTimeout(timer);
      void run();
    };
    document.addEventListener('visibilitychange', onVisible);
    return () => {
      stopped = true;
      clearTimeout(timer);
      controller?.abort();
      document.removeEventListener('visibilitychange', onVisible);
    };
  }, [key, intervalMs]);

  return state;
}
