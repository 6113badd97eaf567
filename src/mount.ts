// Renders <Webchat> into an OPEN shadow root of one host element. Styles go in through a
// constructable stylesheet (works under a CSP without 'unsafe-inline'); a <style> element is
// the fallback only where adoptedStyleSheets is unsupported.
// The stylesheet first on purpose: it then opens the script bundle (import order is module order),
// where it gzips about 70 bytes smaller than between the widget and the client.
import { css, type ThemeOptions } from './ui/styles';
import { h, render } from 'preact';
import type { WebchatClient } from './client/types';
import { Webchat } from './ui/Webchat';

export interface MountWidgetOptions {
  title?: string;
  locale?: string;
  /** Render inline into this element (no launcher); default: floating, appended to <body>. */
  container?: HTMLElement;
  /** Start with the panel open. */
  open?: boolean;
  theme?: ThemeOptions;
  /** Every actual change of the open state, from the UI or from the handle. */
  onOpenChange?(open: boolean): void;
}

export interface WidgetHandle {
  open(): void;
  close(): void;
  toggle(): void;
  isOpen(): boolean;
  /** Unmounts, removes the host element and everything it added. Idempotent. */
  destroy(): void;
  /** The host element (its shadowRoot is open). */
  readonly host: HTMLElement;
}

let sheet: CSSStyleSheet | undefined;

export function mountWidget(client: WebchatClient, opts: MountWidgetOptions = {}): WidgetHandle {
  const inline = !!opts.container;
  const host = document.createElement('div');
  host.setAttribute('data-agent-webchat', '');
  if (inline) host.setAttribute('data-inline', '');
  const root = host.attachShadow({ mode: 'open' });
  let adopted: unknown;
  try {
    if ('adoptedStyleSheets' in root) {
      if (!sheet) {
        const s = new CSSStyleSheet();
        s.replaceSync(css);
        sheet = s;
      }
      adopted = root.adoptedStyleSheets = [sheet];
    }
  } catch {
    // fall back to <style>
  }
  (opts.container || document.body).appendChild(host);

  let open = inline || !!opts.open;
  let alive = true;
  const draw = () => render(h(Webchat, { ...opts, client, inline, open, onOpenChange: set }), root);
  function set(next: boolean) {
    if (!alive || inline || next === open) return;
    open = next;
    draw();
    opts.onOpenChange?.(next);
  }
  draw();
  if (!adopted) {
    // After the first render: Preact's first render into a non-empty parent would remove it.
    const style = document.createElement('style');
    style.textContent = css;
    root.appendChild(style);
  }

  return {
    host,
    open: () => set(true),
    close: () => set(false),
    toggle: () => set(!open),
    isOpen: () => open,
    destroy() {
      if (alive) {
        alive = false;
        render(null, root);
        host.remove();
      }
    },
  };
}
