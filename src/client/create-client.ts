// The headless client: validated options + store + transport + host events, no DOM. The UI is
// one consumer of `store`; host pages are another, through `on()`.

import { OptionsError, validateOptions } from '../options';
import { createWebchatStore } from '../store/create-store';
import { selectUserMessage } from '../store/selectors';
import { createMessagingTransport } from '../transport/messaging/messaging-transport';
import { createRestTransport } from '../transport/rest/rest-transport';
import type { Transport, TransportContext, TransportFactory, TransportOutcome } from '../transport/transport';
import { systemClock, type TimerId } from './clock';
import { createEmitter } from './emitter';
import { defaultEnvironment } from './environment';
import { bindHostEvents } from './host-events';
import { newClientEventId } from './ids';
import type { ClientDeps, ClientOptions, WebchatClient, WebchatEventMap } from './types';

const TRANSPORTS: { messaging: TransportFactory; rest?: TransportFactory } = {
  messaging: createMessagingTransport,
  rest: createRestTransport,
};

/**
 * "auto": how long real-time may take to come online before the conversation moves to Chat REST.
 * Long enough for a slow handshake on a phone, short enough that nobody types into a dead widget.
 */
export const FALLBACK_AFTER_MS = 6000;

export function createWebchatClient(input: unknown, deps: ClientDeps = {}): WebchatClient {
  const options: ClientOptions = validateOptions(input);
  const mode = options.transport ?? 'auto';
  const first = mode === 'rest' || !options.messagingUrl ? TRANSPORTS.rest : TRANSPORTS.messaging;
  if (!first) throw new OptionsError('the Chat REST transport ("chatUrl" without "messagingUrl", or transport "rest") is not available in this build');

  const { store, dispatch } = createWebchatStore();
  const emitter = createEmitter<WebchatEventMap>();
  const clock = deps.clock ?? systemClock;
  const globalWebSocket = typeof WebSocket === 'undefined' ? undefined : WebSocket;
  const ctx: TransportContext = {
    options,
    getState: store.getState,
    dispatch,
    // Wrapped: a detached window.fetch throws "Illegal invocation" in browsers.
    fetch: deps.fetch ?? ((resource, init) => globalThis.fetch(resource, init)),
    WebSocket: deps.WebSocket ?? globalWebSocket,
    clock,
    environment: deps.environment ?? defaultEnvironment(),
    onOutcome,
  };
  let transport: Transport = first(ctx);
  let started = false;
  let destroyed = false;
  const unbind = bindHostEvents(store, emitter.emit);

  const canFallBack = mode === 'auto' && !!options.chatUrl && first === TRANSPORTS.messaging;
  let fallenBack = false;
  let fallbackTimer: TimerId | undefined;

  function onOutcome(outcome: TransportOutcome) {
    if (outcome.type === 'cannot-connect') fallBack();
  }

  /** Moves the conversation to Chat REST; messages still waiting carry over in the store. */
  function fallBack() {
    if (!canFallBack || fallenBack || destroyed || !TRANSPORTS.rest) return;
    fallenBack = true;
    disarmFallback();
    const timestamp = new Date(clock.now()).toISOString();
    transport.stop();
    // Real-time lost mid-way: say that what follows is a new conversation, not the old one.
    if (store.getState().items.some((item) => item.kind !== 'user' || item.status === 'sent')) {
      dispatch({ type: 'notice', notice: { code: 'new-conversation' }, timestamp });
    }
    dispatch({ type: 'notice', notice: { code: 'fallback-rest' }, timestamp });
    transport = TRANSPORTS.rest(ctx);
    transport.start();
  }

  /** Falls back when real-time is not online within FALLBACK_AFTER_MS of starting. */
  function armFallback() {
    if (!canFallBack || fallenBack || fallbackTimer !== undefined) return;
    fallbackTimer = clock.setTimeout(() => {
      fallbackTimer = undefined;
      if (store.getState().status !== 'online') fallBack();
    }, FALLBACK_AFTER_MS);
  }
  function disarmFallback() {
    if (fallbackTimer !== undefined) clock.clearTimeout(fallbackTimer);
    fallbackTimer = undefined;
  }
  const unwatchOnline = store.subscribe((state) => {
    if (state.status === 'online') disarmFallback();
  });

  const client: WebchatClient = {
    store,
    connect() {
      if (started || destroyed) return;
      started = true;
      armFallback();
      transport.start();
    },
    send(text) {
      if (destroyed || text.trim() === '') return;
      const clientEventId = newClientEventId();
      dispatch({ type: 'user-send', clientEventId, text, timestamp: new Date(clock.now()).toISOString() });
      client.connect();
      transport.sendUserMessage(clientEventId, text);
    },
    retry(clientEventId) {
      if (destroyed) return;
      const message = selectUserMessage(store.getState(), clientEventId);
      if (message?.status !== 'failed') return;
      dispatch({ type: 'user-retry', clientEventId });
      client.connect();
      transport.sendUserMessage(clientEventId, message.text);
    },
    setTyping(typing) {
      if (!destroyed) transport.setTyping(typing);
    },
    endSession() {
      if (!destroyed) transport.endSession();
    },
    newConversation() {
      if (destroyed) return;
      started = true;
      armFallback();
      transport.newConversation();
    },
    reconnectNow() {
      if (!destroyed && started) transport.reconnectNow();
    },
    on: (type, listener) => emitter.on(type, listener),
    destroy() {
      if (destroyed) return;
      destroyed = true;
      disarmFallback();
      unwatchOnline();
      transport.stop();
      unbind();
      emitter.clear();
    },
  };
  return client;
}
