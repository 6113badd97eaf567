// The toolkit each transport (messaging and Chat REST) is built with: one timer group, the
// attempt generation, status/notice/error helpers, the carry-over into a new session and one
// bounded retry loop (PROTOCOL §6.4, §6.6). Every timer goes through `setTimer`, so `reset()`
// (the transport's teardown) clears them all at once.

import type { TimerId } from '../contract/clock';
import { PREFIX } from '../contract/errors';
import { parseFrame } from '../protocol/parse-frame';
import type { SessionEndReason } from '../protocol/types';
import { selectPendingUserMessages } from '../store/selectors';
import type { ConnectionStatus, Notice, WebchatError } from '../store/state';
import { backoffDelay } from './backoff';
import { isRetry, type KnownCode, plainError, type Retry } from './shared';
import type { TransportContext } from './transport';

/** The current attempt: its requests' abort signal, and whether it is still the current one. */
export interface Attempt {
  signal: AbortSignal;
  isCurrent(): boolean;
}

export type TransportKit = ReturnType<typeof createTransportKit>;

/**
 * A server event the client makes itself, as the wire carries it (PROTOCOL §3) but for its
 * sequence (null: placed where it arrives) and timestamp (now), which applyWireEvents adds.
 */
export interface LocalWireEvent {
  id: string;
  type: string;
  payload: Record<string, unknown>;
}

export function createTransportKit(ctx: TransportContext) {
  const { clock, dispatch, getState } = ctx;
  const liveTimers = new Set<TimerId>();
  let generation = 0;
  let abortController = new AbortController();
  let configErrorLogged = false;
  /** Ends the sleep in progress early (wake-up); undefined when nothing sleeps. */
  let endSleep: (() => void) | undefined;

  const setTimer = (callback: () => void, ms: number): TimerId => {
    const id = clock.setTimeout(() => {
      liveTimers.delete(id);
      callback();
    }, ms);
    liveTimers.add(id);
    return id;
  };
  const clearTimer = (id: TimerId | undefined) => {
    if (id === undefined) return;
    clock.clearTimeout(id);
    liveTimers.delete(id);
  };

  /** Abandons the current attempt: async steps see a new generation, requests abort, timers stop. */
  const reset = () => {
    generation++;
    abortController.abort();
    abortController = new AbortController();
    for (const id of liveTimers) clock.clearTimeout(id);
    liveTimers.clear();
    endSleep = undefined;
  };

  /**
   * A wait that `wakeSleeper()` cuts short; a `reset()` abandons it (it never resolves). A wait cut
   * short leaves its timer to run out: resolving again does nothing.
   */
  const sleep = (ms: number) =>
    new Promise<void>((resolve) => {
      endSleep = resolve;
      setTimer(resolve, ms);
    });
  const wakeSleeper = () => endSleep?.();

  const currentAttempt = (): Attempt => {
    const attemptGeneration = generation;
    return { signal: abortController.signal, isCurrent: () => attemptGeneration === generation };
  };

  const nowIso = () => new Date(clock.now()).toISOString();

  // A status that changes nothing leaves the state as it is (the reducer keeps it): nothing to check here.
  const setStatus = (status: ConnectionStatus, error?: WebchatError) => dispatch({ type: 'status', status, error });
  const markUserMessage = (type: 'user-failed' | 'user-retry' | 'user-sent', clientEventId: string) => dispatch({ type, clientEventId });
  const failPendingMessages = () => {
    for (const message of selectPendingUserMessages(getState())) markUserMessage('user-failed', message.clientEventId);
  };
  const addNotice = (notice: Notice) => dispatch({ type: 'notice', notice, timestamp: nowIso() });

  /** Status `error` with the plain words of `code`. */
  const reportFault = (code: KnownCode) => {
    const error = plainError(code);
    setStatus('error', error);
    return error;
  };

  /** PROTOCOL §6.4: the session is gone; the next send (or "try again") starts a new one. */
  const reportSessionLost = () => {
    addNotice({ code: 'session-lost' });
    return reportFault('session-lost');
  };

  /**
   * Runs `request` until it gives an answer that is not a Retry. Failures (429s apart) back off
   * 1 s → 30 s; 429 waits its Retry-After. Gives up, returning the last Retry, after
   * `maxFailures` failures or `maxRateLimits` 429s; undefined when reset() abandoned it meanwhile.
   * `onWait` hears each retry.
   */
  async function retryWithBackoff<T>(
    request: () => Promise<T | Retry>,
    maxFailures: number,
    maxRateLimits: number,
    onWait: (retry: Retry, failures: number) => unknown,
  ): Promise<T | Retry | undefined> {
    const attempt = currentAttempt();
    let failures = 0;
    let rateLimits = 0;
    for (;;) {
      const answer = await request();
      if (!attempt.isCurrent()) return;
      if (!isRetry(answer)) return answer;
      const rateLimited = answer.code === 'rate-limited';
      if (rateLimited ? ++rateLimits > maxRateLimits : ++failures >= maxFailures) return answer;
      onWait(answer, failures);
      await sleep(answer.wait ?? backoffDelay((rateLimited ? rateLimits : failures) - 1, () => clock.random()));
      if (!attempt.isCurrent()) return;
    }
  }

  /** A configuration error: logged once, never retried; what waits for delivery fails. */
  const reportConfigError = (message: string) => {
    if (!configErrorLogged) console.error(PREFIX + message);
    configErrorLogged = true;
    setStatus('error', { code: 'config', message });
    failPendingMessages();
  };

  /**
   * Server events the client makes itself (Chat REST turns, a local end), written as the wire
   * would have them: applied like a socket frame, read by the protocol's parser, with the frame
   * text the other tabs re-read (src/tabs).
   */
  const applyWireEvents = (events: LocalWireEvent[]) => {
    const timestamp = nowIso();
    const frame = JSON.stringify({
      type: 'EVENT_TYPE_EVENT_BATCH',
      payload: { events: events.map((event) => ({ ...event, sequence: null, timestamp })) },
    });
    const parsed = parseFrame(frame);
    if (parsed.ok) dispatch({ type: 'server-events', events: parsed.events, frame });
  };

  /** The REST conversation ended, or the user ended an unconnected session: a SESSION_END of our own (one per session, applied once). */
  const endLocally = (reason: SessionEndReason) =>
    applyWireEvents([{ id: 'local:end', type: 'EVENT_TYPE_SESSION_END', payload: { reason } }]);

  /**
   * A new session starts empty, but messages still waiting are put back (same ids) to go out in it.
   * With `notice`, a notice says that what follows is a new conversation.
   */
  const carryOverIntoNewSession = (withNotice?: boolean) => {
    const pending = selectPendingUserMessages(getState());
    dispatch({ type: 'reset' });
    if (withNotice) addNotice({ code: 'new-conversation' });
    for (const { clientEventId, text, timestamp } of pending) dispatch({ type: 'user-send', clientEventId, text, timestamp });
  };

  return {
    setTimer,
    clearTimer,
    sleep,
    wakeSleeper,
    reset,
    currentAttempt,
    retryWithBackoff,
    setStatus,
    reportFault,
    reportSessionLost,
    markUserMessage,
    failPendingMessages,
    reportConfigError,
    endLocally,
    applyWireEvents,
    carryOverIntoNewSession,
  };
}
