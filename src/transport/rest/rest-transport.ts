// The Chat REST fallback transport (PROTOCOL §7): create → one respond per user message → close.
// The store is the queue: user messages still `sending` are delivered one at a time, in the order
// they were sent, so replies come back in order and nothing is dropped — including messages that
// were waiting when the messaging transport gave up and handed over to this one.

import { parseChatCreate, parseChatRespond } from '../../protocol/http';
import { selectFailedUserMessages, selectPendingUserMessages } from '../../store/selectors';
import type { ConnectionStatus, ErrorCode, Notice, WebchatError } from '../../store/state';
import { resetCarryingPending } from '../carry-over';
import { createTimers } from '../timers';
import type { Transport, TransportFactory } from '../transport';
import { createChatApi, type ChatAnswer } from './chat-api';
import { retrying, type RetryPolicy } from './retrying';
import { turnActions } from './turn-actions';

/** Attempts before "cannot reach the chat service" (≈ 1 + 2 + 4 s of backoff). */
export const CREATE_ATTEMPTS = 4;
/** Attempts before a message is `failed` (≈ 1 + 2 s of backoff). */
export const RESPOND_ATTEMPTS = 3;

/** `down`: create gave up; "Try again" or the next send tries again. */
type Phase = 'idle' | 'creating' | 'open' | 'down' | 'lost' | 'config' | 'ended' | 'stopped';

const MESSAGES: Record<'network' | 'server' | 'rate-limited' | 'session-lost', string> = {
  network: 'cannot reach the chat service',
  server: 'the chat service is not answering correctly',
  'rate-limited': 'the chat service is busy',
  'session-lost': 'the conversation was interrupted and cannot be resumed',
};

const ok = () => true;

export const createRestTransport: TransportFactory = (ctx) => {
  const { clock, options } = ctx;
  const api = createChatApi(options, ctx.fetch, () => clock.now());
  const timers = createTimers(clock);
  const state = () => ctx.getState();
  const iso = () => new Date(clock.now()).toISOString();

  let phase: Phase = 'idle';
  let generation = 0;
  let abort = new AbortController();
  let conversationId: string | undefined;
  let turn = 0;
  let pumping = false;
  let configReported = false;

  // Network back or page visible again: a wait in progress is cut short.
  const unsubscribeWake = ctx.environment.onWake(() => (phase === 'creating' || pumping) && timers.wake());

  const error = (code: keyof typeof MESSAGES): WebchatError => ({ code, message: MESSAGES[code] });

  function setStatus(status: ConnectionStatus, err?: WebchatError) {
    const s = state();
    if (s.status === status && !err && !s.error) return;
    ctx.dispatch(err ? { type: 'status', status, error: err } : { type: 'status', status });
  }

  const notice = (n: Notice) => ctx.dispatch({ type: 'notice', notice: n, timestamp: iso() });

  function stopTyping() {
    if (state().typing?.who === 'agent') ctx.dispatch({ type: 'typing', typing: null });
  }

  function failPending() {
    for (const m of selectPendingUserMessages(state())) ctx.dispatch({ type: 'user-failed', clientEventId: m.clientEventId });
  }

  /** Async steps of an abandoned generation see it changed and stop; its requests are aborted. */
  function teardown() {
    generation++;
    abort.abort();
    abort = new AbortController();
    timers.clearAll();
    pumping = false;
  }

  function policy(attempts: number, onWait?: RetryPolicy['onWait']): RetryPolicy {
    const gen = generation;
    return { attempts, timers, random: () => clock.random(), alive: () => gen === generation, onWait };
  }

  /** Best effort, and not aborted with the rest: keepalive lets it outlive the page. */
  function close(id: string) {
    void api.call('close', { conversation_id: id }, ok, { keepalive: true });
  }

  function startCreate() {
    teardown();
    phase = 'creating';
    conversationId = undefined;
    setStatus('connecting');
    void create();
  }

  async function create() {
    const { variantId, integrationAttributes } = options;
    const body = {
      ...(variantId !== undefined ? { variant_id: variantId } : {}),
      ...(integrationAttributes !== undefined ? { integration_attributes: integrationAttributes } : {}),
    };
    const signal = abort.signal;
    const answer = await retrying(() => api.call('create', body, parseChatCreate, { signal }), policy(CREATE_ATTEMPTS));
    if (!answer) return;
    if (answer.kind === 'refused') return configError(answer);
    if (answer.kind === 'retry') {
      // REST is the last resort: no further fallback, the user decides when to try again.
      phase = 'down';
      failPending();
      return setStatus('error', error(answer.code));
    }
    conversationId = answer.value.conversationId;
    turn = 0;
    phase = 'open';
    setStatus('online');
    const text = answer.value.response;
    if (text) ctx.dispatch({ type: 'agent-reply', messageId: `rest-${conversationId}-0`, text, timestamp: iso() });
    void pump();
  }

  /** Delivers pending messages strictly one at a time; a single loop runs per generation. */
  async function pump() {
    if (pumping || phase !== 'open') return;
    pumping = true;
    const gen = generation;
    const signal = abort.signal;
    for (;;) {
      const id = conversationId;
      const m = selectPendingUserMessages(state())[0];
      if (phase !== 'open' || !id || !m) break;
      // REST has no typing events: the widget shows its own while the agent "thinks".
      ctx.dispatch({ type: 'typing', typing: { who: 'agent' } });
      const onWait: RetryPolicy['onWait'] = (a) => a.code !== 'rate-limited' && setStatus(ctx.environment.isOnline() ? 'reconnecting' : 'offline');
      const body = { conversation_id: id, message: m.text };
      const answer = await retrying(() => api.call('respond', body, parseChatRespond, { signal }), policy(RESPOND_ATTEMPTS, onWait));
      if (!answer || gen !== generation) return;
      stopTyping();
      if (answer.kind !== 'ok') {
        respondFailed(answer, m.clientEventId);
        continue;
      }
      setStatus('online');
      for (const action of turnActions(m.clientEventId, answer.value, `rest-${id}-${++turn}`, iso())) ctx.dispatch(action);
      if (answer.value.endConversation) phase = 'ended';
    }
    pumping = false;
  }

  function respondFailed(answer: Exclude<ChatAnswer<unknown>, { kind: 'ok' }>, clientEventId: string) {
    if (answer.kind === 'retry') {
      // An outage, not this message: everything queued behind it would fail the same way, and
      // must not overtake it. All of it is `failed`; "Try again" (or Retry) re-sends in order.
      failPending();
      return setStatus('error', error(answer.code));
    }
    switch (answer.status) {
      case 401:
      case 403:
        return configError(answer);
      case 404:
        // The conversation is gone: messages stay `sending` and move into the next conversation.
        phase = 'lost';
        conversationId = undefined;
        setStatus('error', error('session-lost'));
        return notice({ code: 'session-lost' });
      case 410:
        phase = 'ended';
        conversationId = undefined;
        return ctx.dispatch({ type: 'session-ended', reason: 'REASON_NATURAL_END', timestamp: iso() });
      default: {
        // Refused for what this one message is (too long, malformed): the queue goes on.
        ctx.dispatch({ type: 'user-failed', clientEventId });
        const code: ErrorCode = answer.status === 413 ? 'message-too-long' : 'protocol';
        const message = answer.message ?? `the chat service refused the message (HTTP ${answer.status})`;
        return setStatus(code === 'protocol' ? 'error' : state().status, { code, message });
      }
    }
  }

  function configError(answer: { status: number; message?: string }) {
    teardown();
    phase = 'config';
    conversationId = undefined;
    const said = answer.message ? `: ${answer.message}` : '';
    const message = `the chat service at "chatUrl" refused the request (HTTP ${answer.status}${said}); check "chatUrl" and the keys of the Chat proxy`;
    if (!configReported) {
      configReported = true;
      console.error(`agent-webchat: ${message}`);
    }
    failPending();
    setStatus('error', { code: 'config', message });
  }

  /** A fresh conversation; the old one is closed, messages still waiting are carried over. */
  function restart(n?: Notice) {
    if (phase === 'open' && conversationId) close(conversationId);
    teardown();
    resetCarryingPending(ctx, n);
    startCreate();
  }

  function retryFailed() {
    for (const m of selectFailedUserMessages(state())) ctx.dispatch({ type: 'user-retry', clientEventId: m.clientEventId });
  }

  const transport: Transport = {
    start() {
      if (phase === 'idle') startCreate();
    },
    sendUserMessage(clientEventId) {
      switch (phase) {
        case 'idle':
          return startCreate();
        case 'down':
          return startCreate();
        case 'lost':
          return restart({ code: 'new-conversation' });
        case 'config':
        case 'ended':
          return ctx.dispatch({ type: 'user-failed', clientEventId });
        case 'open':
          return void pump();
        default:
        // creating: create() starts the queue once the conversation exists.
      }
    },
    setTyping() {
      // The Chat REST API has no typing events.
    },
    endSession() {
      if (phase !== 'open' && phase !== 'creating') return;
      const id = conversationId;
      teardown();
      phase = 'ended';
      conversationId = undefined;
      if (id) close(id);
      // Ended at once: the user is done, whatever the close request meets on its way.
      ctx.dispatch({ type: 'session-ended', reason: 'REASON_USER_END', timestamp: iso() });
    },
    newConversation() {
      if (phase !== 'stopped') restart();
    },
    reconnectNow() {
      if (phase === 'creating' || pumping) return timers.wake();
      if (phase === 'lost') return restart({ code: 'new-conversation' });
      if (phase !== 'down' && !(phase === 'open' && state().status === 'error')) return;
      // "Try again" after an outage: the conversation (or create) and what failed with it.
      retryFailed();
      if (phase === 'down') startCreate();
      else void pump();
    },
    stop() {
      if (phase === 'stopped') return;
      // Closed with keepalive, so it also gets out when stop() runs while the page unloads.
      if (phase === 'open' && conversationId) close(conversationId);
      teardown();
      phase = 'stopped';
      unsubscribeWake();
    },
  };
  return transport;
};
