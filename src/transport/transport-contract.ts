// The narrow contract between the client and a transport (messaging over WebSocket now, Chat REST
// later). A transport reports everything a person may see through store actions; the only other
// channel is `onOutcome`, for lifecycle facts the client acts on (falling back to REST).

import type { ClientEnvironment, ClientOptions, WebSocketConstructor } from '../contract/client';
import type { Clock } from '../contract/clock';
import type { StoreAction, WebchatError, WebchatState } from '../store/state';

export type TransportOutcome =
  /** The server was never reached (handshake or first socket kept failing): a fallback may help. */
  { type: 'cannot-connect'; error: WebchatError };

export interface TransportContext {
  options: ClientOptions;
  getState(): WebchatState;
  dispatch(action: StoreAction): void;
  /**
   * A listener beside the core (src/tabs, which hands frames to the site's other tabs): hears the
   * wire text of each socket frame whose events the transport dispatches next, just before it does.
   */
  frameTap?(frame: string): void;
  fetch: typeof fetch;
  /** Absent where no WebSocket exists: the messaging transport then reports 'cannot-connect'. */
  WebSocket?: WebSocketConstructor;
  clock: Clock;
  environment: ClientEnvironment;
  onOutcome(outcome: TransportOutcome): void;
}

export interface Transport {
  /** Starts the first session (idempotent). */
  start(): void;
  /** Delivers a user message the client already put in the store (`user-send`/`user-retry`). */
  sendUserMessage(clientEventId: string, text: string): void;
  setTyping(typing: boolean): void;
  /** Asks the server to end the session. */
  endSession(): void;
  /** Drops the current session locally and starts a fresh one; unsent messages carry over. */
  newConversation(): void;
  /** "Try again": cut any backoff short; after a lost session, start a new one. */
  reconnectNow(): void;
  /** Closes everything for good: sockets, timers, listeners, requests in flight. */
  stop(): void;
}

/**
 * Makes a transport. `resumeOnly`: the store already holds a conversation taken over from another
 * tab; resume the session the site's tokenUrl names instead of creating one (messaging only).
 */
export type TransportFactory = (ctx: TransportContext, options?: { resumeOnly?: boolean }) => Transport;
