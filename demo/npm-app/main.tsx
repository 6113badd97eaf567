// The npm example: what a site bundling the package writes. `mount` puts the full widget inline;
// `createWebchatClient` is the headless core, here driven by a tiny Preact view of its store.

import { createWebchatClient, mount, type WebchatClient, type WebchatState } from 'agent-webchat';
import { h, render } from 'preact';
import { useEffect, useState } from 'preact/hooks';

interface Target {
  messagingUrl: string;
  connectorToken: string;
}

/** The messaging host: from this page's query (the demo page's form), else the site's config. */
async function target(): Promise<Target> {
  const query = new URLSearchParams(location.search);
  const messagingUrl = query.get('messagingUrl');
  const connectorToken = query.get('connectorToken');
  if (messagingUrl && connectorToken) return { messagingUrl, connectorToken };
  const config = (await (await fetch('/demo-config.json')).json()) as Partial<Target>;
  return { messagingUrl: config.messagingUrl ?? '', connectorToken: config.connectorToken ?? '' };
}

function byId(id: string): HTMLElement {
  const el = document.getElementById(id);
  if (!el) throw new Error(`#${id} is missing`);
  return el;
}

function logEvent(text: string): void {
  const list = byId('events');
  const item = document.createElement('li');
  item.textContent = text; // never innerHTML: message texts come from the server
  list.append(item);
  while (list.children.length > 30) list.firstElementChild?.remove();
  list.scrollTop = list.scrollHeight;
}

/** Headless: the same client the widget uses, with a UI of our own. Connects on first send. */
function Headless({ options }: { options: Target }) {
  const [client] = useState<WebchatClient>(() => createWebchatClient({ ...options, metadata: { embed: 'npm-headless' } }));
  const [state, setState] = useState<WebchatState>(client.store.getState());
  const [draft, setDraft] = useState('');
  useEffect(() => {
    const unsubscribe = client.store.subscribe(setState);
    return () => {
      unsubscribe();
      client.destroy();
    };
  }, [client]);
  const lines = state.items.flatMap((item) => (item.kind === 'system' ? [] : [`${item.kind}: ${item.text}`]));
  return (
    <section class="headless" aria-labelledby="headless-title">
      <h2 id="headless-title">Headless client</h2>
      <p>
        <code>createWebchatClient()</code> with a custom view · <span data-headless-status>{state.status}</span>
      </p>
      <ul aria-label="Headless transcript">
        {lines.slice(-8).map((line, i) => (
          <li key={i}>{line}</li>
        ))}
      </ul>
      <form
        onSubmit={(event) => {
          event.preventDefault();
          client.send(draft);
          setDraft('');
        }}
      >
        <input aria-label="Headless message" value={draft} onInput={(e) => setDraft(e.currentTarget.value)} placeholder="Say hello" />
        <button type="submit">Send</button>
      </form>
    </section>
  );
}

async function main(): Promise<void> {
  const options = await target();
  try {
    // Its own conversation: the floating widget on the page around this frame talks to the same
    // host with the same token, and widgets with the same conversation options share one.
    const handle = mount({ ...options, metadata: { embed: 'npm-app' }, container: byId('chat'), title: 'Inline widget (npm)' });
    handle.on('ready', () => logEvent('ready'));
    handle.on('status', ({ status }) => logEvent(`status: ${status}`));
    handle.on('message', ({ author, text }) => logEvent(`message from ${author}: ${text.slice(0, 60)}`));
    handle.on('handoff', ({ stage }) => logEvent(`handoff: ${stage}`));
    handle.on('session-end', ({ reason }) => logEvent(`session-end: ${reason}`));
    handle.on('error', ({ code, message }) => logEvent(`error (${code}): ${message}`));
    render(<Headless options={options} />, byId('headless'));
  } catch (error) {
    // Bad options throw: show what is wrong (the message never contains a token).
    byId('chat').textContent = error instanceof Error ? error.message : String(error);
  }
}

void main();
