// The client with tabs: the wiring in create-client (dispatch, transport, destroy) over fakes.
import { afterEach, expect, it } from 'vitest';
import { createWebchatClient } from '../client/create-client';
import type { WebchatClient } from '../contract/client';
import type { TabsEnvironment } from '../contract/tabs-environment';
import type { UserMessage } from '../store/state';
import { waitFor } from '../testing/wait-for';
import { conversationKey } from './conversation-key';
import { webDigest } from './environment';
import { createFakeLocks } from './testing/fake-locks';

const clients: WebchatClient[] = [];
afterEach(() => {
  for (const client of clients.splice(0)) client.destroy();
});

const options = { messagingUrl: 'https://wiring.example.com', connectorToken: 'connector-SECRET' };
const locks = createFakeLocks();
const opened: { name: string; closed: boolean }[] = [];
const environment: TabsEnvironment = {
  locks,
  digest: webDigest()!,
  openChannel(name) {
    const channel = new BroadcastChannel(name);
    const record = { name, closed: false };
    opened.push(record);
    return {
      postMessage: (message) => channel.postMessage(message),
      addEventListener: (type, listener) => channel.addEventListener(type, (event) => listener({ data: event.data })),
      close() {
        record.closed = true;
        channel.close();
      },
    };
  },
};

/** A client whose network never answers: what counts here is what its store shows. */
function client() {
  const made = createWebchatClient(options, {
    tabs: environment,
    fetch: () => new Promise<Response>(() => {}),
    environment: { onWake: () => () => {}, isOnline: () => true, hostname: () => 'site.example' },
  });
  clients.push(made);
  return made;
}

const sentTexts = (c: WebchatClient) =>
  c.store
    .getState()
    .items.filter((item): item is UserMessage => item.kind === 'user')
    .map((m) => `${m.text} ${m.status}`);

it('two clients with the same options share one store; destroy() releases the lock and closes the channel', async () => {
  const lockName = `agent-webchat:${await conversationKey(options, environment.digest)}`;
  const first = client();
  await waitFor(() => locks.holderCount(lockName) === 1);
  const second = client();
  await waitFor(() => opened.length === 2);

  second.send('from the second');
  await waitFor(() => sentTexts(first).length === 1);
  expect(sentTexts(first)).toEqual(['from the second sending']);
  first.send('from the first');
  await waitFor(() => sentTexts(second).length === 2);
  expect(sentTexts(second)).toEqual(sentTexts(first));

  first.destroy();
  expect(opened[0]!.closed).toBe(true);
  second.destroy();
  expect(opened[1]!.closed).toBe(true);
  await waitFor(() => locks.holderCount(lockName) === 0);
});

it('tabs: "separate" opens no channel and takes no lock', async () => {
  const before = opened.length;
  const separate = createWebchatClient(
    { ...options, tabs: 'separate' },
    { tabs: environment, fetch: () => new Promise<Response>(() => {}) },
  );
  clients.push(separate);
  separate.send('alone');
  // A shared client made after it: once its channel is open, the separate one's would be too.
  client();
  await waitFor(() => opened.length > before);
  expect(opened.slice(before)).toHaveLength(1);
  expect(sentTexts(separate)).toHaveLength(1);
});

it('host events: each live message once per tab; a snapshot that arrives in a new tab is not announced', async () => {
  const lockName = `agent-webchat:${await conversationKey(options, environment.digest)}`;
  const announced = (c: WebchatClient) => {
    const seen: string[] = [];
    c.on('message', (event) => seen.push(`${event.author}: ${event.text}`));
    return seen;
  };
  const channelsBefore = opened.length;
  const first = client();
  const firstSeen = announced(first);
  await waitFor(() => locks.holderCount(lockName) === 1);
  const second = client();
  const secondSeen = announced(second);
  await waitFor(() => opened.length === channelsBefore + 2);
  second.send('live');
  await waitFor(() => sentTexts(first).length === 1 && sentTexts(second).length === 1);

  // A third tab opens on a conversation that already holds a message: its snapshot is history.
  const third = client();
  const thirdSeen = announced(third);
  await waitFor(() => sentTexts(third).length === 1);
  first.send('after the third came');
  await waitFor(() => [first, second, third].every((c) => sentTexts(c).length === 2));

  expect(firstSeen).toEqual(['user: live', 'user: after the third came']);
  expect(secondSeen).toEqual(['user: live', 'user: after the third came']);
  expect(thirdSeen).toEqual(['user: after the third came']);
});
