// The messaging socket: one ReconnectingWebSocket per session. The library reopens the socket
// after every close and asks `nextUrl` for each attempt's URL; the transport's URL provider is
// where the backoff, the wait for the network and the fresh cursor go, so the library's own delays
// are zero. Messages are never queued here (the outbox owns delivery), and the library never gives
// up on its own: the transport decides when a session is lost and closes the socket then.

import ReconnectingWebSocket from 'reconnecting-websocket';
import type { WebSocketConstructor } from '../../contract/client';
import { pendingForever } from '../pending-forever';
import { CONNECT_TIMEOUT_MS } from './timings';

export interface MessagingSocketHandlers {
  /** Builds the URL of the next attempt; may wait (backoff, network) before it resolves. */
  nextUrl(): Promise<string>;
  onOpen(): void;
  onMessage(text: string): void;
  /** An open socket dropped, or an attempt failed or timed out: the next attempt is on its way. */
  onClose(): void;
}

export interface MessagingSocket {
  /** false when no socket is open (the frame is not sent, nor queued). */
  send(frame: string): boolean;
  isOpen(): boolean;
  /** Drops the current socket and starts the next attempt (through `nextUrl`). */
  reconnect(): void;
  /** Closes for good; no handler runs afterwards. */
  close(): void;
}

export function openMessagingSocket(WebSocket: WebSocketConstructor, handlers: MessagingSocketHandlers): MessagingSocket {
  let closed = false;
  const socket = new ReconnectingWebSocket(() => (closed ? pendingForever() : handlers.nextUrl()), undefined, {
    WebSocket,
    connectionTimeout: CONNECT_TIMEOUT_MS,
    // The transport's URL provider waits the backoff (src/transport/backoff.ts) with jitter.
    minReconnectionDelay: 0,
    maxReconnectionDelay: 0,
    maxEnqueuedMessages: 0,
  });
  // A failed attempt reaches us as close (the library turns error and timeout into a close too).
  socket.addEventListener('open', () => {
    if (!closed) handlers.onOpen();
  });
  socket.addEventListener('message', (event) => {
    if (!closed && typeof event.data === 'string') handlers.onMessage(event.data);
  });
  socket.addEventListener('close', () => {
    if (!closed) handlers.onClose();
  });

  const isSocketOpen = () => socket.readyState === ReconnectingWebSocket.OPEN;
  return {
    send(frame) {
      const open = !closed && isSocketOpen();
      if (open) socket.send(frame);
      return open;
    },
    isOpen: isSocketOpen,
    reconnect: () => socket.reconnect(),
    close() {
      closed = true;
      socket.close();
    },
  };
}
