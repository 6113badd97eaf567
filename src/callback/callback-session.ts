// "Call me": the widget's side of the site's callback endpoint (CONTRACT.md, `callbackUrl`). It
// requests the call, follows its status (every 3 s while queued or calling, backing off on errors,
// a 404 read as ended) and tells the UI and the host page. No call id is ever stored in the
// browser: a reload or another tab asks the endpoint for the visitor's current call, which it
// finds by the continuity cookie; tabs only ping each other to ask again. Once an answered call
// is over, the endpoint answers what was said on the phone (`turns`, read from the platform's
// record of the call) as soon as it can read it: the session asks a few more times for them.

import { systemClock } from '../client/clock';
import type { CallbackStatus } from '../contract/client';
import type { Clock, TimerId } from '../contract/clock';
import { parseTurns, type SiteTurn } from '../protocol/site-history';

export type { CallbackStatus };

/** Why a request was refused; the form shows each in plain words, tied to the number where it is about it. */
export type CallbackProblem =
  | 'invalid_number'
  | 'country_not_allowed'
  | 'blocked_number'
  | 'in_progress'
  | 'too_many_calls'
  | 'unavailable';

export interface CallbackView {
  status?: CallbackStatus;
  /** The platform's reason for a failure, as it gave it. */
  reason: string;
  /** Countries the site calls (from the endpoint); empty until known. */
  countries: readonly string[];
  formOpen: boolean;
  submitting: boolean;
  problem?: CallbackProblem;
  /** What the visitor typed last, kept in memory for "Try again". */
  number: string;
  /** What was said on the phone, once the answered call is over and the site could read it. */
  turns?: readonly SiteTurn[];
}

export interface ChatTurn {
  author: 'user' | 'agent' | 'live-agent';
  text: string;
}

export interface CallbackSessionOptions {
  url: string;
  /** The chat's latest turns and the UI language, sent for the voice agent. */
  context(): { turns: ChatTurn[]; locale: string };
  /** Status changes for the host page (`callback` event): status and reason, never the number. */
  onStatus(status: CallbackStatus, reason: string | undefined): void;
  fetch?: typeof fetch;
  clock?: Clock;
  /** Pings between tabs; default a BroadcastChannel where there is one. */
  channel?: Pick<BroadcastChannel, 'postMessage' | 'close'> & { onmessage: ((event: MessageEvent) => void) | null };
}

export interface CallbackSession {
  view(): CallbackView;
  subscribe(listener: () => void): () => void;
  /** Reads the countries and the visitor's current call once (idempotent). */
  start(): void;
  openForm(): void;
  closeForm(): void;
  request(number: string, country: string): Promise<void>;
  destroy(): void;
}

const POLL_MS = 3000;
const MAX_BACKOFF_MS = 30_000;
/** After an answered call: how many more times its turns are asked for (the platform writes them as the call ends). */
const TURN_POLLS = 10;
const FROM_PLATFORM: Readonly<Record<string, CallbackStatus>> = {
  queued: 'requested',
  calling: 'calling',
  success: 'connected',
  failure: 'failed',
};
const PROBLEMS: readonly CallbackProblem[] = ['invalid_number', 'country_not_allowed', 'blocked_number', 'in_progress', 'too_many_calls'];

export function createCallbackSession(options: CallbackSessionOptions): CallbackSession {
  const fetcher = options.fetch ?? fetch;
  const clock = options.clock ?? systemClock;
  const channel =
    options.channel ?? (typeof BroadcastChannel === 'function' ? new BroadcastChannel(`agent-webchat-callback ${options.url}`) : undefined);
  const base = options.url.replace(/\/+$/, '');
  const listeners = new Set<() => void>();
  let view: CallbackView = { reason: '', countries: [], formOpen: false, submitting: false, number: '' };
  let sid: string | undefined;
  let timer: TimerId | undefined;
  let failures = 0;
  let turnPolls = 0;
  let started = false;
  let destroyed = false;

  const update = (change: Partial<CallbackView>) => {
    const before = view;
    view = { ...view, ...change };
    if (view.status && (view.status !== before.status || view.reason !== before.reason))
      options.onStatus(view.status, view.reason || undefined);
    for (const listener of listeners) listener();
  };

  const call = (path: string, init?: RequestInit) =>
    fetcher(base + path, { credentials: 'same-origin', cache: 'no-store', ...init }).then(async (response) => {
      const body: unknown = await response.json().catch(() => undefined);
      return { response, body };
    });

  /** Follows the call `id` from its platform status, until a terminal one. */
  const follow = (id: string, platformStatus: unknown, reason: unknown) => {
    if (id !== sid) {
      turnPolls = 0;
      if (view.turns) update({ turns: undefined });
    }
    sid = id;
    failures = 0;
    const status = typeof platformStatus === 'string' ? FROM_PLATFORM[platformStatus] : undefined;
    if (status) update({ status, reason: typeof reason === 'string' ? reason : '' });
    schedule(POLL_MS);
  };

  const schedule = (ms: number) => {
    if (timer !== undefined) clock.clearTimeout(timer);
    const awaitingTurns = view.status === 'connected' && !view.turns && turnPolls < TURN_POLLS;
    if (!destroyed && (view.status === 'requested' || view.status === 'calling' || awaitingTurns)) timer = clock.setTimeout(poll, ms);
  };

  const poll = async () => {
    const id = sid;
    if (!id) return;
    try {
      const { response, body } = await call(`/${encodeURIComponent(id)}`);
      if (id !== sid || destroyed) return;
      if (response.status === 404) return update({ status: 'ended', reason: '' });
      if (!response.ok) throw response;
      const status = FROM_PLATFORM[String(read(body, 'status'))];
      const reason = read(body, 'reason');
      const turns = parseTurns(read(body, 'turns'));
      if (status === 'connected' && !turns) turnPolls += 1;
      if (status) update({ status, reason: typeof reason === 'string' ? reason : '', ...(turns ? { turns } : {}) });
      failures = 0;
      schedule(POLL_MS);
    } catch (error) {
      // Network errors and 5xx/429: back off, honouring the endpoint's Retry-After.
      const advised = error instanceof Response ? Number(error.headers.get('Retry-After')) * 1000 : 0;
      schedule(Math.max(advised || 0, Math.min(MAX_BACKOFF_MS, POLL_MS * 2 ** ++failures)));
    }
  };

  const load = async () => {
    try {
      const { response, body } = await call('');
      if (!response.ok || destroyed) return;
      const countries = read(body, 'countries');
      if (Array.isArray(countries)) update({ countries: countries.filter((code): code is string => typeof code === 'string') });
      const current = read(body, 'call');
      const id = read(current, 'call_sid');
      if (typeof id === 'string' && id !== sid) follow(id, read(current, 'status'), read(current, 'reason'));
    } catch {
      // No endpoint answer: the form still offers the locale's country; the request reports the problem.
    }
  };

  if (channel) channel.onmessage = () => void load();

  return {
    view: () => view,
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    start() {
      if (started) return;
      started = true;
      void load();
    },
    openForm: () => update({ formOpen: true, problem: undefined }),
    closeForm: () => update({ formOpen: false, problem: undefined }),
    async request(number, country) {
      if (view.submitting) return;
      // Too short to be anyone's number: said at once, without asking the site.
      if (number.replace(/\D/g, '').length < 5) return update({ problem: 'invalid_number', number });
      update({ submitting: true, problem: undefined, number });
      const { turns, locale } = options.context();
      try {
        const { response, body } = await call('', {
          method: 'POST',
          headers: { 'Content-Type': 'application/json' },
          body: JSON.stringify({ to_number: number, country_code: country, turns, locale }),
        });
        const id = read(body, 'call_sid');
        if (response.ok && typeof id === 'string') {
          update({ submitting: false, formOpen: false });
          follow(id, read(body, 'status'), '');
          channel?.postMessage('changed');
          return;
        }
        const code = read(body, 'code');
        const problem = PROBLEMS.find((known) => known === code);
        // The platform could not place it (5xx): a call that failed, with "Try again".
        if (response.status >= 500) return update({ submitting: false, formOpen: false, status: 'failed', reason: '' });
        update({ submitting: false, problem: problem ?? (response.status === 429 ? 'too_many_calls' : 'unavailable') });
        if (problem === 'in_progress') void load();
      } catch {
        update({ submitting: false, problem: 'unavailable' });
      }
    },
    destroy() {
      destroyed = true;
      if (timer !== undefined) clock.clearTimeout(timer);
      listeners.clear();
      channel?.close();
    },
  };
}

function read(value: unknown, name: string): unknown {
  return typeof value === 'object' && value !== null ? Reflect.get(value, name) : undefined;
}
