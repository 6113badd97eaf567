// The Messaging API transport (PROTOCOL §1, §2, §6): handshake → socket → replay → join/outbox,
// with reconnect, session-lost detection and new sessions, in one closure. The access token lives
// only in `creds` here: it reaches the two handshake requests and the socket URL, nothing else (no
// store, event, error text, log or storage).
//
// One session at a time: `reset()` (teardown) bumps the attempt generation, aborts requests and
// clears every timer, and the socket in `ws` is the only one whose events count — so nothing of
// an abandoned session can act.

import type { TimerId } from '../../client/clock';
import type { WebSocketLike } from '../../client/types';
import { encodeClientEvent } from '../../protocol/encode';
import { parseAccessToken, parseSession } from '../../protocol/http';
import { parseFrame } from '../../protocol/parse-frame';
import { classifySystemMessage } from '../../protocol/system-messages';
import type { ClientEvent, TypingState } from '../../protocol/types';
import { backoffDelay } from '../backoff';
import { core, error, http, isRetry, JSON_TYPE, plain, said, type Retry } from '../shared';
import type { Transport, TransportFactory } from '../transport';
import { isApplied } from '../../store/selectors';
import type { WebchatError } from '../../store/state';

/** PROTOCOL §6.4: nothing received for this long → the server has dropped the session. */
export const SILENCE_LIMIT_MS = 10 * 60_000;
/** Timings and limits; a const enum, so the bundle has plain numbers. */
const enum C {
  /**
   * PROTOCOL §6.5: a resumed socket may bring no batch at all; never wait longer for one. Servers
   * replay right after the upgrade and answer frames in order, so the echo of the heartbeat sent
   * on open (any live frame, in fact) marks the replay as complete long before this.
   */
  REPLAY_GRACE_MS = 1000,
  /** A long history comes as several batches back to back: the replay is over after this pause. */
  REPLAY_QUIET_MS = 200,
  /** Resends of a message without its echo; the wait before each (and before `failed`) is 5 s, 10 s, 15 s, 15 s. */
  MAX_RESENDS = 3,
  /** STARTED at most once per this while typing (a live agent needs no keystrokes). */
  TYPING_INTERVAL_MS = 3000,
  /**
   * An attempt that neither opens nor fails within this time is abandoned (and counts as failed).
   * Wall time, not the injected clock: it guards against a handshake stuck in the network stack,
   * and tests that move the clock while a socket waits to be opened must not trip it.
   */
  CONNECT_TIMEOUT_MS = 10_000,
}

// Phases: not started, handshake running, a session (socket open or reconnecting), lost (the next
// send or "try again" starts a new one), ended, configuration error, stopped for good. A const
// enum: the phases are plain numbers in the bundle.
const enum P {
  IDLE,
  HANDSHAKING,
  LIVE,
  LOST,
  ENDED,
  CONFIG,
  STOPPED,
}

const LOST_CODE = 'session-lost';
const HEARTBEAT: ClientEvent = { type: 'EVENT_TYPE_HEARTBEAT' };
const JOIN: ClientEvent = { type: 'EVENT_TYPE_REQUEST_SERVICE_AGENT_JOIN' };

interface Credentials {
  accessToken: string;
  /** Clock time after which the token no longer opens a socket (PROTOCOL §6.4). */
  expiresAt: number;
  sessionId?: string;
}

export const createMessagingTransport: TransportFactory = (ctx) => {
  const { options, clock, environment: env, dispatch, getState: state } = ctx;
  const { tokenUrl, connectorToken } = options;
  const [setTimer, clearTimer, wakeSleeper, reset, attempt, retry, setStatus, fault, lost, users, act, reportConfig, , ended, carryOver] =
    core(ctx);
  const caps = () => state().capabilities;
  const now = () => clock.now();
  const online = () => env.isOnline();
  const base = (options.messagingUrl ?? '').replace(/\/+$/, '');
  const fail = (id: string) => act('user-failed', id);

  let phase = P.IDLE;
  let creds: Credentials | undefined;
  /** The socket of the session: connecting, open, or undefined between attempts. */
  let ws: WebSocketLike | undefined;
  let everOpened = false;
  /** The replay after the latest open has been applied (join and outbox may act). */
  let settled = false;
  let joinSent = false;
  let rejoinSent = false;
  let lastHeard = 0;
  /** Consecutive socket attempts that never opened; -1 while the current one is open (its drop is no failure). */
  let failures = 0;
  let retryTimer: TimerId | undefined;
  let connectTimer: ReturnType<typeof setTimeout> | undefined;
  /** The next socket attempt, waiting for its backoff or for the network: wake() runs it now. */
  let waiting: (() => void) | undefined;
  /** One timer for the session's watch in turn: the replay wait, then the heartbeat. */
  let replayOrBeat: TimerId | undefined;
  /** When TYPING_STATE_STARTED was last sent; 0 while not typing. */
  let typingSince = 0;
  /** Outbox (PROTOCOL §6.5): resends and resend timer per client_event_id still waiting for its echo. */
  const outbox = new Map<string, { n: number; t?: TimerId }>();

  const isOpen = () => ws?.readyState === 1;
  /** false when the socket is not open (the frame is not sent). */
  const sendFrame = (frame: string) => {
    const open = isOpen();
    if (open) ws!.send(frame);
    return open;
  };
  const send = (event: ClientEvent) => sendFrame(encodeClientEvent(event, options.metadata));
  const pause = () => outbox.forEach((e) => clearTimer(e.t));

  // — Outbox: a message stays `sending` until its echo; without one it is resent after 5 s, 10 s
  // and 15 s, and 15 s after the third resend it is `failed`. Timers run only while open.

  const entry = (id: string, fresh?: boolean) => {
    let e = outbox.get(id);
    if (!e || fresh) {
      clearTimer(e?.t);
      outbox.set(id, (e = { n: 0 }));
    }
    return e;
  };
  /** After `ms`, `then` runs for the message if it still waits for its echo. */
  const later = (id: string, ms: number, then: (m: { clientEventId: string; text: string }, e: { n: number }) => void) => {
    const e = entry(id);
    clearTimer(e.t);
    e.t = setTimer(() => {
      const m = users('sending').find((p) => p.clientEventId === id);
      if (m) then(m, e);
      else outbox.delete(id);
    }, ms);
  };
  const transmit = (m: { clientEventId: string; text: string }) => {
    const id = m.clientEventId;
    const frame = encodeClientEvent({ type: 'EVENT_TYPE_USER_MESSAGE', text: m.text, clientEventId: id }, options.metadata);
    if (new TextEncoder().encode(frame).length > caps().maxMessageSizeBytes) {
      // The server would close the socket on it (PROTOCOL §2), and resending would not help.
      fail(id);
      setStatus(state().status, error('message-too-long'));
    } else if (sendFrame(frame)) {
      later(id, 5000 * Math.min(entry(id).n + 1, 3), (m, e) => {
        if (e.n++ < C.MAX_RESENDS) transmit(m);
        else {
          outbox.delete(id);
          fail(id);
        }
      });
    }
  };

  const sendTyping = (state: TypingState) => send({ type: 'EVENT_TYPE_USER_TYPING', state });
  const typing = (on: boolean) => {
    if (on) {
      if (now() - typingSince >= C.TYPING_INTERVAL_MS && sendTyping('TYPING_STATE_STARTED')) typingSince = now();
    } else if (typingSince) {
      typingSince = 0;
      sendTyping('TYPING_STATE_STOPPED');
    }
  };

  /** Lets the socket go (its events are ignored from now on); the one let go, if any. */
  const release = () => {
    const socket = ws;
    ws = undefined;
    clearTimeout(connectTimer);
    socket?.close();
    typingSince = 0;
    return socket;
  };

  /** Ends everything of the current session. */
  function teardown() {
    reset();
    release();
    waiting = undefined;
    // reset() cleared the resend timers with every other one.
    outbox.clear();
    everOpened = false;
  }

  /** PROTOCOL §1: a token (kept across a failed session request), then a session; retried until it works. */
  async function beginSession() {
    phase = P.HANDSHAKING;
    const [signal] = attempt();
    const host = options.host ?? env.hostname();
    const post = <T>(url: string, headers: Record<string, string>, body: string, read: (status: number, json: unknown) => T | Retry) =>
      http(ctx.fetch, url, { method: 'POST', headers: { ...JSON_TYPE, ...headers }, body, signal }, read);
    let token: Credentials | undefined;
    const result = await retry<Credentials | string>(
      async () => {
        // Offline: no attempt (it would fail at once and count); wait for the network, uncounted.
        if (!online()) return setStatus('offline'), { code: 'rate-limited', wait: 30_000 };
        if (state().status === 'offline') setStatus('connecting');
        if (!tokenUrl && !host) return 'set the "host" option (no page host name)';
        if (token && now() >= token.expiresAt) token = undefined;
        const t =
          token ??
          (await post<Credentials | string>(
            tokenUrl ?? `${base}/api/v1/access-token`,
            tokenUrl ? {} : { 'X-Token': connectorToken!, 'X-Host': host! },
            '{}',
            (status, json) => {
              const t = status < 300 && parseAccessToken(json);
              if (t) return { accessToken: t.accessToken, expiresAt: now() + t.expiresIn * 1000 };
              // 4xx here is the site's configuration (unknown connector token, host not registered, …).
              if (status < 400 && !tokenUrl) return { code: 'server' };
              const detail = ` (${said(json, [connectorToken]) ?? `HTTP ${status}`})`;
              return tokenUrl ? `"tokenUrl" gave no access token${detail}` : `connector token or host "${host}" rejected${detail}`;
            },
          ));
        // A configuration error (words) or a Retry: no session to ask for.
        const c = t as Credentials;
        if (!c.accessToken) return t;
        token = c;
        const body = JSON.stringify({ platform: 'web', streaming_enabled: options.streaming ?? true });
        return post(`${base}/api/v1/sessions`, { Authorization: `Bearer ${c.accessToken}` }, body, (status, json) => {
          const s = status < 300 && parseSession(json);
          if (s) return { ...c, sessionId: s.sessionId };
          // Refused although just minted (clock skew, a rotated secret): the next try fetches a new token.
          token = undefined;
          return { code: 'server' };
        });
      },
      Infinity,
      Infinity,
      // After max_reconnect_attempts failures the client may fall back; this one keeps trying.
      (r, n) => r.code !== 'rate-limited' && n === caps().maxReconnectAttempts && cannotConnect(fault(r.code)),
    );
    if (typeof result === 'string') configError(result);
    else if (result && !isRetry(result)) connect(result);
  }

  function connect(c: Credentials) {
    if (!ctx.WebSocket) return lose('network');
    phase = P.LIVE;
    creds = c;
    lastHeard = now();
    failures = 0;
    joinSent = rejoinSent = false;
    open();
    setTimer(() => !isOpen() && lose(LOST_CODE), c.expiresAt - now());
    const watchSilence = () => {
      const left = lastHeard + SILENCE_LIMIT_MS - now();
      if (left > 0) setTimer(watchSilence, left);
      else lose(LOST_CODE);
    };
    watchSilence();
  }

  /** One socket attempt, with the current cursor in the URL. */
  function open() {
    clearTimer(retryTimer);
    waiting = undefined;
    if (!online()) {
      // Attempts made offline fail at once and would use up the session's attempts.
      setStatus('offline');
      waiting = open;
      return;
    }
    const c = creds!;
    if (now() >= c.expiresAt) return lose(LOST_CODE);
    const q = encodeURIComponent;
    const socket = new ctx.WebSocket!(
      `${base.replace(/^http/, 'ws')}/ws?session_id=${q(c.sessionId!)}&access_token=${q(c.accessToken)}&cursor=seq:${state().lastSequence}`,
    );
    ws = socket;
    connectTimer = setTimeout(drop, C.CONNECT_TIMEOUT_MS);
    // Events of a socket already let go are ignored.
    const on = (type: 'open' | 'message' | 'error' | 'close', fn: (data: unknown) => void) =>
      socket.addEventListener(type, (e) => ws === socket && fn(e.data));
    on('open', () => {
      clearTimeout(connectTimer);
      failures = -1;
      everOpened = true;
      settled = false;
      setStatus('online');
      // Its echo comes after the whole replay: the replay is then applied, with no wait.
      send(HEARTBEAT);
      settleAfter(C.REPLAY_GRACE_MS);
    });
    on('message', (data) => typeof data === 'string' && receive(data));
    // Browsers report a failed handshake as error then close; whichever comes first ends the attempt.
    on('error', drop);
    on('close', drop);
  }

  /** The socket is gone (closed, failed or timed out): report it and schedule the next attempt. */
  function drop() {
    if (!release()) return;
    failures++;
    settled = false;
    clearTimer(replayOrBeat);
    pause();
    // An expired token cannot open a socket again: the session is lost now, not in 30 s.
    if (now() >= creds!.expiresAt) return lose(LOST_CODE);
    setStatus(online() ? 'reconnecting' : 'offline');
    if (failures >= caps().maxReconnectAttempts) return lose(everOpened ? LOST_CODE : 'network');
    retryTimer = setTimer(
      open,
      backoffDelay(failures, () => clock.random()),
    );
    waiting = open;
  }

  function settleAfter(ms: number) {
    clearTimer(replayOrBeat);
    replayOrBeat = setTimer(settle, ms);
  }

  function receive(data: string) {
    lastHeard = now();
    const frame = parseFrame(data);
    // A malformed frame is dropped; the connection and the session stay as they are.
    if (!frame.ok) return;
    const { events, isBatch } = frame;
    const before = state();
    const fresh = new Map(events.filter((e) => !isApplied(before, e.id)).map((e) => [e.id, e]));
    const socket = ws;
    if (events.length) dispatch({ type: 'server-events', events });
    // Acts on events new to this client. Replayed system messages are history, not requests.
    for (const e of fresh.values()) {
      if (ws !== socket) return;
      if (e.type === 'EVENT_TYPE_SESSION_END') end();
      else if (e.type === 'EVENT_TYPE_SYSTEM_MESSAGE' && !isBatch) {
        // Invalid-event and agent errors are shown by the store; nothing to do on the wire.
        switch (classifySystemMessage(e.message)) {
          case 'retry-later':
            // "Try again in a moment": resend in 2–5 s, counted as a resend.
            for (const { clientEventId: id } of users('sending')) {
              if (e.clientEventId !== undefined && id !== e.clientEventId) continue;
              const en = entry(id);
              en.n = Math.min(C.MAX_RESENDS, en.n + 1);
              later(id, 2000 + Math.round(clock.random() * 3000), transmit);
            }
            break;
          case 'transient':
            if (isOpen()) drop();
            break;
          case 'rejoin':
            // Conversation missing: join again; a second time, it is gone for good.
            if (rejoinSent) lose(LOST_CODE);
            else {
              rejoinSent = true;
              send(JOIN);
            }
            break;
          case 'new-session':
            lose(LOST_CODE);
            break;
          case 'config':
            configError(`messaging server: ${plain(e.message, [connectorToken, creds?.accessToken])}`);
        }
      }
    }
    if (ws !== socket) return;
    // A live event (the heartbeat's echo at the latest), or an empty batch (nothing after our
    // cursor), means the replay is over.
    if (!isBatch || (!events.length && !frame.skipped)) settle();
    else if (!settled) settleAfter(C.REPLAY_QUIET_MS);
  }

  /** The replay is applied: join a new session once (PROTOCOL §6.1), then resend what lacks an echo. */
  function settle() {
    if (settled || !isOpen()) return;
    settled = true;
    // Heartbeats start here, not on open: the replay may have brought the session's interval.
    const beat = () => {
      replayOrBeat = setTimer(() => {
        send(HEARTBEAT);
        beat();
      }, Math.max(1, caps().heartbeatIntervalSeconds) * 1000);
    };
    clearTimer(replayOrBeat);
    beat();
    const s = state();
    if (!s.agentJoined && !s.ended && !joinSent) joinSent = send(JOIN);
    users('sending').forEach(transmit);
  }

  /** Gives the session up: status error, and for a never-reached server, the fallback trigger. */
  function lose(code: typeof LOST_CODE | 'network') {
    if (phase !== P.LIVE && phase !== P.HANDSHAKING) return;
    const neverConnected = !everOpened;
    teardown();
    phase = P.LOST;
    const error = code === LOST_CODE ? lost() : fault(code);
    if (neverConnected) cannotConnect(error);
  }

  /** The server is not reached (yet): the client may fall back to Chat REST. */
  const cannotConnect = (error: WebchatError) => ctx.onOutcome({ type: 'cannot-connect', error });

  function end() {
    teardown();
    phase = P.ENDED;
    setStatus('ended');
  }

  function configError(message: string) {
    teardown();
    phase = P.CONFIG;
    reportConfig(message);
  }

  /** A fresh session with a fresh token; messages still waiting are carried into it. */
  function restart(afterLoss?: boolean) {
    teardown();
    carryOver(afterLoss);
    setStatus(online() ? 'connecting' : 'offline');
    void beginSession();
  }

  /** Network back, page visible or the user's "try again": attempt now instead of after backoff. */
  function wake(byUser: boolean) {
    if (phase === P.HANDSHAKING) wakeSleeper();
    else if (phase === P.LIVE && !isOpen()) {
      if (online()) setStatus('reconnecting');
      waiting?.();
    } else if (phase === P.LOST && byUser) restart(true);
  }
  const unsubscribeWake = env.onWake(() => wake(false));

  const transport: Transport = {
    start() {
      if (phase !== P.IDLE) return;
      if (!online()) setStatus('offline');
      void beginSession();
    },
    sendUserMessage(clientEventId, text) {
      typing(false);
      if (phase === P.IDLE) transport.start();
      else if (phase === P.LOST) restart(true);
      else if (phase === P.CONFIG) fail(clientEventId);
      // Before the replay is applied the message waits: settle() sends it after the join.
      else if (phase === P.LIVE && settled) {
        entry(clientEventId, true);
        transmit({ clientEventId, text });
      }
    },
    setTyping(on) {
      if (phase === P.LIVE) typing(on);
    },
    endSession() {
      if ((phase !== P.LIVE && phase !== P.HANDSHAKING) || send({ type: 'EVENT_TYPE_USER_END_SESSION' })) return;
      // Not connected: the server will drop the idle session; the user is done with it now.
      end();
      ended('REASON_USER_END');
    },
    newConversation() {
      if (phase !== P.STOPPED) restart();
    },
    reconnectNow: () => wake(true),
    stop() {
      teardown();
      phase = P.STOPPED;
      unsubscribeWake();
    },
  };
  return transport;
};
