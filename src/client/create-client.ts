// The headless client: validated options + store + transport + host events, no DOM. The UI is
// one consumer of `store`; host pages are another, through `on()`.

import type { ClientDeps, ClientOptions, WebchatClient, WebchatEventMap } from '../contract/client';
import type { TimerId } from '../contract/clock';
import { validateOptions } from '../options/validate-options';
import { createWebchatStore } from '../store/create-store';
import { selectUserMessage } from '../store/selectors';
import { joinTabs } from '../tabs';
import { createMessagingTransport } from '../transport/messaging/messaging-transport';
import { createRestTransport } from '../transport/rest/rest-transport';
import type { TransportContext, TransportFactory } from '../transport/transport-contract';
import { systemClock } from './clock';
import { createEmitter } from './emitter';
import { defaultEnvironment } from './environment';
import { bindHostEvents } from './host-events';
import { newClientEventId } from './ids';

/**
 * "auto": how long real-time may take to come online before the conversation moves to Chat REST.
 * Long enough for a slow handshake on a phone, short enough that nobody types into a dead widget.
 */
export const FALLBACK_AFTER_MS = 6000;

/** The public way in: validates `input` (an OptionsError names what is wrong), then assembles the client. */
export function createWebchatClient(input: unknown, deps: ClientDeps = {}): WebchatClient {
  return assembleClient(validateOptions(input), deps, createRestTransport);
}

/**
 * The client from options already validated (mount() validates them once, for the widget too).
 * `restTransport`: the Chat REST transport, given rather than imported, for the script tag fetches
 * it as a file of its own, only for pages with a `chatUrl`. Without it, "auto" stays on real-time.
 */
export function assembleClient(options: ClientOptions, deps: ClientDeps = {}, restTransport?: TransportFactory): WebchatClient {
  const mode = options.transport ?? 'auto';
  const rest = mode === 'rest' || !options.messagingUrl;
  const firstTransport = rest ? restTransport : createMessagingTransport;
  // The script tag's loader treats the file as part of the conversation for such options.
  if (!firstTransport) throw new Error('the Chat REST transport is not here');
  const local = createWebchatStore();
  const { store } = local;
  // Shared with the site's other tabs (src/tabs): actions go through it, the transport may be the channel.
  const tabs = joinTabs(options, local, deps.tabs);
  const dispatch = tabs?.dispatch ?? local.dispatch;
  const makeTransport = (factory: TransportFactory) => (tabs ? tabs.transport(factory, ctx) : factory(ctx));
  const { getState } = store;
  const emitter = createEmitter<WebchatEventMap>();
  const clock = deps.clock ?? systemClock;
  const iso = () => new Date(clock.now()).toISOString();
  const ctx: TransportContext = {
    options,
    getState,
    dispatch,
    frameTap: tabs?.frameTap,
    // Wrapped: a detached window.fetch throws "Illegal invocation" in browsers.
    fetch: deps.fetch ?? ((resource, init) => fetch(resource, init)),
    WebSocket: deps.WebSocket ?? globalThis.WebSocket,
    clock,
    environment: deps.environment ?? defaultEnvironment(),
    // The only outcome: the server was never reached, so Chat REST may help.
    onOutcome: () => fallBack(),
  };
  let transport = makeTransport(firstTransport);
  let started = false;
  let destroyed = false;
  /** Once: "auto" with a chatUrl, still on messaging, and the Chat REST transport here. */
  let fallbackTransport = mode === 'auto' && options.chatUrl && !rest ? restTransport : undefined;
  let fallbackTimer: TimerId | undefined;
  const unbind = bindHostEvents(store, emitter.emit);

  const disarmFallback = () => {
    if (fallbackTimer !== undefined) clock.clearTimeout(fallbackTimer);
    fallbackTimer = undefined;
  };

  /** Moves the conversation to Chat REST; messages still waiting carry over in the store. */
  function fallBack() {
    // A follower's conversation is the leader's: only the leader falls back.
    const next = fallbackTransport;
    if (!next || destroyed || tabs?.role() === 'follower') return;
    fallbackTransport = undefined;
    disarmFallback();
    const timestamp = iso();
    transport.stop();
    // Real-time lost mid-way: say that what follows is a new conversation, not the old one.
    if (getState().items.some((item) => item.kind !== 'user' || item.status === 'sent')) {
      dispatch({ type: 'notice', notice: { code: 'new-conversation' }, timestamp });
    }
    dispatch({ type: 'notice', notice: { code: 'fallback-rest' }, timestamp });
    transport = makeTransport(next);
    transport.start();
  }

  const unwatchOnline = store.subscribe((state) => state.status === 'online' && disarmFallback());

  /** Starts (once); falls back when real-time is not online within FALLBACK_AFTER_MS. */
  const begin = () => {
    started = true;
    if (fallbackTransport && fallbackTimer === undefined) {
      fallbackTimer = clock.setTimeout(() => {
        fallbackTimer = undefined;
        if (getState().status !== 'online') fallBack();
      }, FALLBACK_AFTER_MS);
    }
  };

  // After destroy() the transport is stopped and ignores every call; the checks below keep the
  // store quiet too.
  const client: WebchatClient = {
    store,
    connect() {
      if (started || destroyed) return;
      begin();
      transport.start();
    },
    send(text) {
      if (destroyed || !text.trim()) return;
      const clientEventId = newClientEventId();
      dispatch({ type: 'user-send', clientEventId, text, timestamp: iso() });
      client.connect();
      transport.sendUserMessage(clientEventId, text);
    },
    retry(clientEventId) {
      const message = selectUserMessage(getState(), clientEventId);
      if (destroyed || message?.status !== 'failed') return;
      dispatch({ type: 'user-retry', clientEventId });
      client.connect();
      transport.sendUserMessage(clientEventId, message.text);
    },
    setTyping: (typing) => transport.setTyping(typing),
    endSession: () => transport.endSession(),
    newConversation() {
      if (destroyed) return;
      begin();
      transport.newConversation();
    },
    reconnectNow() {
      if (started) transport.reconnectNow();
    },
    markRead() {
      if (!destroyed && getState().unread) dispatch({ type: 'unread', count: 0 });
    },
    restoreUnread(count) {
      const { items, unread } = getState();
      if (!destroyed && !items.length && !unread && Number.isSafeInteger(count) && count > 0) dispatch({ type: 'unread', count });
    },
    on: emitter.on,
    destroy() {
      if (destroyed) return;
      destroyed = true;
      disarmFallback();
      unwatchOnline();
      transport.stop();
      tabs?.close();
      unbind();
      emitter.clear();
    },
  };
  return client;
}
