// The Chat REST fallback transport (docs/protocol.md §7): create → one respond per user message → close.
// The store is the queue: user messages still `sending` are delivered one at a time, in the order
// they were sent, so replies come back in order and nothing is dropped — including messages that
// were waiting when the messaging transport gave up and handed over to this one.
// Keys reach the headers only when a developer put them in the browser on purpose; they never
// reach an error text or a log line.

import { PREFIX } from '../../contract/errors';
import { parseChatCreate, parseChatRespond } from '../../protocol/http';
import type { LocalEvent } from '../../store/state';
import type { RetryCode } from '../http-call';
import {
  createAttempts,
  createStoreReports,
  httpCall,
  isRetry,
  JSON_TYPE,
  selectFailedUserMessages,
  selectPendingUserMessages,
  serverErrorText,
} from '../rest-kit';
import type { Transport, TransportFactory } from '../transport-contract';

/** Attempts before "cannot reach the chat service" (≈ 1 + 2 + 4 s of backoff). */
export const CREATE_ATTEMPTS = 4;
/** Attempts before a message is `failed` (≈ 1 + 2 s of backoff). */
export const RESPOND_ATTEMPTS = 3;
/** A server that keeps saying "later" is given this many waits before the request fails. */
export const RATE_LIMIT_WAITS = 5;

/**
 * Where the conversation is: not started, creating, open, down (create gave up; "try again" or the
 * next send tries again), lost (404: the next send starts a new conversation), configuration
 * error, ended, stopped for good.
 */
type RestPhase = 'idle' | 'creating' | 'open' | 'down' | 'lost' | 'config-error' | 'ended' | 'stopped';

/** The server said no to this very request: the same request would get the same answer. */
interface Refused {
  status: number;
  message?: string;
}

export const createRestTransport: TransportFactory = (ctx) => {
  const { options, dispatch, getState } = ctx;
  const { chatApiKey, chatToken, variantId, integrationAttributes } = options;
  const attempts = createAttempts(ctx.clock);
  const reports = createStoreReports(ctx);
  const { setStatus, markUserMessage, endLocally } = reports;
  const base = (options.chatUrl ?? '').replace(/\/+$/, '');
  const headers: Record<string, string> = { ...JSON_TYPE };
  if (chatApiKey) headers['X-API-KEY'] = chatApiKey;
  if (chatToken) headers['X-TOKEN'] = chatToken;
  if (chatApiKey || chatToken) {
    console.warn(`${PREFIX}"chatApiKey"/"chatToken": local testing only (see agent-webchat/server)`);
  }

  let phase: RestPhase = 'idle';
  /** The open conversation's id: meaningful while the phase is OPEN. */
  let conversationId = '';
  let turn = 0;
  let pumping = false;

  /** One call; a 200 that cannot be read is the server misbehaving, like a 5xx. */
  const call = <T>(op: 'create' | 'respond' | 'close', body: object, parse: (json: unknown) => T | null, init: RequestInit) =>
    httpCall<T | Refused>(
      ctx.fetch,
      `${base}/${op}`,
      { ...init, method: op === 'close' ? 'PUT' : 'POST', headers, body: JSON.stringify(body) },
      (status, json) =>
        status < 300 ? (parse(json) ?? { code: 'server' }) : { status, message: serverErrorText(json, [chatApiKey, chatToken]) },
    );
  const isRefused = (answer: object): answer is Refused => 'status' in answer;
  /**
   * A turn has no event stream: its answer becomes the events the Messaging API would have sent
   * (without a sequence: placed where they arrive). `rest-<conversation>-<n>` names the turn, so
   * each is applied once.
   */
  const apply = (key: string, text: string, handoff?: { reason: string; destination?: string }) => {
    const events: LocalEvent[] = [];
    if (text) events.push({ kind: 'agent-reply', id: key, text });
    if (handoff)
      events.push({ kind: 'handoff-required', id: `${key}-handoff`, reason: handoff.reason, queueName: handoff.destination || undefined });
    reports.applyLocalEvents(events);
  };

  /** Best effort, and not aborted with the rest: keepalive lets it outlive the page. */
  const close = () => {
    if (phase === 'open') void call('close', { conversation_id: conversationId }, () => true, { keepalive: true });
  };

  /** Nothing gets through: what waits for delivery fails; "Try again" (or Retry) re-sends it. */
  const outage = (code: RetryCode) => {
    reports.failPendingMessages();
    reports.reportFault(code);
  };

  /** Async steps of an abandoned attempt see it changed and stop; its requests are aborted. */
  function teardown() {
    attempts.reset();
    pumping = false;
  }

  async function create() {
    teardown();
    phase = 'creating';
    setStatus('connecting');
    const body = { variant_id: variantId, integration_attributes: integrationAttributes };
    const { signal } = attempts.currentAttempt();
    const answer = await attempts.retryWithBackoff(() => call('create', body, parseChatCreate, { signal }), {
      maxFailures: CREATE_ATTEMPTS,
      maxRateLimits: RATE_LIMIT_WAITS,
    });
    if (!answer) return;
    if (isRetry(answer)) {
      // REST is the last resort: no further fallback, the user decides when to try again.
      phase = 'down';
      return outage(answer.code);
    }
    if (isRefused(answer)) return configError(answer);
    const { conversationId: id, response } = answer;
    conversationId = id;
    turn = 0;
    phase = 'open';
    setStatus('online');
    apply(`rest-${id}-0`, response);
    void pump();
  }

  /** Delivers pending messages strictly one at a time; a single loop runs per attempt. */
  async function pump() {
    if (pumping || phase !== 'open') return;
    pumping = true;
    const { signal } = attempts.currentAttempt();
    for (;;) {
      const id = conversationId;
      const message = selectPendingUserMessages(getState())[0];
      if (phase !== 'open' || !message) break;
      const { clientEventId } = message;
      // REST has no typing events: the widget shows its own while the agent "thinks".
      dispatch({ type: 'typing', typing: { who: 'agent' } });
      const body = { conversation_id: id, message: message.text };
      const answer = await attempts.retryWithBackoff(() => call('respond', body, parseChatRespond, { signal }), {
        maxFailures: RESPOND_ATTEMPTS,
        maxRateLimits: RATE_LIMIT_WAITS,
        onWait: (retry) => retry.code !== 'rate-limited' && setStatus(ctx.environment.isOnline() ? 'reconnecting' : 'offline'),
      });
      if (!answer) return;
      if (getState().typing?.who === 'agent') dispatch({ type: 'typing', typing: null });
      if (isRetry(answer)) {
        // An outage, not this message: everything queued behind it would fail the same way, and
        // must not overtake it. All of it is `failed`; "Try again" (or Retry) re-sends in order.
        outage(answer.code);
      } else if (isRefused(answer)) {
        const { status, message } = answer;
        if (status === 401 || status === 403) configError(answer);
        else if (status === 404) {
          // The conversation is gone: messages stay `sending` and move into the next conversation.
          phase = 'lost';
          reports.reportSessionLost();
        } else if (status === 410) {
          phase = 'ended';
          endLocally('REASON_NATURAL_END');
        } else {
          // Refused for what this one message is (too long, malformed): the queue goes on.
          markUserMessage('user-failed', clientEventId);
          const tooLong = status === 413;
          setStatus(tooLong ? getState().status : 'error', {
            code: tooLong ? 'message-too-long' : 'protocol',
            message: message ?? `message refused (HTTP ${status})`,
          });
        }
      } else {
        setStatus('online');
        const { response, handoff, endConversation } = answer;
        const key = `rest-${id}-${++turn}`;
        markUserMessage('user-sent', clientEventId);
        // The client-managed handoff event is the closest the Messaging API has: through the
        // reducer it gives the `client-handoff` notice, stage `client-required` and the host event.
        apply(key, response, handoff);
        if (endConversation) {
          endLocally('REASON_NATURAL_END');
          phase = 'ended';
        }
      }
    }
    pumping = false;
  }

  function configError({ status, message }: Refused) {
    teardown();
    phase = 'config-error';
    reports.reportConfigError(`"chatUrl" refused the request (HTTP ${status}${message ? `: ${message}` : ''})`);
  }

  /** A fresh conversation; the old one is closed, messages still waiting are carried over. */
  function restart(afterLoss?: boolean) {
    close();
    teardown();
    reports.carryOverIntoNewSession(afterLoss);
    void create();
  }

  // Network back or page visible again: a wait in progress is cut short.
  const unsubscribeWake = ctx.environment.onWake(() => (phase === 'creating' || pumping) && attempts.wakeSleeper());

  const transport: Transport = {
    start() {
      if (phase === 'idle') void create();
    },
    sendUserMessage(clientEventId) {
      if (phase === 'idle' || phase === 'down') void create();
      else if (phase === 'lost') restart(true);
      else if (phase === 'config-error' || phase === 'ended') markUserMessage('user-failed', clientEventId);
      else if (phase === 'open') void pump();
      // creating: create() starts the queue once the conversation exists.
    },
    setTyping() {
      // The Chat REST API has no typing events.
    },
    endSession() {
      if (phase !== 'open' && phase !== 'creating') return;
      close();
      teardown();
      phase = 'ended';
      // Ended at once: the user is done, whatever the close request meets on its way.
      endLocally('REASON_USER_END');
    },
    newConversation() {
      if (phase !== 'stopped') restart();
    },
    reconnectNow() {
      if (phase === 'creating' || pumping) return attempts.wakeSleeper();
      if (phase === 'lost') return restart(true);
      if (phase !== 'down' && !(phase === 'open' && getState().status === 'error')) return;
      // "Try again" after an outage: the conversation (or create) and what failed with it.
      for (const failed of selectFailedUserMessages(getState())) markUserMessage('user-retry', failed.clientEventId);
      if (phase === 'down') void create();
      else void pump();
    },
    stop() {
      if (phase === 'stopped') return;
      // Closed with keepalive, so it also gets out when stop() runs while the page unloads.
      close();
      teardown();
      phase = 'stopped';
      unsubscribeWake();
    },
  };
  return transport;
};
