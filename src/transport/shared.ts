// What the two transports (messaging and Chat REST) share: one timer group, the attempt
// generation, status/notice/error/config-error helpers, the carry-over into a new session, one
// HTTP call (fetch + JSON + error sorting) and one bounded retry loop (PROTOCOL §6.4, §6.6).

import type { TimerId } from '../client/clock';
import { PREFIX } from '../options';
import { errorMessageOf, parseRetryAfter } from '../protocol/http';
import type { SessionEndReason } from '../protocol/types';
import type { ConnectionStatus, ErrorCode, Notice, UserMessage, UserMessageStatus, WebchatError } from '../store/state';
import { backoffDelay } from './backoff';
import type { TransportContext } from './transport';

export type RetryCode = 'network' | 'server' | 'rate-limited';

/** Worth another attempt: no answer, 5xx/408, or 429 (`wait`: what Retry-After asked for, in ms). */
export interface Retry {
  code: RetryCode;
  wait?: number;
}

export const isRetry = (a: unknown): a is Retry => !!(a as Retry).code;

/** Plain words for the host page's `error` event (the UI shows its own text per code). */
const MESSAGES: Record<RetryCode | 'session-lost' | 'message-too-long', string> = {
  network: 'cannot reach the server',
  server: 'the server failed',
  'rate-limited': 'the server is busy',
  'session-lost': 'the conversation was interrupted',
  'message-too-long': 'the message is too long',
};
export type KnownCode = keyof typeof MESSAGES & ErrorCode;
export const error = (code: KnownCode): WebchatError => ({ code, message: MESSAGES[code] });

/** The server's own words, short, and scrubbed of any secret it might have echoed. */
export function plain(text: string, secrets: (string | undefined)[]): string {
  for (const s of secrets) if (s) text = text.split(s).join('…');
  return text.length > 160 ? `${text.slice(0, 160)}…` : text;
}

/** What a server said in an error body, if anything: short and scrubbed. */
export const said = (json: unknown, secrets: (string | undefined)[]) => {
  const text = errorMessageOf(json);
  return text && plain(text, secrets);
};

/**
 * One request and its JSON answer. No answer, 429 (with its Retry-After) and 5xx/408 come back as
 * a Retry; any other answer (2xx, 4xx) is for `read` to judge.
 */
export async function http<T>(
  f: typeof fetch,
  url: string,
  init: RequestInit,
  read: (status: number, json: unknown) => T | Retry,
): Promise<T | Retry> {
  let res: Response;
  let json: unknown;
  try {
    res = await f(url, init);
    json = await res.json().catch(() => undefined);
  } catch {
    return { code: 'network' };
  }
  const { status } = res;
  if (status === 429) {
    const s = parseRetryAfter(res.headers.get('Retry-After'));
    return { code: 'rate-limited', wait: s && s * 1000 };
  }
  return status > 499 || status === 408 ? { code: 'server' } : read(status, json);
}

export const JSON_TYPE = { 'Content-Type': 'application/json' };

/**
 * The toolkit of one transport: [setTimer, clearTimer, wake, reset, attempt, retry, setStatus,
 * fault, lost, users, act, configError, failPending, ended, carryOver, iso]. A tuple, not an
 * object: the transports destructure it once and the minifier renames every part. Every timer
 * goes through setTimer, so reset() (the transport's teardown) clears them all at once.
 */
export function core(ctx: TransportContext) {
  const { clock, dispatch, getState: state } = ctx;
  const live = new Set<TimerId>();
  let gen = 0;
  let abort = new AbortController();
  let reported = false;
  let sleeper: (() => void) | undefined;

  const setTimer = (fn: () => void, ms: number): TimerId => {
    const id = clock.setTimeout(() => {
      live.delete(id);
      fn();
    }, ms);
    live.add(id);
    return id;
  };
  const clearTimer = (id: TimerId | undefined) => {
    if (id !== undefined) clock.clearTimeout(id);
    live.delete(id!);
  };
  /** Abandons the current attempt: async steps see a new generation, requests abort, timers stop. */
  const reset = () => {
    gen++;
    abort.abort();
    abort = new AbortController();
    for (const id of live) clock.clearTimeout(id);
    live.clear();
    sleeper = undefined;
  };
  /** A wait that wake() cuts short; a reset() abandons it (it never resolves). */
  const sleep = (ms: number) =>
    new Promise<void>((resolve) => {
      const id = setTimer(() => done(), ms);
      const done = (sleeper = () => {
        clearTimer(id);
        sleeper = undefined;
        resolve();
      });
    });
  const iso = () => new Date(clock.now()).toISOString();
  const random = () => clock.random();
  const setStatus = (status: ConnectionStatus, err?: WebchatError) => {
    const s = state();
    if (s.status !== status || err || s.error) dispatch({ type: 'status', status, error: err });
  };
  const users = (status: UserMessageStatus) => state().items.filter((i): i is UserMessage => i.kind === 'user' && i.status === status);
  const act = (type: 'user-failed' | 'user-retry' | 'user-sent', clientEventId: string) => dispatch({ type, clientEventId });
  const failPending = () => users('sending').forEach((m) => act('user-failed', m.clientEventId));
  const notice = (n: Notice) => dispatch({ type: 'notice', notice: n, timestamp: iso() });
  /** Status `error` with the plain words of `code`. */
  const fault = (code: KnownCode) => {
    const err = error(code);
    setStatus('error', err);
    return err;
  };
  /** PROTOCOL §6.4: the session is gone; the next send (or "try again") starts a new one. */
  const lost = () => {
    notice({ code: 'session-lost' });
    return fault('session-lost');
  };

  /** The attempt's signal; `alive()` is false once reset() abandoned it. */
  const attempt = () => {
    const g = gen;
    return [abort.signal, () => g === gen] as const;
  };

  /**
   * Runs `go` until it gives an answer that is not a Retry. Failures (429s apart) back off 1 s →
   * 30 s; 429 waits its Retry-After. Gives up, returning the last Retry, after `attempts` failures
   * or `limits` 429s; undefined when reset() abandoned it meanwhile. `onWait` hears each retry.
   */
  async function retry<T>(go: () => Promise<T | Retry>, attempts: number, limits: number, onWait: (r: Retry, failures: number) => unknown) {
    const [, alive] = attempt();
    let failures = 0;
    let limited = 0;
    for (;;) {
      const a = await go();
      if (!alive()) return;
      if (!isRetry(a)) return a;
      const rl = a.code === 'rate-limited';
      if (rl ? ++limited > limits : ++failures >= attempts) return a;
      onWait(a, failures);
      await sleep(a.wait ?? backoffDelay((rl ? limited : failures) - 1, random));
      if (!alive()) return;
    }
  }

  /** A configuration error: logged once, never retried; what waits for delivery fails. */
  const configError = (message: string) => {
    if (!reported) console.error(PREFIX + message);
    reported = true;
    setStatus('error', { code: 'config', message });
    failPending();
  };
  /** The REST conversation ended, or the user ended an unconnected session: a SESSION_END of our own (one per session, applied once). */
  const ended = (reason: SessionEndReason) =>
    dispatch({
      type: 'server-events',
      events: [{ id: 'local:end', sequence: null, timestamp: iso(), type: 'EVENT_TYPE_SESSION_END', reason }],
    });
  /**
   * A new session starts empty, but messages still waiting are put back (same ids) to go out in it.
   * After a lost session, a notice says that what follows is a new conversation.
   */
  const carryOver = (afterLoss?: boolean) => {
    const pending = users('sending');
    dispatch({ type: 'reset' });
    if (afterLoss) notice({ code: 'new-conversation' });
    for (const m of pending) dispatch({ type: 'user-send', clientEventId: m.clientEventId, text: m.text, timestamp: m.timestamp });
  };
  const wake = () => sleeper?.();

  return [
    setTimer,
    clearTimer,
    wake,
    reset,
    attempt,
    retry,
    setStatus,
    fault,
    lost,
    users,
    act,
    configError,
    failPending,
    ended,
    carryOver,
    iso,
  ] as const;
}
