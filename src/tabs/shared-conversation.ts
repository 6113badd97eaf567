// One conversation for every tab of the site (DESIGN.md, "Conversations that outlive a page").
// The tab holding the Web Lock leads: it alone runs the real transport (the only socket and the
// only token) and posts every action its store applies; the other tabs mirror those actions into
// their own store and hand their transport calls to the leader as commands. To the client, both
// kinds of tab just have "a transport" (`transport()` below), so store, reducer and UI never know.
// When the leader goes away the browser grants the lock to a waiting tab, which builds the real
// transport on the store it mirrored. Channel messages: see channel-messages.ts.

import type { ClientOptions } from '../client/types';
import type { WebchatStore } from '../store/create-store';
import { reduce } from '../store/reducer';
import { createInitialState, type StoreAction, type UserMessage, type WebchatState } from '../store/state';
import type { Transport, TransportContext, TransportFactory } from '../transport/transport';
import { encodeTabMessage, parseTabMessage, type TabCommand, type TabMessage } from './channel-messages';
import { conversationKey } from './conversation-key';
import type { ChannelLike, TabsEnvironment } from './environment';

export type TabRole = 'pending' | 'leader' | 'follower' | 'closed';

export interface SharedConversation {
  /** The dispatch of this tab: every action goes through it (the leader posts them to the others). */
  dispatch(action: StoreAction): void;
  /** This tab's transport: the one `factory` makes while leading, the channel while following. */
  transport(factory: TransportFactory, ctx: TransportContext): Transport;
  role(): TabRole;
  /** Resolves once this tab knows whether it leads (for tests and diagnostics). */
  settled(): Promise<TabRole>;
  /** Releases the lock, closes the channel. The transport is stopped by its owner. */
  close(): void;
}

const LOCK_PREFIX = 'agent-webchat:';

/** One transport the client asked for, and the real one behind it once this tab leads. */
interface Binding {
  factory: TransportFactory;
  ctx: TransportContext;
  real?: Transport;
  stopped: boolean;
}

/** The messages of this conversation that wait for the network. */
const waitingMessages = (state: WebchatState) =>
  state.items.filter((item): item is UserMessage => item.kind === 'user' && item.status === 'sending');

/** Something of a session was shown: a reply, a notice, or a message the server confirmed. */
const hasConversation = (state: WebchatState) =>
  state.lastSequence > 0 || state.items.some((item) => item.kind !== 'user' || item.status === 'sent');

export function shareConversation(options: ClientOptions, local: WebchatStore, environment: TabsEnvironment): SharedConversation {
  const { store } = local;
  const tabId = `tab-${Math.random().toString(36).slice(2)}-${Date.now().toString(36)}`;
  let role: TabRole = 'pending';
  let channel: ChannelLike | undefined;
  /** Every action applied to this store, in order: the snapshot a new follower gets. */
  let applied: StoreAction[] = [];
  /** A follower drops live actions until its snapshot came (those are in it). */
  let mirrored = false;
  /** Calls made before this tab knew its role: run once it does. */
  let queued: TabCommand[] = [];
  /** The transport the client uses now (a fallback replaces it) and the real one behind it, when leading. */
  let current: Binding | undefined;
  let started = false;
  /** A leader that took over without a way to resume (no tokenUrl): the next send starts a new session. */
  let newSessionOnSend = false;
  let releaseLock: (() => void) | undefined;
  const abortWait = new AbortController();
  let settle: (role: TabRole) => void = () => {};
  const settledRole = new Promise<TabRole>((resolve) => {
    settle = resolve;
  });

  // A function, not `role === 'closed'`: the role changes across awaits.
  const isClosed = () => role === 'closed';
  const post = (message: TabMessage) => channel?.postMessage(encodeTabMessage(message));

  const dispatch = (action: StoreAction) => {
    const before = store.getState();
    local.dispatch(action);
    // An action that changed nothing here changes nothing in a mirror either (heartbeat echoes,
    // duplicates): it is neither kept for snapshots nor posted.
    if (role === 'closed' || store.getState() === before) return;
    applied.push(action);
    if (role === 'leader') post({ kind: 'action', from: tabId, action });
  };

  // — Leading

  const real = () => {
    if (!current || current.stopped) return undefined;
    current.real ??= current.factory(current.ctx);
    return current.real;
  };

  const startNewSession = () => {
    newSessionOnSend = false;
    real()?.newConversation();
    const now = current ? current.ctx.clock.now() : Date.now();
    dispatch({ type: 'notice', notice: { code: 'new-conversation' }, timestamp: new Date(now).toISOString() });
  };

  const deliver = (clientEventId: string, text: string) => {
    if (newSessionOnSend) startNewSession();
    else real()?.sendUserMessage(clientEventId, text);
  };

  /** What a command asks of the real transport, in the leading tab. */
  function perform(command: TabCommand) {
    switch (command.name) {
      case 'start':
        started = true;
        if (!newSessionOnSend) real()?.start();
        return;
      case 'send': {
        const { clientEventId, text, timestamp } = command;
        const known = store
          .getState()
          .items.find((item): item is UserMessage => item.kind === 'user' && item.clientEventId === clientEventId);
        // Already on its way (or delivered): a follower repeating itself after a handover.
        if (known && known.status !== 'failed') return;
        dispatch(known ? { type: 'user-retry', clientEventId } : { type: 'user-send', clientEventId, text, timestamp });
        return deliver(clientEventId, text);
      }
      case 'typing':
        return real()?.setTyping(command.typing);
      case 'end-session':
        return real()?.endSession();
      case 'new-conversation':
        newSessionOnSend = false;
        return real()?.newConversation();
      case 'reconnect-now':
        if (!newSessionOnSend) return real()?.reconnectNow();
        if (waitingMessages(store.getState()).length) startNewSession();
        return;
    }
  }

  function lead() {
    const wasFollowing = role === 'follower';
    role = 'leader';
    settle(role);
    post({ kind: 'leader', from: tabId });
    const state = store.getState();
    if (wasFollowing && hasConversation(state)) {
      // The site's tokenUrl knows the session (continuity): resume it from the mirrored cursor.
      // Without it nothing can find the session again: the next message starts a new one.
      if (options.tokenUrl) real()?.start();
      else if (waitingMessages(state).length) startNewSession();
      else newSessionOnSend = true;
    } else if (started || waitingMessages(state).length) {
      real()?.start();
    }
    runQueued();
  }

  // — Following

  function follow() {
    role = 'follower';
    settle(role);
    post({ kind: 'hello', from: tabId });
    runQueued();
    // Waits for the leader to go: the browser grants the lock to one waiting tab.
    void environment.locks.request(lockName, { signal: abortWait.signal }, (lock) => (lock ? hold() : Promise.resolve())).catch(() => {});
  }

  /** Applies a snapshot on a fresh state; what this tab sent meanwhile is kept and handed over. */
  function adopt(actions: StoreAction[]) {
    const ownWaiting = waitingMessages(store.getState());
    let next = createInitialState();
    for (const action of actions) next = reduce(next, action);
    applied = actions.slice();
    const present = new Set(next.items.map((item) => item.key));
    const handOver = ownWaiting.filter((m) => !present.has(m.key));
    for (const { clientEventId, text, timestamp } of handOver) {
      const action: StoreAction = { type: 'user-send', clientEventId, text, timestamp };
      next = reduce(next, action);
      applied.push(action);
    }
    store.setState(next, true);
    mirrored = true;
    for (const { clientEventId, text, timestamp } of handOver) {
      post({ kind: 'command', from: tabId, command: { name: 'send', clientEventId, text, timestamp } });
    }
  }

  function receive(data: unknown) {
    const message = parseTabMessage(data);
    if (!message || message.from === tabId || role === 'closed') return;
    if (role === 'leader') {
      if (message.kind === 'hello') post({ kind: 'snapshot', from: tabId, to: message.from, actions: applied });
      else if (message.kind === 'command') perform(message.command);
      return;
    }
    if (message.kind === 'leader') {
      mirrored = false;
      post({ kind: 'hello', from: tabId });
    } else if (message.kind === 'snapshot' && message.to === tabId) {
      adopt(message.actions);
    } else if (message.kind === 'action' && mirrored) {
      applied.push(message.action);
      local.dispatch(message.action);
    }
  }

  // — Routing the client's calls

  function route(command: TabCommand) {
    if (command.name === 'start') started = true;
    if (role === 'pending') queued.push(command);
    else if (role === 'leader') perform(command);
    else if (role === 'follower') post({ kind: 'command', from: tabId, command });
  }

  function runQueued() {
    const commands = queued;
    queued = [];
    commands.forEach(route);
  }

  /** The lock callback's promise: the lock is held until close() (or the tab goes). */
  function hold() {
    if (role === 'closed') return Promise.resolve();
    lead();
    return new Promise<void>((resolve) => {
      releaseLock = resolve;
    });
  }

  let lockName = '';
  void (async () => {
    const key = await conversationKey(options, environment.digest);
    if (isClosed()) return;
    lockName = LOCK_PREFIX + key;
    channel = environment.openChannel(LOCK_PREFIX + key);
    channel.addEventListener('message', (event) => receive(event.data));
    await environment.locks.request(lockName, { ifAvailable: true }, (lock) => {
      if (lock) return hold();
      if (role !== 'closed') follow();
      return Promise.resolve();
    });
  })().catch(() => {
    // No lock manager after all (a sandboxed frame): this tab keeps to itself.
    if (role === 'pending') lead();
  });

  return {
    dispatch,
    transport(factory, ctx) {
      current?.real?.stop();
      const mine: Binding = { factory, ctx, stopped: false };
      current = mine;
      const forMe = (command: TabCommand) => {
        if (current === mine && !mine.stopped) route(command);
      };
      return {
        start: () => forMe({ name: 'start' }),
        sendUserMessage(clientEventId, text) {
          const message = store
            .getState()
            .items.find((item): item is UserMessage => item.kind === 'user' && item.clientEventId === clientEventId);
          const timestamp = message?.timestamp ?? new Date().toISOString();
          if (current !== mine || mine.stopped) return;
          // The leader's store already has the message (the client dispatched it): only deliver it.
          if (role === 'leader') deliver(clientEventId, text);
          else route({ name: 'send', clientEventId, text, timestamp });
        },
        setTyping: (typing) => forMe({ name: 'typing', typing }),
        endSession: () => forMe({ name: 'end-session' }),
        newConversation: () => forMe({ name: 'new-conversation' }),
        reconnectNow: () => forMe({ name: 'reconnect-now' }),
        stop() {
          mine.stopped = true;
          mine.real?.stop();
        },
      };
    },
    role: () => role,
    settled: () => settledRole,
    close() {
      if (role === 'closed') return;
      role = 'closed';
      settle(role);
      releaseLock?.();
      abortWait.abort();
      channel?.close();
      channel = undefined;
      queued = [];
      applied = [];
    },
  };
}
