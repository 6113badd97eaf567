// The headless client: validated options + store + transport + host events, no DOM. The UI is
// one consumer of `store`; host pages are another, through `on()`.

import { OptionsError, validateOptions } from '../options';
import { createWebchatStore } from '../store/create-store';
import { selectUserMessage } from '../store/selectors';
import { createMessagingTransport } from '../transport/messaging/messaging-transport';
import type { Transport, TransportContext, TransportFactory, TransportOutcome } from '../transport/transport';
import { systemClock } from './clock';
import { createEmitter } from './emitter';
import { defaultEnvironment } from './environment';
import { bindHostEvents } from './host-events';
import { newClientEventId } from './ids';
import type { ClientDeps, ClientOptions, WebchatClient, WebchatEventMap } from './types';

/**
 * Transports by kind. The Chat REST transport (fallback issue) registers here as `rest`; until
 * then a REST-only configuration is refused at creation rather than failing later.
 */
const TRANSPORTS: { messaging: TransportFactory; rest?: TransportFactory } = {
  messaging: createMessagingTransport,
};

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

  function onOutcome(outcome: TransportOutcome) {
    // "auto": messaging that cannot connect falls back to Chat REST when the site configured it.
    if (outcome.type !== 'cannot-connect' || mode !== 'auto' || !options.chatUrl || !TRANSPORTS.rest || destroyed) return;
    const rest = TRANSPORTS.rest;
    transport.stop();
    dispatch({ type: 'notice', notice: { code: 'fallback-rest' }, timestamp: new Date(clock.now()).toISOString() });
    transport = rest(ctx);
    transport.start();
  }

  const client: WebchatClient = {
    store,
    connect() {
      if (started || destroyed) return;
      started = true;
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
      transport.newConversation();
    },
    reconnectNow() {
      if (!destroyed && started) transport.reconnectNow();
    },
    on: (type, listener) => emitter.on(type, listener),
    destroy() {
      if (destroyed) return;
      destroyed = true;
      transport.stop();
      unbind();
      emitter.clear();
    },
  };
  return client;
}
