// One session's WebSocket, reconnected on our own policy: the jittered backoff of PROTOCOL §6.4 on
// the injected clock, consecutive failures counted against the session's limit, attempts held
// while the browser is offline, early wake-ups, and giving up reported rather than silent. The URL
// is asked for anew before every attempt, so it always carries the current cursor. (This replaced
// reconnecting-websocket, whose own delays, queue and retry limit were all switched off in favour
// of exactly this policy: ~3 KB gzip saved.)

import { backoffDelay } from '../backoff';
import type { TimerId } from '../../client/clock';
import type { WebSocketConstructor, WebSocketLike } from '../../client/types';
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

/**
 * An attempt that neither opens nor fails within this time is abandoned (and counts as failed).
 * Wall time, not the injected clock: it guards against a handshake stuck in the network stack, and
 * tests that move the clock while a socket waits to be opened must not trip it.
 */
const CONNECT_TIMEOUT_MS = 10_000;
const OPEN = 1;

export function openSocket(d: SocketDeps): MessagingSocket {
  let ws: WebSocketLike | undefined;
  let opened = false;
  let failures = 0;
  let closed = false;
  let timer: TimerId | undefined;
  let connectTimer: ReturnType<typeof setTimeout> | undefined;
  /** The pending attempt (after the backoff, or once online), for wake(). */
  let waiting: (() => void) | undefined;

  const attempt = () => {
    d.timers.clear(timer);
    waiting = undefined;
    if (closed) return;
    if (!d.isOnline()) {
      // Attempts made offline fail at once and would use up the session's attempts.
      d.onOffline();
      waiting = attempt;
      return;
    }
    const url = d.url();
    if (url === undefined) return;
    const socket = new d.WebSocket(url);
    ws = socket;
    opened = false;
    connectTimer = setTimeout(drop, CONNECT_TIMEOUT_MS);
    socket.addEventListener('open', () => {
      if (ws !== socket) return;
      clearTimeout(connectTimer);
      failures = 0;
      opened = true;
      d.onOpen();
    });
    socket.addEventListener('message', (event) => {
      if (ws === socket && typeof event.data === 'string') d.onMessage(event.data);
    });
    // Browsers report a failed handshake as error then close; whichever comes first ends the
    // attempt, and events of a socket already let go are ignored.
    const gone = () => ws === socket && drop();
    socket.addEventListener('error', gone);
    socket.addEventListener('close', gone);
  };

  /** The current socket is gone (closed, failed or timed out): report it and schedule the next attempt. */
  function drop() {
    const socket = ws;
    if (!socket || closed) return;
    ws = undefined;
    clearTimeout(connectTimer);
    socket.close();
    if (!opened) failures++;
    d.onClose();
    if (closed) return;
    if (failures >= d.maxFailures()) return d.onGiveUp();
    timer = d.timers.set(attempt, backoffDelay(failures, d.random));
    waiting = attempt;
  }

  attempt();
  return {
    send(data) {
      if (ws?.readyState !== OPEN) return false;
      ws.send(data);
      return true;
    },
    isOpen: () => ws?.readyState === OPEN,
    wake: () => waiting?.(),
    reconnect() {
      if (ws?.readyState === OPEN) drop();
    },
    close() {
      closed = true;
      waiting = undefined;
      d.timers.clear(timer);
      clearTimeout(connectTimer);
      ws?.close();
      ws = undefined;
    },
  };
}
