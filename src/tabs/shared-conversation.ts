// One conversation for every tab of the site (docs/architecture.md, "Tabs").
// The tab holding the Web Lock leads: it alone runs the real transport (the only socket and the
// only token) and posts every action its store applies; the other tabs mirror those actions into
// their own store and hand their transport calls to the leader. Server events cross as the text of
// their frame, which the transport's frame tap hands over (core actions carry no wire text). To
// the client, both kinds of tab just have "a transport" (`transport()` below), so store, reducer
// and UI never know.
// When the leader goes away the browser grants the lock to a waiting tab, which builds the real
// transport on the store it mirrored, in `resumeOnly` mode: it resumes the session the site's
// tokenUrl names from the mirrored cursor, or, with no way to find it again, starts a new one on
// the next send. Channel messages: see channel-messages.ts.

import type { ClientOptions } from '../contract/client';
import type { ChannelLike, TabsEnvironment } from '../contract/tabs-environment';
import type { WebchatStore } from '../store/create-store';
import { reduce } from '../store/reducer';
import { selectPendingUserMessages, selectUserMessage } from '../store/selectors';
import { createInitialState, type StoreAction } from '../store/state';
import type { Transport, TransportContext, TransportFactory } from '../transport/transport-contract';
import { encodeTabMessage, parseTabMessage, type SharedAction, type TabCall, type TabMessage } from './channel-messages';
import { conversationKey } from './conversation-key';

export type TabRole = 'pending' | 'leader' | 'follower' | 'closed';

export interface SharedConversation {
  /** The dispatch of this tab: every action goes through it (the leader posts them to the others). */
  dispatch(action: StoreAction): void;
  /** This tab's transport: the one `factory` makes while leading, the channel while following. */
  transport(factory: TransportFactory, ctx: TransportContext): Transport;
  /** The transport's frame tap (TransportContext.frameTap): server events cross to the other tabs as their frame's text. */
  frameTap(frame: string): void;
  role(): TabRole;
  /** Releases the lock, closes the channel. The transport is stopped by its owner. */
  close(): void;
}

const PREFIX = 'agent-webchat:';

/** The action as tabs share it; undefined for server events whose frame text the tap did not give (they cannot be re-read). */
function sharedActionOf(action: StoreAction, frame: string | undefined): SharedAction | undefined {
  if (action.type !== 'server-events') return { action };
  return frame === undefined ? undefined : { action, frame };
}

export function shareConversation(options: ClientOptions, local: WebchatStore, environment: TabsEnvironment): SharedConversation {
  const { store } = local;
  let role: TabRole = 'pending';
  let channel: ChannelLike | undefined;
  /**
   * The actions applied to this store since the last reset, in order: the snapshot a new follower
   * gets. A reset starts it again, so it holds one session, as the state does.
   */
  let applied: SharedAction[] = [];
  /** The text of the frame whose events the transport dispatches next (see frameTap). */
  let tappedFrame: string | undefined;
  /** A follower drops live actions until its snapshot came (those are in it). */
  let mirrored = false;
  /**
   * A leader posts live actions only once another tab may be listening (a follower said hello, or
   * this tab took over from a leader whose followers stay): alone, it clones no frame text per chunk.
   */
  let listened = false;
  /** The transport the client uses now (a fallback replaces it) and the real one behind it, when leading. */
  let current: { factory: TransportFactory; ctx: TransportContext; real?: Transport; stopped?: boolean } | undefined;
  let started = false;
  /** This tab took the conversation over from a leader that went: its transport resumes it. */
  let takenOver = false;
  let releaseLock: () => void = () => {};
  const abortWait = new AbortController();
  /** Resolves once this tab knows whether it leads: calls made before wait for it. */
  let settle: () => void = () => {};
  const settled = new Promise<void>((resolve) => {
    settle = resolve;
  });

  const post = (message: TabMessage) => channel?.postMessage(encodeTabMessage(message));

  /** Keeps an applied action for snapshots; after a reset only what a reset keeps: the connection status and its error. */
  const remember = (shared: SharedAction) => {
    if (shared.action.type !== 'reset') {
      applied.push(shared);
      return;
    }
    const { status, error } = store.getState();
    applied = [{ action: { type: 'status', status, ...(error && { error }) } }];
  };

  const dispatch = (action: StoreAction) => {
    const frame = action.type === 'server-events' ? tappedFrame : undefined;
    if (action.type === 'server-events') tappedFrame = undefined;
    const before = store.getState();
    local.dispatch(action);
    // Read in a follower: the leader's store, which every tab mirrors, clears it for all.
    if (role === 'follower' && action.type === 'unread' && action.count === 0) post({ kind: 'call', call: { name: 'markRead' } });
    // An action that changed nothing here changes nothing in a mirror either (heartbeat echoes,
    // duplicates): it is neither kept for snapshots nor posted.
    if (role === 'closed' || store.getState() === before) return;
    const shared = sharedActionOf(action, frame);
    if (!shared) return;
    remember(shared);
    if (role === 'leader' && listened) post({ kind: 'actions', actions: [shared] });
  };

  // — Leading

  const real = () => {
    if (!current || current.stopped) return undefined;
    current.real ??= current.factory(current.ctx, { resumeOnly: takenOver });
    return current.real;
  };

  /** A call from this tab or a follower, made on the real transport of the leading tab. */
  function perform(call: TabCall, fromFollower?: boolean) {
    const transport = real();
    if (call.name === 'sendUserMessage') {
      const { clientEventId, text } = call;
      const known = selectUserMessage(store.getState(), clientEventId);
      // A follower's message is new here, or failed (a retry); one this store has on its way
      // already is a follower repeating itself after a handover. This tab's own are in the store.
      if (known?.status === 'failed') dispatch({ type: 'user-retry', clientEventId });
      else if (!known) dispatch({ type: 'user-send', clientEventId, text, timestamp: new Date().toISOString() });
      else if (fromFollower) return;
      transport?.sendUserMessage(clientEventId, text);
    } else if (call.name === 'markRead') dispatch({ type: 'unread', count: 0 });
    else if (call.name === 'setTyping') transport?.setTyping(call.typing);
    else transport?.[call.name]();
  }

  function lead() {
    // A session's events were mirrored: the session goes on here.
    takenOver = role === 'follower' && store.getState().lastSequence > 0;
    listened = role === 'follower';
    role = 'leader';
    settle();
    // The followers' next snapshot: from here on they mirror this tab.
    post({ kind: 'actions', actions: applied, snapshot: true });
    if (takenOver || started || selectPendingUserMessages(store.getState()).length) real()?.start();
  }

  /** The lock callback's promise: the lock is held until close() (or the tab goes). */
  function hold() {
    if (role === 'closed') return Promise.resolve();
    lead();
    return new Promise<void>((resolve) => {
      releaseLock = resolve;
    });
  }

  // — Following

  function follow(lockName: string) {
    role = 'follower';
    settle();
    post({ kind: 'hello' });
    // Waits for the leader to go: the browser grants the lock to one waiting tab.
    environment.locks.request(lockName, { signal: abortWait.signal }, (lock) => (lock ? hold() : Promise.resolve())).catch(() => {});
  }

  /** Applies a snapshot on a fresh state; what this tab sent meanwhile is kept and handed over. */
  function adopt(actions: SharedAction[]) {
    const { restored = 0 } = store.getState();
    applied = actions.slice();
    let next = actions.reduce((state, shared) => reduce(state, shared.action), createInitialState());
    // Messages this tab sent that the leader has not got (a call lost with the leader that went).
    for (const { clientEventId, text, timestamp } of selectPendingUserMessages(store.getState())) {
      if (selectUserMessage(next, clientEventId)) continue;
      const action: StoreAction = { type: 'user-send', clientEventId, text, timestamp };
      next = reduce(next, action);
      applied.push({ action });
      // Delivered after this function: the leader's echo of it finds this state in place.
      post({ kind: 'call', call: { name: 'sendUserMessage', clientEventId, text } });
    }
    // The conversation so far is history to this tab (host events do not announce it again).
    store.setState({ ...next, restored: restored + 1 }, true);
    mirrored = true;
  }

  function receive(data: unknown) {
    const message = parseTabMessage(data);
    if (!message || role === 'closed') return;
    if (role === 'leader') {
      // Every follower adopts it: the same state for those that had it, theirs for a newcomer.
      if (message.kind === 'hello') {
        listened = true;
        post({ kind: 'actions', actions: applied, snapshot: true });
      } else if (message.kind === 'call') perform(message.call, true);
    } else if (message.kind === 'actions') {
      if (message.snapshot) adopt(message.actions);
      else if (mirrored) {
        for (const shared of message.actions) {
          local.dispatch(shared.action);
          remember(shared);
        }
      }
    }
  }

  // — Routing the client's calls

  function route(call: TabCall) {
    if (call.name === 'start') started = true;
    if (role === 'pending') void settled.then(() => route(call));
    else if (role === 'leader') perform(call);
    else if (role === 'follower') post({ kind: 'call', call });
  }

  void (async () => {
    const name = PREFIX + (await conversationKey(options, environment.digest));
    // Closed meanwhile (close() aborts the wait for the lock).
    if (abortWait.signal.aborted) return;
    channel = environment.openChannel(name);
    channel.addEventListener('message', (event) => receive(event.data));
    await environment.locks.request(name, { ifAvailable: true }, (lock) => {
      if (lock) return hold();
      if (role !== 'closed') follow(name);
      return Promise.resolve();
    });
  })().catch(() => {
    // No lock manager after all (a sandboxed frame): this tab keeps to itself.
    if (role === 'pending') lead();
  });

  return {
    dispatch,
    frameTap(frame) {
      tappedFrame = frame;
    },
    transport(factory, ctx) {
      current?.real?.stop();
      const mine: typeof current = { factory, ctx };
      current = mine;
      const forMe = (call: TabCall) => current === mine && !mine.stopped && route(call);
      return {
        start: () => forMe({ name: 'start' }),
        sendUserMessage: (clientEventId, text) => forMe({ name: 'sendUserMessage', clientEventId, text }),
        setTyping: (typing) => forMe({ name: 'setTyping', typing }),
        endSession: () => forMe({ name: 'endSession' }),
        newConversation: () => forMe({ name: 'newConversation' }),
        reconnectNow: () => forMe({ name: 'reconnectNow' }),
        stop() {
          mine.stopped = true;
          mine.real?.stop();
        },
      };
    },
    role: () => role,
    close() {
      if (role === 'closed') return;
      role = 'closed';
      settle();
      releaseLock();
      abortWait.abort();
      channel?.close();
      channel = undefined;
      applied = [];
    },
  };
}
