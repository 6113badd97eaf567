// The console's frame: a header with the five views and the view the hash names.

import { h } from 'preact';
import { useEffect, useRef } from 'preact/hooks';
import { AlertsPage } from './pages/alerts';
import { CallsPage } from './pages/calls';
import { ConcurrencyPage } from './pages/concurrency';
import { ConversationPage } from './pages/conversation';
import { ConversationsPage } from './pages/conversations';
import { DeploymentsPage } from './pages/deployments';
import { href, useRoute } from './route';

const VIEWS = [
  { path: 'conversations', label: 'Conversations' },
  { path: 'concurrency', label: 'Concurrency' },
  { path: 'calls', label: 'Calls' },
  { path: 'alerts', label: 'Alerts' },
  { path: 'deployments', label: 'Deployments' },
] as const;

export function App() {
  const route = useRoute();
  const [view = 'conversations', id] = route.path;
  const main = useRef<HTMLElement>(null);
  const current = view === 'conversation' ? 'conversations' : view;

  // A new view moves focus to its content, as a page load would, so keyboard and screen-reader
  // users start there rather than at the link they just used.
  const first = useRef(true);
  useEffect(() => {
    if (first.current) {
      first.current = false;
      return;
    }
    main.current?.focus();
  }, [view, id]);

  return (
    <div class="frame">
      <header class="top">
        <p class="brand">Platform console</p>
        <nav aria-label="Console">
          <ul>
            {VIEWS.map((entry) => (
              <li key={entry.path}>
                <a href={href([entry.path])} aria-current={current === entry.path ? 'page' : undefined}>
                  {entry.label}
                </a>
              </li>
            ))}
          </ul>
        </nav>
      </header>
      <main id="main" ref={main} tabIndex={-1}>
        {view === 'conversation' && id ? (
          <ConversationPage id={id} params={route.params} />
        ) : view === 'concurrency' ? (
          <ConcurrencyPage params={route.params} />
        ) : view === 'calls' ? (
          <CallsPage />
        ) : view === 'alerts' ? (
          <AlertsPage />
        ) : view === 'deployments' ? (
          <DeploymentsPage />
        ) : (
          <ConversationsPage params={route.params} />
        )}
      </main>
    </div>
  );
}
