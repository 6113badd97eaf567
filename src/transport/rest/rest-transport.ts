// The Chat REST fallback transport (PROTOCOL §7): create → one respond per user message → close.
// The store is the queue: user messages still `sending` are delivered one at a time, in the order
// they were sent, so replies come back in order and nothing is dropped — including messages that
// were waiting when the messaging transport gave up and handed over to this one.
// Keys reach the headers only when a developer put them in the browser on purpose; they never
// reach an error text or a log line.

import { PREFIX } from '../../options';
import { parseChatCreate, parseChatRespond } from '../../protocol/http';
import type { ServerEvent } from '../../protocol/types';
import { core, http, isRetry, JSON_TYPE, said, type RetryCode } from '../shared';
import type { Transport, TransportFactory } from '../transport';

/** Attempts before "cannot reach the chat service" (≈ 1 + 2 + 4 s of backoff). */
export const CREATE_ATTEMPTS = 4;
/** Attempts before a message is `failed` (≈ 1 + 2 s of backoff). */
export const RESPOND_ATTEMPTS = 3;
/** A server that keeps saying "later" is given this many waits before the request fails. */
export const RATE_LIMIT_WAITS = 5;

// Phases: not started, creating, open, down (create gave up; "try again" or the next send tries
// again), lost (404: the next send starts a new conversation), configuration error, ended, stopped.
const enum P {
  IDLE,
  CREATING,
  OPEN,
  DOWN,
  LOST,
  CONFIG,
  ENDED,
  STOPPED,
}

/** The server said no to this very request: the same request would get the same answer. */
interface Refused {
  status: number;
  message?: string;
}

export const createRestTransport: TransportFactory = (ctx) => {
  const { options, dispatch, getState: state } = ctx;
  const { chatApiKey, chatToken, variantId, integrationAttributes } = options;
  const [, , wakeSleeper, reset, attempt, retry, setStatus, fault, lost, users, act, reportConfig, failPending, ended, carryOver, iso] =
    core(ctx);
  const base = (options.chatUrl ?? '').replace(/\/+$/, '');
  const headers: Record<string, string> = { ...JSON_TYPE };
  if (chatApiKey) headers['X-API-KEY'] = chatApiKey;
  if (chatToken) headers['X-TOKEN'] = chatToken;
  if (chatApiKey || chatToken) {
    console.warn(`${PREFIX}"chatApiKey"/"chatToken": local testing only (see agent-webchat/server)`);
  }

  let phase = P.IDLE;
  /** The open conversation's id: meaningful while the phase is OPEN. */
  let conversationId = '';
  let turn = 0;
  let pumping = false;

  /** One call; a 200 that cannot be read is the server misbehaving, like a 5xx. */
  const call = <T>(op: 'create' | 'respond' | 'close', body: object, parse: (json: unknown) => T | null, init: RequestInit) =>
    http<T | Refused>(
      ctx.fetch,
      `${base}/${op}`,
      { ...init, method: op === 'close' ? 'PUT' : 'POST', headers, body: JSON.stringify(body) },
      (status, json) => (status < 300 ? (parse(json) ?? { code: 'server' }) : { status, message: said(json, [chatApiKey, chatToken]) }),
    );
  const isRefused = (a: object): a is Refused => 'status' in a;
  /**
   * A turn has no event stream: its answer becomes the events the Messaging API would have sent
   * (without a sequence: placed where they arrive). `rest-<conversation>-<n>` names the turn, so
   * each is applied once.
   */
  const apply = (key: string, text: string, timestamp: string, handoff?: ServerEvent) =>
    dispatch({
      type: 'server-events',
      events: [
        ...(text
          ? [
              {
                id: key,
                sequence: null,
                timestamp,
                type: 'EVENT_TYPE_SERVICE_AGENT_MESSAGE' as const,
                messageId: key,
                text,
                attachments: [],
                suggestions: [],
              },
            ]
          : []),
        ...(handoff ? [handoff] : []),
      ],
    });

  /** Best effort, and not aborted with the rest: keepalive lets it outlive the page. */
  const close = () => {
    if (phase === P.OPEN) void call('close', { conversation_id: conversationId }, () => true, { keepalive: true });
  };

  /** Nothing gets through: what waits for delivery fails; "Try again" (or Retry) re-sends it. */
  const outage = (code: RetryCode) => {
    failPending();
    fault(code);
  };

  /** Async steps of an abandoned attempt see it changed and stop; its requests are aborted. */
  function teardown() {
    reset();
    pumping = false;
  }

  async function create() {
    teardown();
    phase = P.CREATING;
    setStatus('connecting');
    const body = { variant_id: variantId, integration_attributes: integrationAttributes };
    const [signal] = attempt();
    const answer = await retry(
      () => call('create', body, parseChatCreate, { signal }),
      CREATE_ATTEMPTS,
      RATE_LIMIT_WAITS,
      () => 0,
    );
    if (!answer) return;
    if (isRetry(answer)) {
      // REST is the last resort: no further fallback, the user decides when to try again.
      phase = P.DOWN;
      return outage(answer.code);
    }
    if (isRefused(answer)) return configError(answer);
    const { conversationId: id, response } = answer;
    conversationId = id;
    turn = 0;
    phase = P.OPEN;
    setStatus('online');
    apply(`rest-${id}-0`, response, iso());
    void pump();
  }

  /** Delivers pending messages strictly one at a time; a single loop runs per attempt. */
  async function pump() {
    if (pumping || phase !== P.OPEN) return;
    pumping = true;
    const [signal] = attempt();
    for (;;) {
      const id = conversationId;
      const m = users('sending')[0];
      if (phase !== P.OPEN || !m) break;
      const { clientEventId } = m;
      // REST has no typing events: the widget shows its own while the agent "thinks".
      dispatch({ type: 'typing', typing: { who: 'agent' } });
      const body = { conversation_id: id, message: m.text };
      const answer = await retry(
        () => call('respond', body, parseChatRespond, { signal }),
        RESPOND_ATTEMPTS,
        RATE_LIMIT_WAITS,
        (r) => r.code !== 'rate-limited' && setStatus(ctx.environment.isOnline() ? 'reconnecting' : 'offline'),
      );
      if (!answer) return;
      if (state().typing?.who === 'agent') dispatch({ type: 'typing', typing: null });
      if (isRetry(answer)) {
        // An outage, not this message: everything queued behind it would fail the same way, and
        // must not overtake it. All of it is `failed`; "Try again" (or Retry) re-sends in order.
        outage(answer.code);
      } else if (isRefused(answer)) {
        const { status, message } = answer;
        if (status === 401 || status === 403) configError(answer);
        else if (status === 404) {
          // The conversation is gone: messages stay `sending` and move into the next conversation.
          phase = P.LOST;
          lost();
        } else if (status === 410) {
          phase = P.ENDED;
          ended('REASON_NATURAL_END');
        } else {
          // Refused for what this one message is (too long, malformed): the queue goes on.
          act('user-failed', clientEventId);
          const tooLong = status === 413;
          setStatus(tooLong ? state().status : 'error', {
            code: tooLong ? 'message-too-long' : 'protocol',
            message: message ?? `message refused (HTTP ${status})`,
          });
        }
      } else {
        setStatus('online');
        const { response, handoff, endConversation } = answer;
        const key = `rest-${id}-${++turn}`;
        const timestamp = iso();
        act('user-sent', clientEventId);
        // The client-managed handoff event is the closest the Messaging API has: through the
        // reducer it gives the `client-handoff` notice, stage `client-required` and the host event.
        apply(
          key,
          response,
          timestamp,
          handoff && {
            id: `${key}-handoff`,
            sequence: null,
            timestamp,
            type: 'EVENT_TYPE_CLIENT_HANDOFF_REQUIRED',
            reason: handoff.reason,
            queueName: handoff.destination,
          },
        );
        if (endConversation) {
          ended('REASON_NATURAL_END');
          phase = P.ENDED;
        }
      }
    }
    pumping = false;
  }

  function configError({ status, message }: Refused) {
    teardown();
    phase = P.CONFIG;
    reportConfig(`"chatUrl" refused the request (HTTP ${status}${message ? `: ${message}` : ''})`);
  }

  /** A fresh conversation; the old one is closed, messages still waiting are carried over. */
  function restart(afterLoss?: boolean) {
    close();
    teardown();
    carryOver(afterLoss);
    void create();
  }

  // Network back or page visible again: a wait in progress is cut short.
  const unsubscribeWake = ctx.environment.onWake(() => (phase === P.CREATING || pumping) && wakeSleeper());

  const transport: Transport = {
    start() {
      if (phase === P.IDLE) void create();
    },
    sendUserMessage(clientEventId) {
      if (phase === P.IDLE || phase === P.DOWN) void create();
      else if (phase === P.LOST) restart(true);
      else if (phase === P.CONFIG || phase === P.ENDED) act('user-failed', clientEventId);
      else if (phase === P.OPEN) void pump();
      // creating: create() starts the queue once the conversation exists.
    },
    setTyping() {
      // The Chat REST API has no typing events.
    },
    endSession() {
      if (phase !== P.OPEN && phase !== P.CREATING) return;
      close();
      teardown();
      phase = P.ENDED;
      // Ended at once: the user is done, whatever the close request meets on its way.
      ended('REASON_USER_END');
    },
    newConversation() {
      if (phase !== P.STOPPED) restart();
    },
    reconnectNow() {
      if (phase === P.CREATING || pumping) return wakeSleeper();
      if (phase === P.LOST) return restart(true);
      if (phase !== P.DOWN && !(phase === P.OPEN && state().status === 'error')) return;
      // "Try again" after an outage: the conversation (or create) and what failed with it.
      for (const m of users('failed')) act('user-retry', m.clientEventId);
      if (phase === P.DOWN) void create();
      else void pump();
    },
    stop() {
      if (phase === P.STOPPED) return;
      // Closed with keepalive, so it also gets out when stop() runs while the page unloads.
      close();
      teardown();
      phase = P.STOPPED;
      unsubscribeWake();
    },
  };
  return transport;
};
