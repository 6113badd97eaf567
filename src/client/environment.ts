// Where "the network is back / the page is visible again" comes from. In a browser: window
// `online` and document `visibilitychange`; elsewhere (node, workers without DOM): always online.

import type { ClientEnvironment } from './types';

export function defaultEnvironment(): ClientEnvironment {
  const win = typeof window === 'undefined' ? undefined : window;
  const doc = typeof document === 'undefined' ? undefined : document;
  return {
    onWake(listener) {
      const onVisible = () => {
        if (doc?.visibilityState === 'visible') listener();
      };
      win?.addEventListener('online', listener);
      doc?.addEventListener('visibilitychange', onVisible);
      return () => {
        win?.removeEventListener('online', listener);
        doc?.removeEventListener('visibilitychange', onVisible);
      };
    },
    // navigator.onLine is only trustworthy when false (no network interface at all).
    isOnline: () => typeof navigator === 'undefined' || navigator.onLine !== false,
    hostname: () => (typeof location === 'undefined' ? undefined : location.hostname || undefined),
  };
}
