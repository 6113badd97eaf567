import { afterEach, describe, expect, it } from 'vitest';
import { systemClock } from '../client/clock';
import type { ClientOptions } from '../contract/client';
import type { ChannelLike, TabsEnvironment } from '../contract/tabs-environment';
import { parseFrame } from '../protocol/parse-frame';
import { createWebchatStore, type WebchatStore } from '../store/create-store';
import type { UserMessage, WebchatState } from '../store/state';
import { agentMessage, batch, echo, type ev, joined, sessionStart } from '../testing/server-events';
import { waitFor } from '../testing/wait-for';
import type { Transport, TransportContext, TransportFactory } from '../transport/transport-contract';
import { parseTabMessage } from './channel-messages';
import { conversationKey } from './conversation-key';
import { browserTabsEnvironment, webDigest } from './environment';
import { joinTabs } from './index';
import { type SharedConversation, shareConversation } from './shared-conversation';
import { createFakeLocks } from './testing/fake-locks';

const CONNECTOR = 'connector-SECRET-123';
const ACCESS = 'access-SECRET-456';

/** Everything any tab posted on any channel. */
let posted: unknown[] = [];
const cleanups: (() => void)[] = [];
afterEach(() => {
  for (const cleanup of cleanups.splice(0)) cleanup();
  posted = [];
});

/** One "browser": a lock manager, real (Node) BroadcastChannels with a spy on postMessage. */
function browser(): TabsEnvironment {
  const locks = createFakeLocks();
  return {
    locks,
    digest: webDigest()!,
    openChannel(name) {
      const channel = new BroadcastChannel(name);
      const spied: ChannelLike = {
        postMessage(message) {
          posted.push(message);
          channel.postMessage(message);
        },
        addEventListener: (type, listener) => channel.addEventListener(type, (event) => listener({ data: event.data })),
        close: () => channel.close(),
      };
      return spied;
    },
  };
}

interface FakeTransport extends Transport {
  calls: string[];
  ctx: TransportContext;
}

/** A transport that records its calls; the test plays the server through `ctx.dispatch`. */
function fakeFactory(made: FakeTransport[]): TransportFactory {
  return (ctx, factoryOptions) => {
    const calls: string[] = [];
    // Where a real transport keeps its token: in its closure, never in the store.
    const token = ACCESS;
    const transport: FakeTransport = {
      calls,
      ctx,
      // "resume": made by a tab taking the conversation over (resumeOnly).
      start: () => calls.push(`${factoryOptions?.resumeOnly ? 'resume' : 'start'} ${token.length > 0}`),
      sendUserMessage: (id, text) => calls.push(`send ${id} ${text}`),
      setTyping: (typing) => calls.push(`typing ${typing}`),
      endSession: () => calls.push('end'),
      // As the real ones do: a new session starts empty, messages still waiting carry over.
      newConversation: () => {
        calls.push('new');
        const waiting = users(ctx.getState()).filter((m) => m.status === 'sending');
        ctx.dispatch({ type: 'reset' });
        for (const { clientEventId, text, timestamp } of waiting) ctx.dispatch({ type: 'user-send', clientEventId, text, timestamp });
      },
      reconnectNow: () => calls.push('reconnect'),
      stop: () => calls.push('stop'),
    };
    made.push(transport);
    return transport;
  };
}

interface Tab {
  local: WebchatStore;
  shared: SharedConversation;
  transport: Transport;
  made: FakeTransport[];
  state(): WebchatState;
  send(text: string): string;
  close(): void;
}

let ids = 0;
function openTab(options: ClientOptions, environment: TabsEnvironment): Tab {
  const local = createWebchatStore();
  const shared = shareConversation(options, local, environment);
  const made: FakeTransport[] = [];
  const ctx: TransportContext = {
    options,
    getState: local.store.getState,
    dispatch: shared.dispatch,
    fetch: () => Promise.reject(new Error('no network in this test')),
    clock: systemClock,
    environment: { onWake: () => () => {}, isOnline: () => true, hostname: () => 'site.example' },
    onOutcome: () => {},
  };
  const transport = shared.transport(fakeFactory(made), ctx);
  const tab: Tab = {
    local,
    shared,
    transport,
    made,
    state: local.store.getState,
    // What the client does: the message in the store first, then to the transport.
    send(text) {
      const clientEventId = `c-${++ids}`;
      shared.dispatch({ type: 'user-send', clientEventId, text, timestamp: new Date().toISOString() });
      transport.sendUserMessage(clientEventId, text);
      return clientEventId;
    },
    close() {
      transport.stop();
      shared.close();
    },
  };
  cleanups.push(tab.close);
  return tab;
}

/** The role a tab settles on, once it knows whether it leads. */
async function settledRole(shared: SharedConversation) {
  await waitFor(() => shared.role() !== 'pending');
  return shared.role();
}

/** Server events as a transport delivers a frame: its text to the frame tap, then its parsed events. */
const deliver = (shared: SharedConversation, ...events: ReturnType<typeof ev>[]) => {
  const frame = JSON.stringify(batch(events));
  const parsed = parseFrame(frame);
  if (!parsed.ok) throw new Error('bad test frame');
  shared.frameTap(frame);
  shared.dispatch({ type: 'server-events', events: parsed.events });
};

const users = (state: WebchatState) => state.items.filter((item): item is UserMessage => item.kind === 'user');
const texts = (state: WebchatState) => state.items.map((item) => (item.kind === 'system' ? item.notice.code : item.text));

let site = 0;
/** Options of a conversation no other test shares (a channel name per test). */
const optionsOf = (extra: ClientOptions = {}): ClientOptions => ({
  messagingUrl: `https://messaging-${++site}.example.com`,
  connectorToken: CONNECTOR,
  ...extra,
});

async function leaderAndFollower(options = optionsOf(), environment = browser()) {
  const leader = openTab(options, environment);
  expect(await settledRole(leader.shared)).toBe('leader');
  const follower = openTab(options, environment);
  expect(await settledRole(follower.shared)).toBe('follower');
  return { leader, follower, options, environment };
}

describe('shared conversation', () => {
  it('one tab leads with the only real transport; the other follows and gets a snapshot', async () => {
    const options = optionsOf();
    const environment = browser();
    const leader = openTab(options, environment);
    await settledRole(leader.shared);
    leader.transport.start();
    deliver(leader.shared, sessionStart(1), joined(2), agentMessage(3, 'm-1', 'Hello!'));

    const follower = openTab(options, environment);
    expect(await settledRole(follower.shared)).toBe('follower');
    await waitFor(() => follower.state().lastSequence === 3);
    expect(texts(follower.state())).toEqual(texts(leader.state()));
    expect(follower.state().lastSequence).toBe(3);
    expect(leader.made).toHaveLength(1);
    expect(leader.made[0]!.calls).toEqual(['start true']);
    expect(follower.made).toHaveLength(0);

    // Live actions after the snapshot.
    deliver(leader.shared, agentMessage(4, 'm-2', 'Anything else?'));
    await waitFor(() => follower.state().lastSequence === 4);
    // The same state, but that the follower counts its snapshot as restored history.
    const { restored, ...mirror } = follower.state();
    expect(restored).toBe(1);
    expect(mirror).toEqual(leader.state());
  });

  it('a message sent in the follower reaches the leader transport once and shows once, with its status, in both', async () => {
    const { leader, follower } = await leaderAndFollower();
    deliver(leader.shared, sessionStart(1));
    await waitFor(() => follower.state().lastSequence === 1);

    const id = follower.send('from the follower');
    await waitFor(() => users(leader.state()).length === 1);
    expect(users(leader.state())[0]).toMatchObject({ clientEventId: id, status: 'sending' });
    expect(leader.made[0]!.calls.filter((c) => c.startsWith('send'))).toEqual([`send ${id} from the follower`]);

    // The server's echo, in the leader only: the follower sees the status change.
    deliver(leader.shared, echo(2, id, 'from the follower'));
    await waitFor(() => users(follower.state())[0]?.status === 'sent');
    const own = leader.send('from the leader');
    deliver(leader.shared, echo(3, own, 'from the leader'));
    await waitFor(() => users(follower.state()).length === 2 && users(follower.state())[1]!.status === 'sent');

    for (const tab of [leader, follower]) {
      expect(users(tab.state()).map((m) => [m.text, m.status])).toEqual([
        ['from the follower', 'sent'],
        ['from the leader', 'sent'],
      ]);
    }
    expect(leader.made[0]!.calls.filter((c) => c.startsWith('send'))).toHaveLength(2);
  });

  it('keeps one unread count for both tabs: a newcomer gets it, a read in the follower clears it in both', async () => {
    const options = optionsOf();
    const environment = browser();
    const leader = openTab(options, environment);
    await settledRole(leader.shared);
    deliver(leader.shared, sessionStart(1), joined(2), agentMessage(3, 'm-1', 'Hello!'), agentMessage(4, 'm-2', 'Still there?'));
    expect(leader.state().unread).toBe(2);

    const follower = openTab(options, environment);
    expect(await settledRole(follower.shared)).toBe('follower');
    await waitFor(() => follower.state().unread === 2);
    deliver(leader.shared, agentMessage(5, 'm-3', 'Hello?'));
    await waitFor(() => follower.state().unread === 3);

    follower.shared.dispatch({ type: 'unread', count: 0 });
    await waitFor(() => leader.state().unread === undefined);
    await waitFor(() => follower.state().unread === undefined);
  });

  it('forwards typing, end session, new conversation and reconnect to the leader', async () => {
    const { leader, follower } = await leaderAndFollower();
    follower.transport.start();
    follower.transport.setTyping(true);
    follower.transport.endSession();
    follower.transport.reconnectNow();
    follower.transport.newConversation();
    await waitFor(() => leader.made[0]?.calls.length === 5);
    expect(leader.made[0]!.calls).toEqual(['start true', 'typing true', 'end', 'reconnect', 'new']);
  });

  it('hands over when the leader goes: the new leader resumes from its cursor (resumeOnly)', async () => {
    const { leader, follower } = await leaderAndFollower(optionsOf({ connectorToken: undefined, tokenUrl: '/api/webchat-token' }));
    leader.transport.start();
    deliver(leader.shared, sessionStart(1), joined(2));
    await waitFor(() => follower.state().lastSequence === 2);

    leader.close();
    await waitFor(() => follower.shared.role() === 'leader');
    expect(follower.made).toHaveLength(1);
    expect(follower.made[0]!.calls).toEqual(['resume true']);
    // The store it resumes from is the one it mirrored.
    expect(follower.made[0]!.ctx.getState().lastSequence).toBe(2);
  });

  it('a tab that never saw a conversation does not resume one when it leads', async () => {
    const { leader, follower } = await leaderAndFollower();
    leader.close();
    await waitFor(() => follower.shared.role() === 'leader');
    expect(follower.made[0]?.calls ?? []).toEqual([]);
    follower.transport.start();
    expect(follower.made[0]!.calls).toEqual(['start true']);
  });

  it('a message still sending when the leader goes is left to the new leader to deliver, once', async () => {
    const { leader, follower, options, environment } = await leaderAndFollower();
    deliver(leader.shared, sessionStart(1));
    const third = openTab(options, environment);
    await settledRole(third.shared);
    await waitFor(() => third.state().lastSequence === 1 && follower.state().lastSequence === 1);
    const id = third.send('in flight');
    await waitFor(() => users(follower.state()).length === 1);

    leader.close();
    await waitFor(() => follower.shared.role() === 'leader');
    // The resumed transport delivers what is still sending after its replay: no call repeats it.
    expect(follower.made[0]!.calls).toEqual(['resume true']);
    expect(users(follower.state())).toMatchObject([{ clientEventId: id, status: 'sending' }]);
    // The third tab mirrors the new leader (its own message is in the snapshot: not handed over twice).
    await waitFor(() => third.made.length === 0 && posted.filter((m) => JSON.stringify(m).includes('"snapshot":true')).length >= 3);
    third.transport.setTyping(true);
    await waitFor(() => follower.made[0]!.calls.length === 2);
    expect(follower.made[0]!.calls).toEqual(['resume true', 'typing true']);
    expect(users(third.state())).toHaveLength(1);
  });

  it('server events cross as their frame text, which a follower keeps: as the new leader it hands them on', async () => {
    const { leader, follower, options, environment } = await leaderAndFollower();
    deliver(leader.shared, sessionStart(1), joined(2), agentMessage(3, 'm-1', 'Hello!'));
    await waitFor(() => follower.state().lastSequence === 3);
    const crossed = JSON.stringify(posted);
    expect(crossed).toContain('EVENT_TYPE_EVENT_BATCH');
    expect(crossed).not.toContain('"events"');

    leader.close();
    await waitFor(() => follower.shared.role() === 'leader');
    const newcomer = openTab(options, environment);
    expect(await settledRole(newcomer.shared)).toBe('follower');
    await waitFor(() => newcomer.state().lastSequence === 3);
    expect(texts(newcomer.state())).toEqual(texts(follower.state()));
    expect(texts(newcomer.state())).toContain('Hello!');
  });

  it('a reset starts the log again: a newcomer gets this session, not the page’s history', async () => {
    const { leader, options, environment } = await leaderAndFollower();
    deliver(leader.shared, sessionStart(1), agentMessage(2, 'm-1', 'old session'));
    leader.shared.dispatch({ type: 'status', status: 'online' });
    leader.shared.dispatch({ type: 'reset' });
    leader.shared.dispatch({
      type: 'local-events',
      events: [{ kind: 'agent-reply', id: 'rest-c-0', text: 'new session' }],
      timestamp: 't',
    });
    posted = [];
    const newcomer = openTab(options, environment);
    expect(await settledRole(newcomer.shared)).toBe('follower');
    await waitFor(() => newcomer.state().items.length === 1);
    expect(texts(newcomer.state())).toEqual(['new session']);
    expect(newcomer.state().status).toBe('online');
    const snapshots = posted.filter((message) => JSON.stringify(message).includes('"snapshot":true'));
    expect(snapshots.length).toBeGreaterThan(0);
    expect(JSON.stringify(snapshots)).not.toContain('old session');
  });

  it('a message whose call was lost with the leader is handed to the next leader, once', async () => {
    const { leader, follower, options, environment } = await leaderAndFollower();
    deliver(leader.shared, sessionStart(1));
    const third = openTab(options, environment);
    await settledRole(third.shared);
    await waitFor(() => third.state().lastSequence === 1 && follower.state().lastSequence === 1);
    // The leader goes before it could read the call.
    const id = third.send('lost call');
    leader.close();

    await waitFor(() => follower.shared.role() === 'leader');
    await waitFor(() => users(follower.state()).length === 1);
    expect(users(follower.state())).toMatchObject([{ clientEventId: id, text: 'lost call', status: 'sending' }]);
    await waitFor(() => follower.made[0]!.calls.some((c) => c.startsWith('send')));
    expect(follower.made[0]!.calls.filter((c) => c.startsWith('send'))).toEqual([`send ${id} lost call`]);
    expect(users(third.state())).toHaveLength(1);
  });

  it('widgets with other options stay independent', async () => {
    const environment = browser();
    const first = openTab(optionsOf(), environment);
    const second = openTab(optionsOf(), environment);
    expect(await settledRole(first.shared)).toBe('leader');
    expect(await settledRole(second.shared)).toBe('leader');
  });

  it('ignores malformed channel messages', async () => {
    const { leader, follower, options } = await leaderAndFollower();
    deliver(leader.shared, sessionStart(1));
    await waitFor(() => follower.state().lastSequence === 1);
    const before = follower.state();

    const intruder = new BroadcastChannel(`agent-webchat:${await conversationKey(options, webDigest()!)}`);
    const base = { protocol: 'agent-webchat/tabs/5' };
    for (const message of [
      null,
      'text',
      { ...base, kind: 'actions', actions: [{ type: 'user-send', clientEventId: 42, text: 'x', timestamp: '' }] },
      { ...base, kind: 'actions', actions: [{ type: 'server-events', frame: '{not json' }] },
      { ...base, kind: 'actions', actions: [{ type: 'status', status: 'party' }] },
      { ...base, kind: 'actions', actions: [{ type: 'notice', notice: { code: 'system', level: 'loud', message: 'x' }, timestamp: '' }] },
      { ...base, kind: 'actions', actions: [{ type: 'reset' }, { type: 'bogus' }] },
      { ...base, kind: 'actions', snapshot: true, actions: [{ type: 'server-events', frame: '{"type":"x"}' }, { type: 'bogus' }] },
      { ...base, kind: 'actions', actions: [{ type: 'server-events', events: [] }] },
      { ...base, kind: 'call', call: { name: 'sendUserMessage', clientEventId: 'x' } },
      { ...base, kind: 'call', call: { name: 'stop' } },
      { protocol: 'other', kind: 'actions', actions: [{ type: 'reset' }] },
    ]) {
      intruder.postMessage(message);
    }
    // A valid action after the garbage: once it is applied, the garbage was seen and dropped.
    deliver(leader.shared, agentMessage(2, 'm-1', 'still here'));
    await waitFor(() => follower.state().lastSequence === 2);
    intruder.close();
    expect(follower.state().items.slice(0, before.items.length)).toEqual(before.items);
    expect(texts(follower.state())).toEqual(['still here']);
    expect(leader.made[0]?.calls.filter((c) => c.startsWith('send')) ?? []).toEqual([]);
  });

  it('nothing token-like crosses the channel', async () => {
    const { leader, follower } = await leaderAndFollower();
    leader.transport.start();
    deliver(leader.shared, sessionStart(1), joined(2));
    const id = follower.send('hello');
    await waitFor(() => users(leader.state()).length === 1);
    deliver(leader.shared, echo(3, id, 'hello'));
    leader.shared.dispatch({ type: 'status', status: 'error', error: { code: 'config', message: 'connector token rejected' } });
    await waitFor(() => follower.state().status === 'error');
    expect(posted.length).toBeGreaterThan(5);
    const wire = JSON.stringify(posted);
    expect(wire).not.toContain(CONNECTOR);
    expect(wire).not.toContain(ACCESS);
    expect(wire).not.toContain('access_token');
    expect(wire).not.toContain('messaging-');
  });

  it('close() releases the lock and closes the channel: the next tab leads', async () => {
    const { leader, follower } = await leaderAndFollower();
    leader.close();
    await waitFor(() => follower.shared.role() === 'leader');
    follower.close();
    expect(follower.shared.role()).toBe('closed');
  });
});

describe('fallback to separate', () => {
  it('joinTabs shares nothing for "separate" or without the browser APIs', () => {
    const local = createWebchatStore();
    expect(joinTabs(optionsOf({ tabs: 'separate' }), local, browser())).toBeUndefined();
    expect(joinTabs(optionsOf(), local, null)).toBeUndefined();
    const shared = joinTabs(optionsOf(), local, browser());
    expect(shared).toBeDefined();
    shared?.close();
  });

  it('browserTabsEnvironment is undefined without Web Locks', () => {
    // Node has BroadcastChannel and Web Crypto but no navigator.locks.
    expect(globalThis.navigator?.locks).toBeUndefined();
    expect(browserTabsEnvironment()).toBeUndefined();
  });
});

describe('channel messages', () => {
  it('rejects what is not one of its messages', () => {
    expect(parseTabMessage({ protocol: 'agent-webchat/tabs/5', kind: 'hello' })).toEqual({ kind: 'hello' });
    expect(parseTabMessage({ protocol: 'agent-webchat/tabs/2', kind: 'hello' })).toBeNull();
    expect(parseTabMessage({ protocol: 'agent-webchat/tabs/5', kind: 'call', call: { name: 'setTyping', typing: 'yes' } })).toBeNull();
    expect(
      parseTabMessage({
        protocol: 'agent-webchat/tabs/5',
        kind: 'actions',
        from: 'a',
        actions: [{ type: 'typing', typing: { who: 'bot' } }],
      }),
    ).toBeNull();
    expect(parseTabMessage({ protocol: 'agent-webchat/tabs/5', kind: 'what' })).toBeNull();
    const localEvents = (events: unknown[]) => ({
      protocol: 'agent-webchat/tabs/5',
      kind: 'actions',
      actions: [{ type: 'local-events', timestamp: 't', events }],
    });
    expect(parseTabMessage(localEvents([{ kind: 'agent-reply', id: 'r-1', text: 'hi' }]))).not.toBeNull();
    expect(parseTabMessage(localEvents([{ kind: 'agent-reply', id: 'r-1' }]))).toBeNull();
    expect(parseTabMessage(localEvents([{ kind: 'session-end', id: 'local:end', reason: 7 }]))).toBeNull();
    expect(parseTabMessage(localEvents([{ kind: 'unknown', id: 'x' }]))).toBeNull();
  });
});
