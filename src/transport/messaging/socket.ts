// One session's WebSocket, kept alive by reconnecting-websocket. Its own backoff is switched off
// (zero delay, no retry limit, no queue) because it runs on the global setTimeout, has no jitter
// and stops silently at maxRetries; instead the URL provider — which it awaits before every
// attempt — waits our own jittered, injectable-clock backoff, counts consecutive failures, holds
// attempts while the browser is offline and can be woken early. Giving up is reported, not silent.

import ReconnectingWebSocket from 'reconnecting-websocket';
import { backoffDelay } from '../backoff';
import type { WebSocketConstructor } from '../../client/types';
import type { Timers } from '../timers';

export interface SocketDeps {
  WebSocket: WebSocketConstructor;
  timers: Timers;
  random(): number;
  isOnline(): boolean;
  /** URL for the next attempt (carries the current cursor); undefined: do not connect (lost). */
  url(): string | undefined;
  /** Consecutive failed attempts allowed; read per attempt since capabilities arrive later. */
  maxFailures(): number;
  onOpen(): void;
  onMessage(data: string): void;
  /** The socket closed (dropped or an attempt failed); a reconnect follows unless given up. */
  onClose(): void;
  /** Waiting for the network before the next attempt. */
  onOffline(): void;
  onGiveUp(): void;
}

export interface MessagingSocket {
  send(data: string): boolean;
  isOpen(): boolean;
  /** Network back or page visible: attempt now instead of after the backoff. */
  wake(): void;
  /** Drop the current connection and connect again (transient server errors). */
  reconnect(): void;
  close(): void;
}

const CONNECT_TIMEOUT_MS = 10_000;

export function openSocket(d: SocketDeps): MessagingSocket {
  let failures = 0;
  let openedThisAttempt = false;
  let first = true;
  let closed = false;
  let waiting: (() => void) | undefined;

  const nextUrl = () =>
    new Promise<string>((resolve) => {
      const attempt = () => {
        waiting = undefined;
        if (closed) return;
        if (!d.isOnline()) {
          // Attempts made offline fail at once and would use up the session's attempts.
          d.onOffline();
          waiting = attempt;
          return;
        }
        const url = d.url();
        if (url !== undefined) resolve(url);
      };
      if (first) {
        first = false;
        attempt();
        return;
      }
      if (failures >= d.maxFailures()) {
        d.onGiveUp();
        return;
      }
      const id = d.timers.set(attempt, backoffDelay(failures, d.random));
      waiting = () => {
        d.timers.clear(id);
        attempt();
      };
    });

  const rws = new ReconnectingWebSocket(nextUrl, undefined, {
    WebSocket: d.WebSocket,
    minReconnectionDelay: 0,
    maxReconnectionDelay: 0,
    connectionTimeout: CONNECT_TIMEOUT_MS,
    maxEnqueuedMessages: 0,
  });
  rws.addEventListener('open', () => {
    if (closed) return;
    failures = 0;
    openedThisAttempt = true;
    d.onOpen();
  });
  rws.addEventListener('message', (event) => {
    if (!closed && typeof event.data === 'string') d.onMessage(event.data);
  });
  rws.addEventListener('close', () => {
    if (closed) return;
    if (!openedThisAttempt) failures++;
    openedThisAttempt = false;
    d.onClose();
  });

  return {
    send(data) {
      if (closed || rws.readyState !== rws.OPEN) return false;
      rws.send(data);
      return true;
    },
    isOpen: () => !closed && rws.readyState === rws.OPEN,
    wake() {
      waiting?.();
    },
    reconnect() {
      if (!closed && rws.readyState === rws.OPEN) rws.reconnect();
    },
    close() {
      closed = true;
      waiting = undefined;
      rws.close();
    },
  };
}
