// Where "the network is back / the page is visible again" comes from. In a browser: window
// `online` and document `visibilitychange`; elsewhere (node, workers without DOM): always online.

import type { ClientEnvironment } from '../contract/client';

export function defaultEnvironment(): ClientEnvironment {
  const { window: win, document: doc } = globalThis;
  return {
    onWake(listener) {
      const onVisible = () => doc.visibilityState === 'visible' && listener();
      const listen = (method: 'addEventListener' | 'removeEventListener') => {
        win?.[method]('online', listener);
        doc?.[method]('visibilitychange', onVisible);
      };
      listen('addEventListener');
      return () => listen('removeEventListener');
    },
    // navigator.onLine is only trustworthy when false (no network interface at all).
    isOnline: () => globalThis.navigator?.onLine !== false,
    hostname: () => globalThis.location?.hostname || undefined,
  };
}
