// The Messaging API transport (PROTOCOL §1, §2, §6): handshake → socket → replay → join/outbox,
// with reconnect, session-lost detection and new sessions. The access token lives only in the
// `Credentials` of the current session inside this closure: it reaches the two handshake
// requests and the socket URL, nothing else (no store, event, error text, log or storage).

import type { TimerId } from '../../client/clock';
import { encodeClientEvent } from '../../protocol/encode';
import { parseFrame } from '../../protocol/parse-frame';
import { classifySystemMessage } from '../../protocol/system-messages';
import type { ClientEvent, ServerEvent } from '../../protocol/types';
import { selectCursor, selectNeedsJoin, selectPendingUserMessages } from '../../store/selectors';
import type { ConnectionStatus, ErrorCode, Notice, WebchatError } from '../../store/state';
import { backoffDelay, BACKOFF_CAP_MS } from '../backoff';
import { resetCarryingPending } from '../carry-over';
import { createTimers } from '../timers';
import type { Transport, TransportFactory } from '../transport';
import { baseOf, createSession, fetchAccessToken, plainServerText, type AccessToken, type Credentials } from './handshake';
import { createOutbox } from './outbox';
import { openSocket, type MessagingSocket } from './socket';
import { createTypingThrottle } from './typing-throttle';

/** PROTOCOL §6.4: nothing received for this long → the server has dropped the session. */
export const SILENCE_LIMIT_MS = 10 * 60_000;
/** PROTOCOL §6.5: a resumed socket may bring no batch at all; never wait longer for one. */
const REPLAY_GRACE_MS = 1000;
/** A long history comes as several batches back to back: the replay is over after this pause. */
const REPLAY_QUIET_MS = 200;

type Phase = 'idle' | 'handshaking' | 'live' | 'lost' | 'ended' | 'config' | 'stopped';

/** One session: its secret credentials, its socket and what has been done in it. */
interface Session {
  creds: Credentials;
  socket?: MessagingSocket;
  everOpened?: boolean;
  /** The replay after the latest open has been applied (join and outbox may act). */
  settled?: boolean;
  joinSent?: boolean;
  rejoinSent?: boolean;
  lastHeard: number;
}

/** Plain words for the host page's `error` event (the UI shows its own text per code). */
const MESSAGES = {
  'session-lost': 'the conversation was interrupted',
  network: 'cannot reach the messaging server',
  server: 'the messaging server failed',
  'rate-limited': 'the messaging server is busy',
  'message-too-long': 'the message is too long',
};
type Code = keyof typeof MESSAGES & ErrorCode;
const error = (code: Code): WebchatError => ({ code, message: MESSAGES[code] });

export const createMessagingTransport: TransportFactory = (ctx) => {
  const { options, clock, environment, dispatch } = ctx;
  const timers = createTimers(clock);
  const state = () => ctx.getState();
  const now = () => clock.now();
  const random = () => clock.random();

  let phase: Phase = 'idle';
  let generation = 0;
  let abort: AbortController | undefined;
  let session: Session | undefined;
  let configReported = false;
  /** One timer for the session's watch in turn: the replay wait, then the heartbeat. */
  let replayOrBeat: TimerId | undefined;

  const send = (event: ClientEvent): boolean => session?.socket?.send(encodeClientEvent(event, options.metadata)) ?? false;
  const pending = () => selectPendingUserMessages(state());
  const fail = (clientEventId: string) => dispatch({ type: 'user-failed', clientEventId });

  const outbox = createOutbox({
    timers,
    random,
    pending,
    transmit({ clientEventId, text }) {
      const frame = encodeClientEvent({ type: 'EVENT_TYPE_USER_MESSAGE', text, clientEventId }, options.metadata);
      if (new TextEncoder().encode(frame).length <= state().capabilities.maxMessageSizeBytes) return session?.socket?.send(frame) ?? false;
      // The server would close the socket on it (PROTOCOL §2), and resending would not help.
      fail(clientEventId);
      setStatus(state().status, error('message-too-long'));
      return false;
    },
    fail,
  });
  const typing = createTypingThrottle(now, (s) => send({ type: 'EVENT_TYPE_USER_TYPING', state: s }));
  const unsubscribeWake = environment.onWake(() => wake(false));

  function setStatus(status: ConnectionStatus, err?: WebchatError) {
    const s = state();
    if (s.status !== status || err || s.error) dispatch({ type: 'status', status, error: err });
  }

  /** Ends everything of the current session; async steps still running see a new generation. */
  function teardown() {
    generation++;
    abort?.abort();
    session?.socket?.close();
    session = undefined;
    outbox.clear();
    typing.reset();
    timers.clearAll();
  }

  async function beginSession() {
    const gen = ++generation;
    phase = 'handshaking';
    abort = new AbortController();
    const deps = { options, fetch: ctx.fetch, now, host: options.host ?? environment.hostname(), signal: abort.signal };
    // Kept across a failed session request: one token per session, not one per attempt.
    let token: AccessToken | undefined;
    let failures = 0;
    for (;;) {
      let wait = BACKOFF_CAP_MS;
      if (!environment.isOnline()) setStatus('offline');
      else {
        if (state().status === 'offline') setStatus('connecting');
        if (token && now() >= token.expiresAt) token = undefined;
        const got = token ?? (await fetchAccessToken(deps));
        if (gen !== generation) return;
        const result = 'accessToken' in got ? await createSession(deps, (token = got)) : got;
        if (gen !== generation) return;
        if ('sessionId' in result) return connect(result);
        if (result.kind === 'config') return configError(result.message);
        const { code, retryAfterMs, staleToken } = result;
        if (staleToken) token = undefined;
        // Rate limiting is the server asking for patience, not a failure to connect.
        if (code !== 'rate-limited' && ++failures === state().capabilities.maxReconnectAttempts) cannotConnect(code);
        wait = retryAfterMs ?? backoffDelay(Math.max(0, failures - 1), random);
      }
      await timers.sleep(wait);
      if (gen !== generation) return;
    }
  }

  function connect(creds: Credentials) {
    const { WebSocket } = ctx;
    if (!WebSocket) return lose('network');
    phase = 'live';
    const s: Session = { creds, lastHeard: now() };
    session = s;
    const current = () => session === s;
    const expired = () => now() >= creds.expiresAt;

    s.socket = openSocket({
      WebSocket,
      timers,
      random,
      isOnline: () => environment.isOnline(),
      url() {
        if (expired()) return void lose('session-lost');
        const ws = baseOf(options).replace(/^http/, 'ws');
        return `${ws}/ws?session_id=${encodeURIComponent(creds.sessionId)}&access_token=${encodeURIComponent(creds.accessToken)}&cursor=${selectCursor(state())}`;
      },
      maxFailures: () => state().capabilities.maxReconnectAttempts,
      onOpen() {
        if (!current()) return;
        s.everOpened = true;
        s.settled = false;
        typing.reset();
        setStatus('online');
        settleAfter(s, REPLAY_GRACE_MS);
      },
      onMessage(data) {
        if (current()) receive(s, data);
      },
      onClose() {
        if (!current()) return;
        s.settled = false;
        timers.clear(replayOrBeat);
        outbox.pause();
        typing.reset();
        // An expired token cannot open a socket again: the session is lost now, not in 30 s.
        if (expired()) lose('session-lost');
        else setStatus(environment.isOnline() ? 'reconnecting' : 'offline');
      },
      onOffline: () => setStatus('offline'),
      onGiveUp: () => lose(s.everOpened ? 'session-lost' : 'network'),
    });

    timers.set(() => current() && !s.socket?.isOpen() && lose('session-lost'), creds.expiresAt - now());
    const watchSilence = () => {
      const left = s.lastHeard + SILENCE_LIMIT_MS - now();
      if (!current()) return;
      if (left > 0) timers.set(watchSilence, left);
      else lose('session-lost');
    };
    watchSilence();
  }

  function settleAfter(s: Session, ms: number) {
    timers.clear(replayOrBeat);
    replayOrBeat = timers.set(() => settle(s), ms);
  }

  function receive(s: Session, data: string) {
    s.lastHeard = now();
    const frame = parseFrame(data);
    // A malformed frame is dropped; the connection and the session stay as they are.
    if (!frame.ok) return;
    const { events, isBatch } = frame;
    const applied = state().appliedIds;
    const fresh = new Map<string, ServerEvent>();
    for (const e of events) if (!Object.hasOwn(applied, e.id)) fresh.set(e.id, e);
    if (events.length) dispatch({ type: 'server-events', events });
    for (const e of fresh.values()) if (session === s) react(s, e, isBatch);
    if (session !== s) return;
    // A live event, or an empty batch (nothing after our cursor), means the replay is over.
    if (!isBatch || (!events.length && !frame.skipped)) settle(s);
    else if (!s.settled) settleAfter(s, REPLAY_QUIET_MS);
  }

  /** Acts on events new to this client. Replayed system messages are history, not requests. */
  function react(s: Session, e: ServerEvent, replayed: boolean) {
    if (e.type === 'EVENT_TYPE_SESSION_END') return end();
    if (e.type !== 'EVENT_TYPE_SYSTEM_MESSAGE' || replayed) return;
    // Invalid-event and agent errors are shown by the store; nothing to do on the wire.
    switch (classifySystemMessage(e.message)) {
      case 'retry-later':
        return outbox.retryLater(e.clientEventId);
      case 'transient':
        return s.socket?.reconnect();
      case 'rejoin':
        // A second time: the conversation is gone for good.
        if (s.rejoinSent) return lose('session-lost');
        s.rejoinSent = true;
        send({ type: 'EVENT_TYPE_REQUEST_SERVICE_AGENT_JOIN' });
        return;
      case 'new-session':
        return lose('session-lost');
      case 'config':
        return configError(`the messaging server reported a configuration problem (${plainServerText(e.message, [options.connectorToken, s.creds.accessToken])})`);
    }
  }

  /** The replay is applied: join a new session once (PROTOCOL §6.1), then resend what lacks an echo. */
  function settle(s: Session) {
    if (s.settled || session !== s || !s.socket?.isOpen()) return;
    s.settled = true;
    // Heartbeats start here, not on open: the replay may have brought the session's interval.
    const beat = () => {
      replayOrBeat = timers.set(() => {
        send({ type: 'EVENT_TYPE_HEARTBEAT' });
        beat();
      }, Math.max(1, state().capabilities.heartbeatIntervalSeconds) * 1000);
    };
    timers.clear(replayOrBeat);
    beat();
    if (selectNeedsJoin(state()) && !s.joinSent) s.joinSent = send({ type: 'EVENT_TYPE_REQUEST_SERVICE_AGENT_JOIN' });
    outbox.flush();
  }

  /** Gives the session up: status error, and for a never-reached server, the fallback trigger. */
  function lose(code: 'session-lost' | 'network') {
    if (phase !== 'live' && phase !== 'handshaking') return;
    const neverConnected = !session?.everOpened;
    teardown();
    phase = 'lost';
    const err = error(code);
    setStatus('error', err);
    if (code === 'session-lost') notice({ code });
    if (neverConnected) ctx.onOutcome({ type: 'cannot-connect', error: err });
  }

  function cannotConnect(code: Code) {
    const err = error(code);
    setStatus('error', err);
    ctx.onOutcome({ type: 'cannot-connect', error: err });
  }

  function end() {
    teardown();
    phase = 'ended';
    setStatus('ended');
  }

  function configError(message: string) {
    teardown();
    phase = 'config';
    if (!configReported) console.error(`agent-webchat: ${message}`);
    configReported = true;
    setStatus('error', { code: 'config', message });
    pending().forEach((m) => fail(m.clientEventId));
  }

  function notice(n: Notice) {
    dispatch({ type: 'notice', notice: n, timestamp: new Date(now()).toISOString() });
  }

  /** A fresh session with a fresh token; messages still waiting are carried into it. */
  function restart(n?: Notice) {
    teardown();
    resetCarryingPending(ctx, n);
    setStatus(environment.isOnline() ? 'connecting' : 'offline');
    void beginSession();
  }

  /** Network back, page visible or the user's "try again": attempt now instead of after backoff. */
  function wake(byUser: boolean) {
    const socket = session?.socket;
    if (phase === 'handshaking') timers.wake();
    else if (phase === 'live' && socket && !socket.isOpen()) {
      if (environment.isOnline()) setStatus('reconnecting');
      socket.wake();
    } else if (phase === 'lost' && byUser) restart({ code: 'new-conversation' });
  }

  const transport: Transport = {
    start() {
      if (phase !== 'idle') return;
      if (!environment.isOnline()) setStatus('offline');
      void beginSession();
    },
    sendUserMessage(clientEventId, text) {
      typing.set(false);
      if (phase === 'idle') transport.start();
      else if (phase === 'lost') restart({ code: 'new-conversation' });
      else if (phase === 'config') fail(clientEventId);
      // Before the replay is applied the message waits: settle() sends it after the join.
      else if (phase === 'live' && session?.settled) outbox.send({ clientEventId, text });
    },
    setTyping(on) {
      if (phase === 'live') typing.set(on);
    },
    endSession() {
      if ((phase !== 'live' && phase !== 'handshaking') || send({ type: 'EVENT_TYPE_USER_END_SESSION' })) return;
      // Not connected: the server will drop the idle session; the user is done with it now.
      end();
      dispatch({ type: 'session-ended', reason: 'REASON_USER_END', timestamp: new Date(now()).toISOString() });
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
};
