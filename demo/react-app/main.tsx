/** @jsx React.createElement */
// The React 19 example: <agent-webchat> in a React app. React 19 sets the element's camelCase
// props as its properties (objects included), listens to its events through
// `onagent-webchat-<type>` props, and the ref gives the element's methods.

import 'agent-webchat/element/react';
import type { AgentWebchatElement, WebchatEventMap } from 'agent-webchat/element/react';
import * as React from 'react';
import { useEffect, useRef, useState } from 'react';
import { createRoot } from 'react-dom/client';

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

const ACCENTS = ['#1d4ed8', '#0b6e4f'];

function App({ options }: { options: Target }) {
  const chat = useRef<AgentWebchatElement>(null);
  const [title, setTitle] = useState('React chat');
  const [accent, setAccent] = useState(ACCENTS[0]);
  const [inline, setInline] = useState(true);
  const [shown, setShown] = useState(true);
  const [broken, setBroken] = useState(false);
  const [events, setEvents] = useState<string[]>([]);
  const hear = (line: string) => setEvents((before) => [...before.slice(-40), line]);
  const [metadata] = useState(() => ({ app: 'react', plan: 'gold' }));
  useEffect(() => hear('mounted'), []);

  return (
    <main aria-labelledby="app-title">
      <h1 id="app-title">React 19 example app</h1>
      <p>
        The widget is an <code>&lt;agent-webchat&gt;</code> element in React: properties, events and methods.
      </p>
      <div className="controls">
        <button type="button" onClick={() => setTitle('Renamed in React')}>
          Rename
        </button>
        <button type="button" onClick={() => setAccent(ACCENTS[1])}>
          Recolour
        </button>
        <button type="button" onClick={() => setInline(!inline)}>
          {inline ? 'Make it floating' : 'Make it inline'}
        </button>
        <button type="button" onClick={() => setShown(!shown)}>
          {shown ? 'Remove the chat' : 'Put the chat back'}
        </button>
        <button type="button" onClick={() => chat.current?.send('hello from React')}>
          Send hello
        </button>
        <button type="button" onClick={() => setBroken(!broken)}>
          {broken ? 'Mend the messaging URL' : 'Break the messaging URL'}
        </button>
      </div>
      <div className="layout">
        <div>
          {shown && (
            <agent-webchat
              id="react-chat"
              ref={chat}
              messagingUrl={broken ? 'ftp://example.com' : options.messagingUrl}
              connectorToken={options.connectorToken}
              chatTitle={title}
              theme={{ accent }}
              metadata={metadata}
              inline={inline}
              onagent-webchat-ready={() => hear('ready')}
              onagent-webchat-open={() => hear('open')}
              onagent-webchat-status={(event) => hear(`status: ${event.detail.status}`)}
              onagent-webchat-message={(event: CustomEvent<WebchatEventMap['message']>) =>
                hear(`message from ${event.detail.author}: ${event.detail.text}`)
              }
            />
          )}
        </div>
        <aside>
          <h2>Events heard by React</h2>
          <ol id="events" className="events">
            {events.map((line, index) => (
              // The list only grows at its end: the index is the line's identity.
              <li key={`${index}-${line}`}>{line}</li>
            ))}
          </ol>
        </aside>
      </div>
    </main>
  );
}

const root = document.getElementById('root');
if (!root) throw new Error('#root is missing');
void target().then((options) => createRoot(root).render(<App options={options} />));
