// The reference beside the tag's cost: the least a launcher can cost a page. A script written for
// that alone, doing only what the script tag must do as a page loads — read its tag, resolve the
// conversation file's URL beside it, ask sessionStorage whether the tab's last page had the panel
// open (continuity), make a host element with a shadow root, adopt the launcher's own stylesheet
// (src/ui/launcher.css, minified as the build does) and draw the button with its icon — with no
// options checked and no command queue. What the loader costs above it is the loader's own work;
// the rest is what those browser APIs cost a fresh page on this machine.

import { readFileSync } from 'node:fs';
import { transform } from 'lightningcss';
import { ICONS } from '../src/ui/icons';

const stylesheet = () =>
  transform({
    filename: 'launcher.css',
    code: readFileSync(new URL('../src/ui/launcher.css', import.meta.url)),
    minify: true,
  }).code.toString();

export function minimalLauncherScript(): string {
  return `(() => {
  const script = document.currentScript;
  const options = { ...script.dataset };
  const conversation = new URL('agent-webchat-conversation.js', script.src).href;
  const reopen = sessionStorage.getItem('agent-webchat:panel-open') === '1';
  const host = document.createElement('div');
  host.setAttribute('data-agent-webchat', '');
  const shadowRoot = host.attachShadow({ mode: 'open' });
  document.body.append(host);
  const sheet = new CSSStyleSheet();
  sheet.replaceSync(${JSON.stringify(stylesheet())});
  shadowRoot.adoptedStyleSheets = [sheet];
  const root = document.createElement('div');
  root.className = 'widget';
  const button = document.createElement('button');
  button.className = 'launcher primary';
  button.setAttribute('aria-label', 'Open chat');
  const icon = document.createElementNS('http://www.w3.org/2000/svg', 'svg');
  icon.setAttribute('viewBox', '0 0 24 24');
  const path = document.createElementNS('http://www.w3.org/2000/svg', 'path');
  path.setAttribute('d', ${JSON.stringify(ICONS.chat)});
  icon.append(path);
  button.append(icon);
  button.addEventListener('click', () => [options, conversation, reopen]);
  root.append(button);
  shadowRoot.append(root);
})();`;
}
