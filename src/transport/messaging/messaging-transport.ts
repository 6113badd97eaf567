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
import { createSession, fetchAccessToken, plainServerText, type AccessToken, type Credentials } from './handshake';
import { createHeartbeat } from './heartbeat';
import { createOutbox, type PendingMessage } from './outbox';
import { openSocket, type MessagingSocket } from './socket';
import { createTypingThrottle } from './typing-throttle';

/** PROTOCOL §6.4: nothing received for this long → the server has dropped the session. */
export const SILENCE_LIMIT_MS = 10 * 60_000;
/** PROTOCOL §6.5: a resumed socket may bring no batch at all; never wait longer for one. */
export const REPLAY_GRACE_MS = 1000;
/** A long history comes as several batches back to back: the replay is over after this pause. */
export const REPLAY_QUIET_MS = 200;

type Phase = 'idle' | 'handshaking' | 'live' | 'lost' | 'ended' | 'config' | 'stopped';

/** One session: its secret credentials, its socket and what has been done in it. */
interface Session {
  creds: Credentials;
  socket?: MessagingSocket;
  everOpened: boolean;
  /** The replay after the latest open has been applied (join and outbox may act). */
  settled: boolean;
  replayTimer?: TimerId;
  joinSent: boolean;
  rejoinSent: boolean;
  lastHeard: number;
}

const MESSAGES: Record<'session-lost' | 'network' | 'server' | 'rate-limited' | 'message-too-long', string> = {
  'session-lost': 'the conversation was interrupted and cannot be resumed',
  network: 'cannot reach the messaging server',
  server: 'the messaging server is not answering correctly',
  'rate-limited': 'the messaging server is busy',
  'message-too-long': 'the message is too long to send',
};

export const createMessagingTransport: TransportFactory = (ctx) => {
  const { options, clock, environment } = ctx;
  const base = (options.messagingUrl ?? '').replace(/\/+$/, '');
  const timers = createTimers(clock);
  const state = () => ctx.getState();
  const iso = () => new Date(clock.now()).toISOString();

  let phase: Phase = 'idle';
  let generation = 0;
  let abort: AbortController | undefined;
  let session: Session | undefined;
  let configReported = false;

  const transmit = (event: ClientEvent): boolean => session?.socket?.send(encodeClientEvent(event, options.metadata)) ?? false;

  const pending = (): PendingMessage[] => selectPendingUserMessages(state());

  const outbox = createOutbox({
    timers,
    random: () => clock.random(),
    pending,
    transmit(m) {
      const frame = encodeClientEvent({ type: 'EVENT_TYPE_USER_MESSAGE', text: m.text, clientEventId: m.clientEventId }, options.metadata);
      if (new TextEncoder().encode(frame).length > state().capabilities.maxMessageSizeBytes) {
        // The server would close the socket on it (PROTOCOL §2), and resending would not help.
        ctx.dispatch({ type: 'user-failed', clientEventId: m.clientEventId });
        setStatus(state().status, error('message-too-long'));
        return false;
      }
      return session?.socket?.send(frame) ?? false;
    },
    fail: (clientEventId) => ctx.dispatch({ type: 'user-failed', clientEventId }),
  });
  const heartbeat = createHeartbeat(
    timers,
    () => Math.max(1, state().capabilities.heartbeatIntervalSeconds) * 1000,
    () => transmit({ type: 'EVENT_TYPE_HEARTBEAT' }),
  );
  const typing = createTypingThrottle(() => clock.now(), (s) => transmit({ type: 'EVENT_TYPE_USER_TYPING', state: s }));
  const unsubscribeWake = environment.onWake(() => wake(false));

  function error(code: keyof typeof MESSAGES): WebchatError {
    return { code, message: MESSAGES[code] };
  }

  function setStatus(status: ConnectionStatus, err?: WebchatError) {
    const s = state();
    if (s.status === status && !err && !s.error) return;
    ctx.dispatch(err ? { type: 'status', status, error: err } : { type: 'status', status });
  }

  /** Ends everything of the current session; async steps still running see a new generation. */
  function teardown() {
    generation++;
    abort?.abort();
    abort = undefined;
    session?.socket?.close();
    session = undefined;
    heartbeat.stop();
    outbox.clear();
    typing.reset();
    timers.clearAll();
  }

  async function beginSession() {
    const gen = ++generation;
    phase = 'handshaking';
    abort = new AbortController();
    const deps = { options, fetch: ctx.fetch, now: () => clock.now(), host: options.host ?? environment.hostname(), signal: abort.signal };
    // Kept across a failed session request: one token per session, not one per attempt.
    let token: AccessToken | undefined;
    let failures = 0;
    for (;;) {
      if (!environment.isOnline()) {
        setStatus('offline');
        await timers.sleep(BACKOFF_CAP_MS);
        if (gen !== generation) return;
        continue;
      }
      if (state().status === 'offline') setStatus('connecting');
      if (token && clock.now() >= token.expiresAt) token = undefined;
      const got = token ?? (await fetchAccessToken(deps));
      if (gen !== generation) return;
      const result = 'accessToken' in got ? await createSession(deps, (token = got)) : got;
      if (gen !== generation) return;
      if ('sessionId' in result) return connect(result);
      if (result.kind === 'config') return configError(result.message);
      if (result.kind === 'stale-token') token = undefined;
      if (result.kind !== 'retry' || result.code !== 'rate-limited') {
        failures++;
        if (failures === state().capabilities.maxReconnectAttempts) cannotConnect(result.kind === 'retry' ? result.code : 'server');
      }
      const retryAfterMs = result.kind === 'retry' ? result.retryAfterMs : undefined;
      await timers.sleep(retryAfterMs ?? backoffDelay(Math.max(0, failures - 1), () => clock.random()));
      if (gen !== generation) return;
    }
  }

  function connect(creds: Credentials) {
    const WebSocketImpl = ctx.WebSocket;
    if (!WebSocketImpl) return lose('network');
    phase = 'live';
    const s: Session = { creds, everOpened: false, settled: false, joinSent: false, rejoinSent: false, lastHeard: clock.now() };
    session = s;
    const current = () => session === s && phase === 'live';
    const expired = () => clock.now() >= creds.expiresAt;

    s.socket = openSocket({
      WebSocket: WebSocketImpl,
      timers,
      random: () => clock.random(),
      isOnline: () => environment.isOnline(),
      url() {
        if (expired()) return void lose('session-lost');
        const ws = base.replace(/^http/, 'ws');
        return `${ws}/ws?session_id=${encodeURIComponent(creds.sessionId)}&access_token=${encodeURIComponent(creds.accessToken)}&cursor=${selectCursor(state())}`;
      },
      maxFailures: () => state().capabilities.maxReconnectAttempts,
      onOpen() {
        if (!current()) return;
        s.everOpened = true;
        s.settled = false;
        typing.reset();
        setStatus('online');
        s.replayTimer = timers.set(() => settle(s), REPLAY_GRACE_MS);
      },
      onMessage(data) {
        if (current()) receive(s, data);
      },
      onClose() {
        if (!current()) return;
        s.settled = false;
        timers.clear(s.replayTimer);
        heartbeat.stop();
        outbox.pause();
        typing.reset();
        // An expired token cannot open a socket again: the session is lost now, not in 30 s.
        if (expired()) return lose('session-lost');
        setStatus(environment.isOnline() ? 'reconnecting' : 'offline');
      },
      onOffline: () => setStatus('offline'),
      onGiveUp: () => lose(s.everOpened ? 'session-lost' : 'network'),
    });

    timers.set(
      () => {
        if (current() && !s.socket?.isOpen()) lose('session-lost');
      },
      Math.max(0, creds.expiresAt - clock.now()),
    );
    const watchSilence = () => {
      if (!current()) return;
      const left = s.lastHeard + SILENCE_LIMIT_MS - clock.now();
      if (left <= 0) lose('session-lost');
      else timers.set(watchSilence, left);
    };
    timers.set(watchSilence, SILENCE_LIMIT_MS);
  }

  function receive(s: Session, data: string) {
    s.lastHeard = clock.now();
    const frame = parseFrame(data);
    // A malformed frame is dropped; the connection and the session stay as they are.
    if (!frame.ok) return;
    const applied = state().appliedIds;
    const fresh = new Map<string, ServerEvent>();
    for (const e of frame.events) if (!applied[e.id]) fresh.set(e.id, e);
    if (frame.events.length > 0) ctx.dispatch({ type: 'server-events', events: frame.events });
    for (const e of fresh.values()) {
      if (session !== s) return;
      react(s, e, frame.isBatch);
    }
    if (session !== s) return;
    // A live event, or an empty batch (nothing after our cursor), means the replay is over.
    if (!frame.isBatch || (frame.events.length === 0 && frame.skipped === 0)) settle(s);
    else if (!s.settled) {
      timers.clear(s.replayTimer);
      s.replayTimer = timers.set(() => settle(s), REPLAY_QUIET_MS);
    }
  }

  /** Acts on events new to this client. Replayed system messages are history, not requests. */
  function react(s: Session, e: ServerEvent, replayed: boolean) {
    if (e.type === 'EVENT_TYPE_SESSION_END') return end();
    if (e.type !== 'EVENT_TYPE_SYSTEM_MESSAGE' || replayed) return;
    switch (classifySystemMessage(e.message)) {
      case 'retry-later':
        return outbox.retryLater(e.clientEventId);
      case 'transient':
        return s.socket?.reconnect();
      case 'new-session':
        return lose('session-lost');
      case 'rejoin':
        if (s.rejoinSent) return lose('session-lost');
        s.rejoinSent = true;
        transmit({ type: 'EVENT_TYPE_REQUEST_SERVICE_AGENT_JOIN' });
        return;
      case 'config':
        return configError(
          `the messaging server reported a configuration problem (${plainServerText(e.message, [options.connectorToken, s.creds.accessToken])})`,
        );
      default:
      // Invalid-event and agent errors are shown by the store; nothing to do on the wire.
    }
  }

  /** The replay is applied: join a new session once (PROTOCOL §6.1), then resend what lacks an echo. */
  function settle(s: Session) {
    if (s.settled || session !== s || !s.socket?.isOpen()) return;
    s.settled = true;
    timers.clear(s.replayTimer);
    // Started here, not on open: the replay may have brought the session's heartbeat interval.
    heartbeat.start();
    if (selectNeedsJoin(state()) && !s.joinSent) {
      s.joinSent = true;
      transmit({ type: 'EVENT_TYPE_REQUEST_SERVICE_AGENT_JOIN' });
    }
    outbox.flush();
  }

  function lose(code: 'session-lost' | 'network') {
    if (phase !== 'live' && phase !== 'handshaking') return;
    const neverConnected = !session?.everOpened;
    teardown();
    phase = 'lost';
    const err = error(code);
    setStatus('error', err);
    if (code === 'session-lost') notice({ code: 'session-lost' });
    if (neverConnected) ctx.onOutcome({ type: 'cannot-connect', error: err });
  }

  function cannotConnect(code: ErrorCode & keyof typeof MESSAGES) {
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
    if (!configReported) {
      configReported = true;
      console.error(`agent-webchat: ${message}`);
    }
    setStatus('error', { code: 'config', message });
    for (const m of pending()) ctx.dispatch({ type: 'user-failed', clientEventId: m.clientEventId });
  }

  function notice(n: Notice) {
    ctx.dispatch({ type: 'notice', notice: n, timestamp: iso() });
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
    if (phase === 'handshaking') timers.wake();
    else if (phase === 'live' && session?.socket && !session.socket.isOpen()) {
      if (environment.isOnline()) setStatus('reconnecting');
      session.socket.wake();
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
      switch (phase) {
        case 'idle':
          return transport.start();
        case 'lost':
          return restart({ code: 'new-conversation' });
        case 'config':
          return ctx.dispatch({ type: 'user-failed', clientEventId });
        case 'live':
          // Before the replay is applied the message waits: settle() sends it after the join.
          if (session?.settled) outbox.send({ clientEventId, text });
          return;
        default:
      }
    },
    setTyping(on) {
      if (phase === 'live') typing.set(on);
    },
    endSession() {
      if (phase !== 'live' && phase !== 'handshaking') return;
      if (transmit({ type: 'EVENT_TYPE_USER_END_SESSION' })) return;
      // Not connected: the server will drop the idle session; the user is done with it now.
      end();
      ctx.dispatch({ type: 'session-ended', reason: 'REASON_USER_END', timestamp: iso() });
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
