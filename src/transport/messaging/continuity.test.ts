// A site backend that remembers the visitor's conversation (docs/contract.md "tokenUrl and continuity"):
// the `tokenUrl` answer may name the session to resume; a resumed session that turns out to be gone
// is replaced at once by a fresh one; a transport taking over a mirrored conversation resumes it.

import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { parseFrame } from '../../protocol/parse-frame';
import { reduce } from '../../store/reducer';
import { createInitialState, type StoreAction } from '../../store/state';
import type { FakeAnswer, RecordedRequest } from '../../testing/fake-fetch';
import { agentMessage, batch, echo, joined, sessionStart, system } from '../../testing/server-events';
import { createHarness, userSend } from '../../testing/transport-harness';

beforeEach(() => {
  vi.spyOn(console, 'error').mockImplementation(() => undefined);
});
afterEach(() => {
  vi.restoreAllMocks();
});

const TOKEN_URL = 'https://site.example.com/webchat-token';

/** A site backend: `tokenUrl` answers the sessions of `sessionIds` in turn (undefined: none named). */
function siteBackend(
  sessionIds: (string | undefined)[],
  probe: FakeAnswer = { status: 401, body: { message: 'Missing authentication headers' } },
) {
  let tokens = 0;
  let created = 0;
  return (req: RecordedRequest): FakeAnswer => {
    if (req.url === TOKEN_URL) {
      const sessionId = sessionIds[tokens++];
      const body = { access_token: `SITE-TOKEN-${tokens}`, expires_in: 3600, token_type: 'Bearer' };
      return { status: 200, body: sessionId ? { ...body, session_id: sessionId } : body };
    }
    if (req.url.endsWith('/api/v1/sessions')) {
      if (!req.headers.authorization) return probe;
      return { status: 200, body: { session_id: `created-${++created}` } };
    }
    return { status: 404 };
  };
}

const harness = (sessionIds: (string | undefined)[], extra: Parameters<typeof createHarness>[0] = {}) =>
  createHarness({
    answer: siteBackend(sessionIds),
    ...extra,
    options: { tokenUrl: TOKEN_URL, connectorToken: undefined, ...extra.options },
  });

const bodies = (h: ReturnType<typeof createHarness>) => h.net.requests.filter((r) => r.url === TOKEN_URL).map((r) => JSON.parse(r.body));
const paths = (h: ReturnType<typeof createHarness>) => h.net.requests.map((r) => new URL(r.url).pathname);
const notices = (h: ReturnType<typeof createHarness>) => h.state().items.flatMap((i) => (i.kind === 'system' ? [i.notice.code] : []));

describe('a session named by tokenUrl', () => {
  it('is resumed: no session is created, the socket opens on it from the store cursor', async () => {
    const h = harness(['remembered-1']);
    h.transport.start();
    const ws = await h.socket(1);
    expect(paths(h)).toEqual(['/webchat-token']);
    expect(bodies(h)).toEqual([{ streaming: true }]);
    expect(ws.url).toContain('session_id=remembered-1');
    expect(ws.url).toContain('access_token=SITE-TOKEN-1');
    expect(ws.url).toContain('cursor=seq:0');
    h.transport.stop();
  });

  it('rebuilds the transcript from the replay and does not join again when the replay holds a join', async () => {
    const h = harness(['remembered-1']);
    h.transport.start();
    const ws = await h.socket(1);
    ws.open();
    ws.receive(batch([sessionStart(1), joined(2), agentMessage(3, 'a1', 'Welcome back')]));
    await h.clock.advance(250);
    expect(h.state().items.some((i) => i.kind === 'agent' && i.text === 'Welcome back')).toBe(true);
    expect(ws.frames('EVENT_TYPE_REQUEST_SERVICE_AGENT_JOIN')).toHaveLength(0);
    h.transport.stop();
  });

  it('marks the replay that rebuilds the transcript on a new page as history (host events skip it), nothing after it', async () => {
    const h = harness(['remembered-1']);
    h.transport.start();
    const ws = await h.socket(1);
    ws.open();
    ws.receive(batch([sessionStart(1), joined(2), agentMessage(3, 'a1', 'Welcome back')]));
    // The replay is applied when it ends: here, as the first live frame comes.
    ws.receive(agentMessage(4, 'a2', 'Anything else?'));
    expect(h.state().restored).toBe(1);
    expect(h.state().items.map((i) => i.key)).toEqual(['a1', 'a2']);
    await h.clock.advance(250);
    expect(h.state().restored).toBe(1);
    h.transport.stop();
  });

  it('joins when the replay holds no join', async () => {
    const h = harness(['remembered-1']);
    h.transport.start();
    const ws = await h.socket(1);
    ws.open();
    ws.receive(batch([sessionStart(1)]));
    await h.clock.advance(250);
    expect(ws.frames('EVENT_TYPE_REQUEST_SERVICE_AGENT_JOIN')).toHaveLength(1);
    h.transport.stop();
  });

  it('gone (its socket refused while the host answers HTTP): one fresh token request, a new conversation, pending messages carried', async () => {
    const h = harness(['expired-1', 'fresh-2']);
    userSend(h, 'c1', 'still there?');
    (await h.socket(1)).fail();
    // No backoff: the probe and the fresh request happen at once.
    const ws2 = await h.socket(2);
    expect(paths(h)).toEqual(['/webchat-token', '/api/v1/sessions', '/webchat-token']);
    expect(h.net.requests[1]?.headers.authorization).toBeUndefined();
    expect(bodies(h)).toEqual([{ streaming: true }, { streaming: true, fresh: true }]);
    expect(ws2.url).toContain('session_id=fresh-2');
    expect(ws2.url).toContain('access_token=SITE-TOKEN-2');
    expect(notices(h)).toEqual(['new-conversation']);
    ws2.open();
    ws2.receive(batch([sessionStart(1)]));
    await h.clock.advance(250);
    expect(ws2.frames('EVENT_TYPE_USER_MESSAGE').map((f) => f.custom.client_event_id)).toEqual(['c1']);
    expect(JSON.stringify(h.state())).not.toContain('SITE-TOKEN');
    h.transport.stop();
  });

  it('a refused socket with the host unreachable is an outage: backoff as usual, no fresh request', async () => {
    const h = createHarness({
      answer: siteBackend(['remembered-1'], 'network-error'),
      options: { tokenUrl: TOKEN_URL, connectorToken: undefined },
    });
    h.transport.start();
    (await h.socket(1)).fail();
    await h.clock.advance(1999);
    expect(h.sockets()).toHaveLength(1);
    await h.clock.advance(1);
    const ws2 = await h.socket(2);
    expect(ws2.url).toContain('session_id=remembered-1');
    expect(bodies(h)).toEqual([{ streaming: true }]);
    h.transport.stop();
  });

  it('a fresh session that fails is not probed again (no loop of fresh requests)', async () => {
    const h = harness(['expired-1', 'fresh-2', 'fresh-3']);
    h.transport.start();
    (await h.socket(1)).fail();
    (await h.socket(2)).fail();
    await h.clock.advance(2000);
    const ws3 = await h.socket(3);
    expect(ws3.url).toContain('session_id=fresh-2');
    expect(bodies(h)).toHaveLength(2);
    h.transport.stop();
  });
});

describe('fresh sessions after the first one of the page', () => {
  it('newConversation asks tokenUrl for a fresh session', async () => {
    const h = harness([undefined, undefined]);
    const ws = await h.goOnline();
    h.transport.newConversation();
    expect(ws.closedByClient).toBe(true);
    await h.socket(2);
    expect(bodies(h)).toEqual([{ streaming: true }, { streaming: true, fresh: true }]);
    h.transport.stop();
  });

  it('a send after a lost session asks for a fresh one', async () => {
    const h = harness(['remembered-1', undefined]);
    const ws = await h.goOnline([sessionStart(1), joined(2)]);
    ws.receive(system('Error: Session not found'));
    userSend(h, 'c1', 'hello again');
    const ws2 = await h.socket(2);
    expect(bodies(h)).toEqual([{ streaming: true }, { streaming: true, fresh: true }]);
    expect(ws2.url).toContain('session_id=created-1');
    h.transport.stop();
  });
});

describe('taking over a mirrored conversation (resumeOnly)', () => {
  const run = (...actions: StoreAction[]) => actions.reduce(reduce, createInitialState());
  const send = (clientEventId: string): StoreAction => ({ type: 'user-send', clientEventId, text: clientEventId, timestamp: 't' });

  it('resumes from the mirrored cursor and sends only what lacks an echo', async () => {
    const initialState = run(send('c1'), send('c2'), send('c3'));
    const h = harness(['remembered-1'], { initialState });
    h.transport.start();
    const first = await h.socket(1);
    first.open();
    first.receive(batch([sessionStart(1), joined(2), echo(3, 'c1', 'c1')]));
    await h.clock.advance(250);
    expect(first.frames('EVENT_TYPE_USER_MESSAGE').map((f) => f.custom.client_event_id)).toEqual(['c2', 'c3']);
    h.transport.stop();

    // This tab goes away; another one, holding the mirrored state, takes over.

    const leader = harness(['remembered-1'], { initialState: h.state(), messaging: { resumeOnly: true } });
    leader.transport.start();
    const resumed = await leader.socket(1);
    expect(resumed.url).toContain('cursor=seq:3');
    resumed.open();
    resumed.receive(batch([echo(4, 'c2', 'c2')]));
    await leader.clock.advance(250);
    expect(resumed.frames('EVENT_TYPE_USER_MESSAGE').map((f) => f.custom.client_event_id)).toEqual(['c3']);
    expect(resumed.frames('EVENT_TYPE_REQUEST_SERVICE_AGENT_JOIN')).toHaveLength(0);
    expect(paths(leader)).toEqual(['/webchat-token']);
    // What the replay from the mirrored cursor brings is news to this tab, not history.
    expect(leader.state().restored).toBe(h.state().restored);
    leader.transport.stop();
  });

  it('without resumeOnly, a new session on a mirrored store starts a new conversation from seq:0', async () => {
    const initialState = run(send('c1'), { type: 'server-events', events: [] });
    const first = harness(['remembered-1']);
    first.dispatch({ type: 'user-send', clientEventId: 'c0', text: 'before', timestamp: 't' });
    first.transport.start();
    const ws = await first.socket(1);
    ws.open();
    ws.receive(batch([sessionStart(1), joined(2), echo(3, 'c0', 'before')]));
    await first.clock.advance(250);
    first.transport.stop();
    const mirroredState = { ...first.state(), items: [...first.state().items, ...initialState.items] };

    const h = harness([undefined], { initialState: mirroredState });
    h.transport.start();
    const created = await h.socket(1);
    expect(created.url).toContain('session_id=created-1');
    expect(created.url).toContain('cursor=seq:0');
    expect(notices(h)).toEqual(['new-conversation']);
    expect(h.state().items.flatMap((i) => (i.kind === 'user' ? [[i.clientEventId, i.status]] : []))).toEqual([['c1', 'sending']]);
    h.transport.stop();
  });

  it('without a session named by tokenUrl: no session is created, the conversation is lost until the next send', async () => {
    const h = harness([undefined, undefined], { messaging: { resumeOnly: true } });
    h.transport.start();
    await h.clock.advance(0);
    expect(paths(h)).toEqual(['/webchat-token']);
    expect(h.state().error?.code).toBe('session-lost');
    expect(h.sockets()).toHaveLength(0);
    userSend(h, 'c1', 'hello');
    const ws = await h.socket(1);
    expect(bodies(h)).toEqual([{ streaming: true }, { streaming: true, fresh: true }]);
    expect(ws.url).toContain('session_id=created-1');
    h.transport.stop();
  });

  describe('with the connector token in the page (no tokenUrl)', () => {
    /** The conversation a follower mirrored: a session started and joined. */
    const mirroredSession = (): StoreAction => {
      const parsed = parseFrame(JSON.stringify(batch([sessionStart(1), joined(2)])));
      if (!parsed.ok) throw new Error('bad test frame');
      return { type: 'server-events', events: parsed.events };
    };

    it('asks nothing: the next send starts a new conversation, with its notice', async () => {
      const h = createHarness({ initialState: run(mirroredSession()), messaging: { resumeOnly: true } });
      h.transport.start();
      await h.clock.advance(1000);
      expect(h.net.requests).toHaveLength(0);
      expect(h.sockets()).toHaveLength(0);
      expect(h.state().error).toBeUndefined();
      userSend(h, 'c1', 'after the handover');
      const ws = await h.socket(1);
      expect(ws.url).toContain('cursor=seq:0');
      expect(notices(h)).toEqual(['new-conversation']);
      ws.open();
      ws.receive(batch([sessionStart(1)]));
      await h.clock.advance(250);
      expect(ws.frames('EVENT_TYPE_USER_MESSAGE').map((f) => f.custom.client_event_id)).toEqual(['c1']);
      h.transport.stop();
    });

    it('messages still sending start the new conversation at once', async () => {
      const h = createHarness({ initialState: run(mirroredSession(), send('c1')), messaging: { resumeOnly: true } });
      h.transport.start();
      const ws = await h.socket(1);
      expect(ws.url).toContain('cursor=seq:0');
      expect(notices(h)).toEqual(['new-conversation']);
      expect(h.state().items.flatMap((i) => (i.kind === 'user' ? [[i.clientEventId, i.status]] : []))).toEqual([['c1', 'sending']]);
      h.transport.stop();
    });
  });
});
