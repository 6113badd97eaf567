// The reference beside the tag's cost: the least a launcher can cost a page. A script written for
// that alone — read its tag, make a host element with a shadow root, adopt the launcher's own
// stylesheet (src/ui/launcher.css, minified as the build does) and draw one button — with no
// options checked, no queue, no memory of an open panel. What the loader costs above it is the
// loader's own work; the rest is what any launcher drawn in a shadow root costs on this machine.

import { readFileSync } from 'node:fs';
import { transform } from 'lightningcss';

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
  button.addEventListener('click', () => options);
  root.append(button);
  shadowRoot.append(root);
})();`;
}
