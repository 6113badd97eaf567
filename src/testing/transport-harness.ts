// Drives a messaging transport with a fake clock, fake fetch and fake sockets.

import type { ClientEnvironment, ClientOptions } from '../contract/client';
import { createWebchatStore } from '../store/create-store';
import type { WebchatState } from '../store/state';
import { createMessagingTransport, type MessagingTransportOptions } from '../transport/messaging/messaging-transport';
import type { TransportContext, TransportOutcome } from '../transport/transport-contract';
import { FakeClock, flush } from './fake-clock';
import { createFakeFetch, type FakeAnswer, platformAnswers, type RecordedRequest } from './fake-fetch';
import { FakeWebSocket } from './fake-websocket';
import { batch, sessionStart } from './server-events';

export const CONNECTOR_TOKEN = 'CONNECTOR-SECRET-xyz';

export interface HarnessOptions {
  options?: Partial<ClientOptions>;
  answer?: (req: RecordedRequest, count: number) => FakeAnswer;
  expiresIn?: number;
  /** Options of the transport itself (e.g. `resumeOnly` for a transport taking over a conversation). */
  messaging?: MessagingTransportOptions;
  /** The store's state before the transport starts (a conversation mirrored from another tab). */
  initialState?: WebchatState;
}

export function createHarness(h: HarnessOptions = {}) {
  FakeWebSocket.reset();
  const clock = new FakeClock();
  const { store, dispatch } = createWebchatStore(h.initialState);
  const net = createFakeFetch(h.answer ?? platformAnswers({}, h.expiresIn));
  const wakers = new Set<() => void>();
  const env = { online: true };
  const environment: ClientEnvironment = {
    onWake(listener) {
      wakers.add(listener);
      return () => wakers.delete(listener);
    },
    isOnline: () => env.online,
    hostname: () => 'shop.example.com',
  };
  const outcomes: TransportOutcome[] = [];
  const ctx: TransportContext = {
    options: { messagingUrl: 'https://messaging.example.com', connectorToken: CONNECTOR_TOKEN, ...h.options },
    getState: store.getState,
    dispatch,
    fetch: net.fetch,
    WebSocket: FakeWebSocket,
    clock,
    environment,
    onOutcome: (outcome) => outcomes.push(outcome),
  };
  const transport = createMessagingTransport(ctx, h.messaging);

  /** Waits (real turns, no clock time) until the client has created socket number `n`. */
  async function socket(n = FakeWebSocket.instances.length + 1): Promise<FakeWebSocket> {
    for (let i = 0; i < 50 && FakeWebSocket.instances.length < n; i++) await flush(1);
    const ws = FakeWebSocket.instances[n - 1];
    if (!ws) throw new Error(`socket ${n} was not created (have ${FakeWebSocket.instances.length})`);
    return ws;
  }

  /** start() → handshake → socket open → replay with SESSION_START → replay settled. */
  async function goOnline(events = [sessionStart(1)]): Promise<FakeWebSocket> {
    transport.start();
    const ws = await socket(1);
    ws.open();
    ws.receive(batch(events));
    await clock.advance(250);
    return ws;
  }

  return {
    clock,
    store,
    dispatch,
    net,
    env,
    outcomes,
    ctx,
    transport,
    socket,
    goOnline,
    wake: () => {
      for (const wake of wakers) wake();
    },
    state: () => store.getState(),
    sockets: () => FakeWebSocket.instances,
  };
}

export function userSend(h: ReturnType<typeof createHarness>, clientEventId: string, text: string): void {
  h.dispatch({ type: 'user-send', clientEventId, text, timestamp: new Date(h.clock.now()).toISOString() });
  h.transport.sendUserMessage(clientEventId, text);
}
