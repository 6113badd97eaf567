import { useLayoutEffect, useRef } from 'preact/hooks';
import type { WebchatClient } from '../../client/types';

/** The session starts when the visitor first opens the panel (or at once inline / open), not on page load. */
export function useConnectOnFirstOpen(client: WebchatClient, open: boolean): void {
  const connected = useRef(false);
  useLayoutEffect(() => {
    if (open && !connected.current) {
      connected.current = true;
      client.connect();
    }
  }, [client, open]);
}
