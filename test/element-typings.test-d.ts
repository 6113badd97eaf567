// The element's typings, as a React 19 or Preact app and a page's script see them: `npm run
// typecheck` fails when one of these no longer compiles (or an error expected here is gone).
import type { AgentWebchatElement } from '../src/element';
import type { AgentWebchatPreactProps } from '../src/element-preact';
import type { AgentWebchatReactProps } from '../src/element-react';

const element: AgentWebchatElement = document.createElement('agent-webchat');
element.metadata = { plan: 'gold' };
element.theme = { accent: '#0b6e4f' };
element.chatTitle = 'Help';
element.inline = true;
element.open();
element.send('hello');
element.addEventListener('agent-webchat-message', (event) => event.detail.text.toUpperCase());
// @ts-expect-error: the global `title` stays the tooltip; the panel's title is chatTitle
element.title = 42;
// @ts-expect-error: metadata is an object
element.metadata = 'gold';

export const react: AgentWebchatReactProps = {
  messagingUrl: 'https://messaging.example.com',
  connectorToken: 'token',
  metadata: { plan: 'gold' },
  inline: true,
  'onagent-webchat-status': (event) => event.detail.status,
};
// @ts-expect-error: an unknown event
export const reactUnknown: AgentWebchatReactProps = { 'onagent-webchat-nope': () => undefined };

export const preact: AgentWebchatPreactProps = {
  chatTitle: 'Help',
  theme: { mode: 'dark' },
  'onagent-webchat-message': (event) => event.detail.author,
};
// @ts-expect-error: theme.mode is light, dark or auto
export const preactWrong: AgentWebchatPreactProps = { theme: { mode: 'blue' } };
