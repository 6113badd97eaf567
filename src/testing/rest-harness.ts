// Drives the REST transport with a fake clock and a scripted fetch whose answers the test can
// hold back (to see what happens while a request is in flight) and which honours AbortSignal.

import { bindHostEvents } from '../client/host-events';
import type { ClientOptions, WebchatEventMap } from '../contract/client';
import { isRecord } from '../protocol/guards';
import { createWebchatStore } from '../store/create-store';
import { selectUserMessage } from '../store/selectors';
import { createRestTransport } from '../transport/rest/rest-transport';
import type { TransportContext, TransportOutcome } from '../transport/transport-contract';
import { FakeClock, flush } from './fake-clock';

export const CHAT_URL = 'https://chat.example.com/v1/acct/proj/chat';

export type Answer = { status: number; body?: unknown; headers?: Record<string, string> } | 'network-error' | 'hold';

export interface ChatRequest {
  url: string;
  op: string;
  method: string;
  headers: Record<string, string>;
  body: unknown;
  keepalive: boolean;
  aborted: boolean;
  settled: boolean;
  answer(a: Exclude<Answer, 'hold'>): void;
}

/** The happy path: create → greeting, respond → "re: <message>", close → success. */
export function defaultAnswer(req: ChatRequest): Answer {
  const body = isRecord(req.body) ? req.body : {};
  if (req.op === 'create') return { status: 200, body: { conversation_id: 'c1', response: 'Hello!' } };
  if (req.op === 'close') return { status: 200, body: { success: true } };
  return { status: 200, body: { conversation_id: body.conversation_id, response: `re: ${String(body.message)}`, end_conversation: false } };
}

export function createRestHarness(options: Partial<ClientOptions> = {}) {
  const clock = new FakeClock();
  const { store, dispatch } = createWebchatStore();
  const requests: ChatRequest[] = [];
  /** Per operation, answers used before the default one (first in, first used). */
  const script: Record<string, Answer[]> = {};
  let fallback = defaultAnswer;

  const fetchImpl = (input: string | URL | Request, init?: RequestInit): Promise<Response> =>
    new Promise((resolve, reject) => {
      const url = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
      const headers: Record<string, string> = {};
      new Headers(init?.headers).forEach((value, name) => {
        headers[name] = value;
      });
      const text = typeof init?.body === 'string' ? init.body : '';
      const parsed: unknown = text ? JSON.parse(text) : undefined;
      const req: ChatRequest = {
        url,
        op: url.slice(url.lastIndexOf('/') + 1),
        method: init?.method ?? 'GET',
        headers,
        body: parsed,
        keepalive: init?.keepalive === true,
        aborted: false,
        settled: false,
        answer(a) {
          if (req.settled) return;
          req.settled = true;
          if (a === 'network-error') reject(new TypeError('fetch failed'));
          else resolve(new Response(a.body === undefined ? null : JSON.stringify(a.body), { status: a.status, headers: a.headers }));
        },
      };
      init?.signal?.addEventListener('abort', () => {
        req.aborted = true;
        if (!req.settled) {
          req.settled = true;
          reject(new DOMException('aborted', 'AbortError'));
        }
      });
      requests.push(req);
      const scripted = script[req.op]?.shift() ?? fallback(req);
      if (scripted !== 'hold') req.answer(scripted);
    });

  const wakers = new Set<() => void>();
  const env = { online: true };
  const outcomes: TransportOutcome[] = [];
  const ctx: TransportContext = {
    options: { chatUrl: CHAT_URL, transport: 'rest', ...options },
    getState: store.getState,
    dispatch,
    fetch: fetchImpl,
    clock,
    environment: {
      onWake(listener) {
        wakers.add(listener);
        return () => wakers.delete(listener);
      },
      isOnline: () => env.online,
      hostname: () => 'shop.example.com',
    },
    onOutcome: (outcome) => outcomes.push(outcome),
  };
  const transport = createRestTransport(ctx);
  const events: { type: keyof WebchatEventMap; event: unknown }[] = [];
  bindHostEvents(store, (type, event) => events.push({ type, event }));

  const state = () => store.getState();
  return {
    clock,
    store,
    dispatch,
    requests,
    outcomes,
    events,
    transport,
    state,
    env,
    wakers,
    wake: () => {
      for (const wake of wakers) wake();
    },
    /** Queues answers for the next requests of an operation. */
    script(op: 'create' | 'respond' | 'close', ...answers: Answer[]) {
      script[op] = [...(script[op] ?? []), ...answers];
    },
    setFallback(f: (req: ChatRequest) => Answer) {
      fallback = f;
    },
    ops: () => requests.map((request) => request.op),
    responds: () => requests.filter((request) => request.op === 'respond'),
    /** What the client does on send: the message enters the store, then the transport. */
    async send(id: string, text: string) {
      dispatch({ type: 'user-send', clientEventId: id, text, timestamp: new Date(clock.now()).toISOString() });
      transport.sendUserMessage(id, text);
      await flush();
    },
    /** What the client does on Retry. */
    async retry(id: string, text: string) {
      dispatch({ type: 'user-retry', clientEventId: id });
      transport.sendUserMessage(id, text);
      await flush();
    },
    async start() {
      transport.start();
      await flush();
    },
    user: (id: string) => selectUserMessage(state(), id),
    status: (id: string) => selectUserMessage(state(), id)?.status,
    /** Who said what, in display order. */
    transcript: () => state().items.map((item) => (item.kind === 'system' ? `notice: ${item.notice.code}` : `${item.kind}: ${item.text}`)),
  };
}
