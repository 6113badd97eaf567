// The Messaging API transport (docs/protocol.md §1, §2, §6), wiring its parts: the handshake (token +
// session, handshake.ts), the socket (a ReconnectingWebSocket, reconnecting-socket.ts), the replay
// wait and heartbeat (replay-watch.ts), the outbox (outbox.ts), the typing indicator (typing.ts)
// and the reactions to system messages (reactToNewEvents). What stays here is the session's
// policy: when to reconnect, when a session is lost, when to start a new one.
//
// A frame goes: socket `onMessage` → `receiveFrame` → parseFrame → (the batches of a replay in
// progress wait for its end) → store (`server-events`) → `reactToNewEvents` (session end, system
// messages) → `replay.frameApplied` → `joinAndDeliver`.
//
// The access token lives only in `credentials` here: it reaches the handshake requests and the
// socket URL, nothing else (no store, event, error text, log or storage).
//
// One session at a time: `teardown()` bumps the attempt generation, aborts requests, clears every
// timer and closes the socket, so nothing of an abandoned session can act.

import { encodeClientEvent } from '../../protocol/encode';
import { parseFrame } from '../../protocol/parse-frame';
import { classifySystemMessage, type SystemMessageAction } from '../../protocol/system-messages';
import type { ClientEvent, ServerEvent } from '../../protocol/types';
import { isApplied, selectCursor, selectNeedsJoin, selectPendingUserMessages } from '../../store/selectors';
import type { WebchatError } from '../../store/state';
import { createAttempts } from '../attempts';
import { backoffDelay } from '../backoff';
import { isRetry, type Retry, scrubbed } from '../http-call';
import { pendingForever } from '../pending-forever';
import { createStoreReports } from '../store-reports';
import type { Transport, TransportContext } from '../transport-contract';
import { createHandshake, type SessionCredentials } from './handshake';
import { createOutbox } from './outbox';
import { type MessagingSocket, openMessagingSocket } from './reconnecting-socket';
import { createReplayWatch } from './replay-watch';
import { REPLAY_HOLD_MS, SILENCE_LIMIT_MS } from './timings';
import { createTypingSender } from './typing';

export { SILENCE_LIMIT_MS } from './timings';

export interface MessagingTransportOptions {
  /**
   * For a transport taking over a conversation already in the store (a new leader tab): on
   * start, resume the session `tokenUrl` names; when it names none, do not create one — the
   * session is reported lost, and the next send or "try again" starts a new conversation.
   * Without `tokenUrl` no request is made: the next send starts the new conversation.
   */
  resumeOnly?: boolean;
}

/**
 * Where the transport is: not started, handshake running, a session (socket open or reconnecting),
 * lost (the next send or "try again" starts a new one), ended, configuration error, stopped for good.
 */
type MessagingPhase = 'idle' | 'handshaking' | 'live' | 'lost' | 'ended' | 'config-error' | 'stopped';

const HEARTBEAT: ClientEvent = { type: 'EVENT_TYPE_HEARTBEAT' };
const JOIN: ClientEvent = { type: 'EVENT_TYPE_REQUEST_SERVICE_AGENT_JOIN' };

/** Offline, a wait is at most this long before the network is checked again (a wake-up cuts it short). */
const NETWORK_WAIT_MS = 30_000;
/** Offline: the handshake waits and the wait counts as no failure. */
const WAIT_FOR_NETWORK: Retry = { code: 'rate-limited', wait: NETWORK_WAIT_MS };

export function createMessagingTransport(ctx: TransportContext, messagingOptions: MessagingTransportOptions = {}): Transport {
  const { options, clock, environment, dispatch, getState } = ctx;
  const attempts = createAttempts(clock);
  const reports = createStoreReports(ctx);
  const { setTimer } = attempts;
  const { setStatus } = reports;
  // ctx.fetch is read at each call, not captured: whoever holds the context may swap it.
  const handshake = createHandshake(
    options,
    (url, init) => ctx.fetch(url, init),
    () => clock.now(),
    () => environment.hostname(),
  );
  const capabilities = () => getState().capabilities;
  const isOnline = () => environment.isOnline();
  const socketBase = (options.messagingUrl ?? '').replace(/\/+$/, '').replace(/^http/, 'ws');

  let phase: MessagingPhase = 'idle';
  /** Sessions begun on this page: every one after the first asks `tokenUrl` for a fresh one. */
  let sessionsBegun = 0;
  let credentials: SessionCredentials | undefined;
  let socket: MessagingSocket | undefined;
  let everOpened = false;
  let joinSent = false;
  let rejoinSent = false;
  let lastHeardAt = 0;
  /** Consecutive socket attempts that never opened; -1 while the current one is open (its drop is no failure). */
  let failedAttempts = 0;
  /** The socket closed: the next attempt waits its backoff first. */
  let backoffDue = false;
  /** Batches of the replay in progress, not applied yet (see receiveFrame), and since when. */
  let heldBatches: { text: string; events: ServerEvent[] }[] = [];
  let heldSince = 0;

  const sendFrame = (frame: string) => socket?.send(frame) ?? false;
  const sendEvent = (event: ClientEvent) => sendFrame(encodeClientEvent(event, options.metadata));
  // The agent greets in the widget's language: the join names the locale the site chose.
  const join: ClientEvent = options.locale ? { ...JOIN, custom: { locale: options.locale } } : JOIN;
  const isOpen = () => socket?.isOpen() ?? false;
  const outbox = createOutbox({ timers: attempts, reports, getState, metadata: options.metadata, sendFrame, random: () => clock.random() });
  const typing = createTypingSender(
    (state) => sendEvent({ type: 'EVENT_TYPE_USER_TYPING', state }),
    () => clock.now(),
  );
  const replay = createReplayWatch({
    timers: attempts,
    sendHeartbeat: () => sendEvent(HEARTBEAT),
    isOpen,
    heartbeatIntervalSeconds: () => capabilities().heartbeatIntervalSeconds,
    onSettled: joinAndDeliver,
  });

  // — Session lifecycle.

  /** Ends everything of the current session. */
  function teardown() {
    attempts.reset();
    socket?.close();
    socket = undefined;
    heldBatches = [];
    replay.socketClosed();
    typing.forget();
    // attempts.reset() cleared the echo timers with every other one.
    outbox.clear();
    everOpened = false;
  }

  /** docs/protocol.md §1: token + session, retried until it works (or a configuration error). */
  async function beginSession() {
    phase = 'handshaking';
    const fresh = sessionsBegun++ > 0;
    const { signal } = attempts.currentAttempt();
    const tryHandshake = handshake.sessionRequest({ fresh, resumeOnly: messagingOptions.resumeOnly === true && !fresh, signal });
    const answer = await attempts.retryWithBackoff(
      () => {
        // Offline: no attempt (it would fail at once and count); wait for the network, uncounted.
        if (!isOnline()) {
          setStatus('offline');
          return Promise.resolve(WAIT_FOR_NETWORK);
        }
        if (getState().status === 'offline') setStatus('connecting');
        return tryHandshake();
      },
      {
        maxFailures: Infinity,
        maxRateLimits: Infinity,
        // After max_reconnect_attempts failures the client may fall back; this one keeps trying.
        onWait: (retry, failures) =>
          retry.code !== 'rate-limited' &&
          failures === capabilities().maxReconnectAttempts &&
          reportCannotConnect(reports.reportFault(retry.code)),
      },
    );
    if (!answer || isRetry(answer)) return;
    if (answer.type === 'config-error') configError(answer.message);
    else if (answer.type === 'no-session') loseSession('session-lost');
    else connect(answer.credentials);
  }

  function connect(session: SessionCredentials) {
    if (!ctx.WebSocket) return loseSession('network');
    // A new session on a store that holds another one's history (a conversation taken over from
    // another tab): its cursor would skip the new session's events, so that history is closed first.
    if (!session.resumed && getState().lastSequence > 0) reports.carryOverIntoNewSession(true);
    phase = 'live';
    credentials = session;
    lastHeardAt = clock.now();
    failedAttempts = 0;
    backoffDue = false;
    joinSent = rejoinSent = false;
    socket = openMessagingSocket(ctx.WebSocket, {
      nextUrl: nextSocketUrl,
      onOpen: socketOpened,
      onMessage: receiveFrame,
      onClose: socketClosed,
    });
    setTimer(() => !isOpen() && loseSession('session-lost'), session.expiresAt - clock.now());
    watchSilence();
  }

  /** docs/protocol.md §6.4: nothing received for SILENCE_LIMIT_MS → the server has dropped the session. */
  function watchSilence() {
    const left = lastHeardAt + SILENCE_LIMIT_MS - clock.now();
    if (left > 0) setTimer(watchSilence, left);
    else loseSession('session-lost');
  }

  /**
   * The URL of the next socket attempt, with the current cursor — after the backoff (a wake-up
   * cuts it short) and, offline, after the network came back: attempts made offline fail at once
   * and would use up the session's attempts.
   */
  async function nextSocketUrl(): Promise<string> {
    const attempt = attempts.currentAttempt();
    const session = credentials!;
    if (backoffDue) {
      backoffDue = false;
      if (session.resumed && !everOpened) {
        // A remembered session that refuses the socket may simply be gone (expired): when the
        // host answers HTTP, it is, and a fresh one is asked for now rather than after the backoff.
        if (await handshake.probeHost(attempt.signal)) {
          if (attempt.isCurrent()) restart(true);
          return pendingForever();
        }
        if (!attempt.isCurrent()) return pendingForever();
      }
      await attempts.sleep(backoffDelay(failedAttempts, () => clock.random()));
    }
    // Offline: no attempt; the network coming back (a wake-up) ends the wait.
    while (!isOnline()) {
      setStatus('offline');
      await attempts.sleep(NETWORK_WAIT_MS);
    }
    if (!attempt.isCurrent()) return pendingForever();
    if (clock.now() >= session.expiresAt) {
      loseSession('session-lost');
      return pendingForever();
    }
    const query = (name: string, value: string) => `${name}=${encodeURIComponent(value)}`;
    return `${socketBase}/ws?${query('session_id', session.sessionId)}&${query('access_token', session.accessToken)}&cursor=${selectCursor(getState())}`;
  }

  function socketOpened() {
    failedAttempts = -1;
    everOpened = true;
    setStatus('online');
    replay.socketOpened();
  }

  /** The socket is gone (closed, failed or timed out): report it; the next attempt is on its way. */
  function socketClosed() {
    // What came before the drop counts (the next cursor starts after it).
    applyHeldBatches();
    failedAttempts++;
    backoffDue = true;
    replay.socketClosed();
    typing.forget();
    outbox.pause();
    // An expired token cannot open a socket again: the session is lost now, not in 30 s.
    if (clock.now() >= credentials!.expiresAt) return loseSession('session-lost');
    setStatus(isOnline() ? 'reconnecting' : 'offline');
    if (failedAttempts >= capabilities().maxReconnectAttempts) loseSession(everOpened ? 'session-lost' : 'network');
  }

  // — From the socket to the store.

  function receiveFrame(text: string) {
    lastHeardAt = clock.now();
    const frame = parseFrame(text);
    // A malformed frame is dropped; the connection and the session stay as they are.
    if (!frame.ok) return;
    const { events, isBatch, skipped } = frame;
    const receivingSocket = socket;
    // A replay in progress: its batches wait for its end (or REPLAY_HOLD_MS), then apply in one task.
    if (isBatch && events.length && !replay.isSettled()) {
      if (!heldBatches.length) heldSince = clock.now();
      heldBatches.push({ text, events });
      if (clock.now() - heldSince >= REPLAY_HOLD_MS) applyHeldBatches();
    } else {
      applyHeldBatches();
      applyFrame(text, events, isBatch);
    }
    if (socket === receivingSocket) replay.frameApplied({ isBatch, eventCount: events.length, skipped });
  }

  function applyHeldBatches() {
    const held = heldBatches;
    const receivingSocket = socket;
    heldBatches = [];
    // Until one of them ends the session (what came after it would have found the socket closed).
    for (const { text, events } of held) if (socket === receivingSocket) applyFrame(text, events, true);
  }

  function applyFrame(text: string, events: ServerEvent[], isBatch: boolean) {
    const before = getState();
    const newEvents = new Map(events.filter((event) => !isApplied(before, event.id)).map((event) => [event.id, event]));
    // The replay of a session resumed on an empty transcript (a new page) is its history.
    const history = isBatch && credentials?.resumed && !before.lastSequence;
    if (events.length) {
      ctx.frameTap?.(text);
      dispatch({ type: 'server-events', events, ...(history && { history }) });
    }
    reactToNewEvents([...newEvents.values()], isBatch);
  }

  /** Acts on events new to this client. Replayed system messages are history, not requests. */
  function reactToNewEvents(events: ServerEvent[], replayed: boolean) {
    const receivingSocket = socket;
    for (const event of events) {
      if (socket !== receivingSocket) return;
      if (event.type === 'EVENT_TYPE_SESSION_END') end();
      else if (event.type === 'EVENT_TYPE_SYSTEM_MESSAGE' && !replayed) {
        const { message, clientEventId } = event;
        const reactions: Partial<Record<SystemMessageAction, () => unknown>> = {
          // High load: resend the message named (or every pending one) in a moment.
          'retry-later': () => outbox.resendSoon(clientEventId),
          // A transient failure on the server: drop the socket and reconnect.
          transient: () => isOpen() && socket!.reconnect(),
          rejoin() {
            // Conversation missing: join again; a second time, it is gone for good.
            if (rejoinSent) loseSession('session-lost');
            else {
              rejoinSent = true;
              sendEvent(join);
            }
          },
          'new-session': () => loseSession('session-lost'),
          // The connector is misconfigured: in the server's own words, scrubbed.
          config: () => configError(`messaging server: ${scrubbed(message, [options.connectorToken, credentials?.accessToken])}`),
        };
        reactions[classifySystemMessage(message)]?.();
      }
    }
  }

  /** The replay is over: apply it, join a new session once (docs/protocol.md §6.1), then resend what lacks an echo. */
  function joinAndDeliver() {
    applyHeldBatches();
    if (selectNeedsJoin(getState()) && !joinSent) joinSent = sendEvent(join);
    outbox.sendAllPending();
  }

  // — Ends of a session.

  /** Gives the session up: status error, and for a never-reached server, the fallback trigger. */
  function loseSession(code: 'session-lost' | 'network') {
    if (phase !== 'live' && phase !== 'handshaking') return;
    const neverConnected = !everOpened;
    teardown();
    phase = 'lost';
    const error = code === 'session-lost' ? reports.reportSessionLost() : reports.reportFault(code);
    if (neverConnected) reportCannotConnect(error);
  }

  /** The server is not reached (yet): the client may fall back to Chat REST. */
  const reportCannotConnect = (error: WebchatError) => ctx.onOutcome({ type: 'cannot-connect', error });

  /** The status follows from the SESSION_END this comes with (the server's, or endLocally's). */
  function end() {
    teardown();
    phase = 'ended';
  }

  function configError(message: string) {
    teardown();
    phase = 'config-error';
    reports.reportConfigError(message);
  }

  /** A fresh session with a fresh token; messages still waiting are carried into it. */
  function restart(afterLoss?: boolean) {
    teardown();
    reports.carryOverIntoNewSession(afterLoss);
    setStatus(isOnline() ? 'connecting' : 'offline');
    void beginSession();
  }

  /** Network back, page visible or the user's "try again": attempt now instead of after backoff. */
  function wake(byUser: boolean) {
    if (phase === 'handshaking') attempts.wakeSleeper();
    else if (phase === 'live' && !isOpen()) {
      if (isOnline()) setStatus('reconnecting');
      attempts.wakeSleeper();
    } else if (phase === 'lost' && byUser) restart(true);
  }
  const unsubscribeWake = environment.onWake(() => wake(false));

  const transport: Transport = {
    start() {
      if (phase !== 'idle') return;
      if (messagingOptions.resumeOnly && !options.tokenUrl) {
        // Taken over with the connector token in the page: nothing can find that session again.
        // Quietly lost: the next send (or "try again") starts a new conversation, with its notice;
        // messages still waiting start it now.
        phase = 'lost';
        sessionsBegun = 1;
        if (selectPendingUserMessages(getState()).length) restart(true);
        return;
      }
      void beginSession();
    },
    sendUserMessage(clientEventId, text) {
      typing.update(false);
      if (phase === 'idle') transport.start();
      else if (phase === 'lost') restart(true);
      else if (phase === 'config-error') reports.markUserMessage('user-failed', clientEventId);
      // Before the replay is applied the message waits: joinAndDeliver() sends it after the join.
      else if (phase === 'live' && replay.isSettled()) outbox.sendNew({ clientEventId, text });
    },
    setTyping(isTyping) {
      if (phase === 'live') typing.update(isTyping);
    },
    endSession() {
      if ((phase !== 'live' && phase !== 'handshaking') || sendEvent({ type: 'EVENT_TYPE_USER_END_SESSION' })) return;
      // Not connected: the server will drop the idle session; the user is done with it now.
      end();
      reports.endLocally('REASON_USER_END');
    },
    newConversation() {
      if (phase !== 'stopped') restart();
    },
    reconnectNow: () => wake(true),
    stop() {
      teardown();
      phase = 'stopped';
      unsubscribeWake();
    },
  };
  return transport;
}
