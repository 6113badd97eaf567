// Host `message` events: each live message once per tab; a transcript restored at once (the
// replay that rebuilds a resumed session on a new page, a tab's snapshot) is history, not news.
import { expect, it } from 'vitest';
import { parseFrame } from '../protocol/parse-frame';
import { createWebchatStore } from '../store/create-store';
import { reduce } from '../store/reducer';
import { createInitialState, type StoreAction } from '../store/state';
import { agentMessage, batch, echo, ev, joined, sessionStart, type WireEvent } from '../testing/server-events';
import { bindHostEvents } from './host-events';

const events = (...wire: WireEvent[]) => {
  const parsed = parseFrame(JSON.stringify(batch(wire)));
  if (!parsed.ok) throw new Error('bad test frame');
  return parsed.events;
};

const chunk = (seq: number, messageId: string, text: string, index: number, complete: boolean) =>
  ev('EVENT_TYPE_SERVICE_AGENT_MESSAGE_CHUNK', { message_id: messageId, text, chunk_index: index, is_complete: complete }, seq);

function listen() {
  const { store, dispatch } = createWebchatStore();
  const messages: string[] = [];
  bindHostEvents(store, (type, event) => {
    if (type === 'message' && 'author' in event && 'text' in event) messages.push(`${event.author}: ${event.text}`);
  });
  return { store, dispatch, messages };
}

it('a replay marked as history is not announced; what comes after is, once', () => {
  const { dispatch, messages } = listen();
  dispatch({
    type: 'server-events',
    events: events(sessionStart(1), joined(2), agentMessage(3, 'a1', 'Hello'), echo(4, 'c1', 'hi')),
    history: true,
  });
  expect(messages).toEqual([]);
  dispatch({ type: 'user-send', clientEventId: 'c2', text: 'again', timestamp: 't' });
  dispatch({ type: 'server-events', events: events(echo(5, 'c2', 'again'), agentMessage(6, 'a2', 'Sure')) });
  // The same replay again (a reconnect) changes nothing.
  dispatch({ type: 'server-events', events: events(agentMessage(3, 'a1', 'Hello')) });
  expect(messages).toEqual(['user: again', 'agent: Sure']);
});

it('a reply still streaming in the restored history is announced when it completes after it', () => {
  const { dispatch, messages } = listen();
  dispatch({ type: 'server-events', events: events(sessionStart(1), chunk(2, 'a1', 'Half ', 1, false)), history: true });
  expect(messages).toEqual([]);
  dispatch({ type: 'server-events', events: events(chunk(3, 'a1', 'done.', 2, true)) });
  expect(messages).toEqual(['agent: Half done.']);
});

it('a snapshot put in the store with `restored` counted up is history; live actions after it are news', () => {
  const { store, dispatch, messages } = listen();
  const snapshot: StoreAction[] = [
    { type: 'server-events', events: events(sessionStart(1), agentMessage(2, 'a1', 'Hello')) },
    { type: 'user-send', clientEventId: 'c1', text: 'from the other tab', timestamp: 't' },
  ];
  const state = snapshot.reduce(reduce, createInitialState());
  store.setState({ ...state, restored: 1 }, true);
  expect(messages).toEqual([]);
  dispatch({ type: 'server-events', events: events(agentMessage(3, 'a2', 'Live')) });
  expect(messages).toEqual(['agent: Live']);
});

it('without any history mark every message is announced once (a reset does not count as a restore)', () => {
  const { dispatch, messages } = listen();
  dispatch({ type: 'server-events', events: events(sessionStart(1), agentMessage(2, 'a1', 'Hello')), history: true });
  dispatch({ type: 'reset' });
  dispatch({ type: 'server-events', events: events(sessionStart(1), agentMessage(2, 'b1', 'New one')) });
  expect(messages).toEqual(['agent: New one']);
});
