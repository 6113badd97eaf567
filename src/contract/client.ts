// Public types of the headless client (docs/contract.md): options, handle events, the client itself.

import type { StoreApi } from 'zustand/vanilla';
import type { ClientHandoffReason, CustomMetadata, SessionEndReason } from '../protocol/types';
import type { ConnectionStatus, ErrorCode, HandoffStage, WebchatState } from '../store/state';
import type { Clock } from './clock';
import type { TabsEnvironment } from './tabs-environment';
import type { VoiceState } from './voice';

export type TransportMode = 'auto' | 'messaging' | 'rest';

/** Options shared by mount(), init() and createWebchatClient(). Validated by src/options/validate-options.ts. */
export interface ClientOptions {
  /** https base of the messaging cluster (http only for loopback hosts). */
  messagingUrl?: string;
  /** Connector token, sent as X-Token. Never stored, logged or emitted. */
  connectorToken?: string;
  /** X-Host value; default location.hostname. */
  host?: string;
  /** Site endpoint that returns the access-token JSON (instead of connectorToken). */
  tokenUrl?: string;
  /** Ask for a streaming session; default true. */
  streaming?: boolean;
  /** Base of the Chat REST API or a proxy with the same tail. */
  chatUrl?: string;
  transport?: TransportMode;
  /** Copied into metadata.custom of every client event. */
  metadata?: CustomMetadata;
  /** The UI language the site chose (BCP 47); the join request tells the agent (`metadata.custom.locale`). */
  locale?: string;
  /** Chat REST: sent on create. */
  variantId?: string;
  integrationAttributes?: Record<string, unknown>;
  /** Chat REST keys for LOCAL TESTING ONLY (a console warning says so); use the server proxy. */
  chatApiKey?: string;
  chatToken?: string;
  /** "shared" (default): one conversation for the site's tabs with the same options; "separate": one per widget. */
  tabs?: 'shared' | 'separate';
}

/**
 * What the messaging transport (through reconnecting-websocket) uses of a WebSocket: the
 * browser's, `ws`'s in Node, or a test fake.
 */
export interface WebSocketLike {
  readonly readyState: number;
  binaryType: string;
  send(data: string): void;
  close(code?: number, reason?: string): void;
  addEventListener(type: 'open' | 'message' | 'error' | 'close', listener: (event: { type: string; data?: unknown }) => void): void;
  removeEventListener(type: 'open' | 'message' | 'error' | 'close', listener: (event: { type: string; data?: unknown }) => void): void;
}

export interface WebSocketConstructor {
  new (url: string): WebSocketLike;
  /** reconnecting-websocket recognises a WebSocket class by its constants. */
  readonly CLOSING: number;
}

/** Injected dependencies: real ones by default, fakes in tests. */
export interface ClientDeps {
  WebSocket?: WebSocketConstructor;
  fetch?: typeof fetch;
  clock?: Clock;
  /** Where browser online/visibility events come from; default window/document when present. */
  environment?: ClientEnvironment;
  /** Web Locks + BroadcastChannel for sharing across tabs; null: none (the widget keeps to itself). */
  tabs?: TabsEnvironment | null;
}

export interface ClientEnvironment {
  /** Subscribe to "the network came back" / "the page became visible"; returns unsubscribe. */
  onWake(listener: () => void): () => void;
  isOnline(): boolean;
  /** Page hostname for the default X-Host. */
  hostname(): string | undefined;
}

export interface MessageEvent {
  id: string;
  author: 'user' | 'agent' | 'live-agent';
  text: string;
}

export interface HandoffEvent {
  stage: Exclude<HandoffStage, 'none'>;
  reason?: ClientHandoffReason;
  queueName?: string;
  positionInQueue?: number;
  estimatedWaitSeconds?: number;
  agentName?: string;
}

/** docs/contract.md `data-callback` values: the phone callback's state. */
export type CallbackStatus = 'requested' | 'calling' | 'connected' | 'failed' | 'ended';

/** Host-page events (docs/contract.md). Payloads never contain a token. */
export interface WebchatEventMap {
  ready: Record<string, never>;
  open: Record<string, never>;
  close: Record<string, never>;
  status: { status: ConnectionStatus };
  message: MessageEvent;
  handoff: HandoffEvent;
  'session-end': { reason: SessionEndReason };
  error: { code: ErrorCode; message: string };
  /** The phone callback's state (never the number). */
  callback: { status: CallbackStatus; reason?: string };
  /** Voice mode's state (never what was heard). */
  voice: { state: VoiceState };
  /** The visitor rated the ended session (option `rating`); sent to `ratingUrl` first when there is one. */
  rating: { score: number; comment?: string };
  /** The visitor marked an agent or live-agent message (option `messageFeedback`). */
  'message-feedback': { messageId: string; value: 'helpful' | 'not-helpful' };
  /** Agent and live-agent messages not yet seen, on every change (0 once the panel opened in any tab). */
  unread: { count: number };
}

export type WebchatEventType = keyof WebchatEventMap;
export type Listener<K extends WebchatEventType> = (event: WebchatEventMap[K]) => void;

export interface WebchatClient {
  /** Read-only store for UIs: subscribe + getState. */
  readonly store: StoreApi<WebchatState>;
  /** Starts the handshake (idempotent). The UI calls it on first open, or at once if open. */
  connect(): void;
  send(text: string): void;
  retry(clientEventId: string): void;
  /** Sends TYPING_STATE_STARTED/STOPPED, throttled. */
  setTyping(typing: boolean): void;
  /** Sends EVENT_TYPE_USER_END_SESSION. */
  endSession(): void;
  /** Ends the current session (if any) locally and starts a fresh one with a fresh token. */
  newConversation(): void;
  /** "Try again" after offline/error: reconnect now. */
  reconnectNow(): void;
  /** The visitor has seen the conversation: the unread count (`state.unread`) goes to 0, in every tab. */
  markRead(): void;
  /**
   * The unread count this tab remembered (a reload, the next page), for a conversation that shows
   * nothing yet; ignored once it has messages or a count of its own.
   */
  restoreUnread(count: number): void;
  on<K extends WebchatEventType>(type: K, listener: Listener<K>): () => void;
  /** Closes sockets, clears timers and listeners. */
  destroy(): void;
}

/** What a page does with one widget: the controls of `WebchatHandle`, which the script tag's loader offers too. */
export interface WidgetControls {
  open(): void;
  close(): void;
  toggle(): void;
  send(text: string): void;
  newConversation(): void;
  /**
   * The conversation as plain text: one line per message with its time (the widget's language),
   * author and readable text; attachments as title and address. Empty before anything was said.
   */
  transcript(): string;
  /** Removes every node, listener, timer and socket the widget created. */
  destroy(): void;
  /** Shows the teaser with this text beside the closed launcher now (not while the panel is open). */
  tease(text: string): void;
  on<K extends WebchatEventType>(type: K, listener: Listener<K>): () => void;
}
