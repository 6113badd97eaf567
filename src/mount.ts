// Renders <Webchat> into an OPEN shadow root of one host element. Styles go in through a
// constructable stylesheet (works under a CSP without 'unsafe-inline'); a <style> element is
// the fallback only where adoptedStyleSheets is unsupported.

import { h, render } from 'preact';
import type { WebchatClient } from './contract/client';
import type { ThemeOptions } from './contract/widget';
import type { FeatureHost } from './seam/feature-host';
import { css } from './ui/styles';
import { Webchat, type WebchatProps } from './ui/Webchat';

export interface MountWidgetOptions {
  title?: string;
  locale?: string;
  /** Render inline into this element (no launcher); default: floating, appended to <body>. */
  container?: HTMLElement;
  /** Start with the panel open. */
  open?: boolean;
  theme?: ThemeOptions;
  /** Agent replies as Markdown (default true). */
  markdown?: boolean;
  /** Every actual change of the open state, from the UI or from the handle. */
  onOpenChange?(open: boolean): void;
  /**
   * The script tag's loader: its host element (in the page, with an open shadow root showing the
   * launcher), which the widget takes over — the launcher's button stays the same element, so
   * focus and hover stay on it — and whether the visitor already showed intent there.
   */
  placement?: { host: HTMLElement; prepareAtOnce: boolean };
  /** The optional features loaded for this widget. */
  features?: FeatureHost | undefined;
  /** Fetches a locale's texts the widget is to show (WebchatProps.loadLocale). */
  loadLocale?: WebchatProps['loadLocale'];
}

export interface WidgetHandle {
  /** The shadow root the widget renders in (the teaser goes beside the launcher there). */
  shadowRoot: ShadowRoot;
  open(): void;
  close(): void;
  toggle(): void;
  /** Re-renders with new display options. */
  update(options: Pick<MountWidgetOptions, 'title' | 'locale' | 'theme' | 'markdown'>): void;
  /** Unmounts, removes the host element it made and everything it added. Idempotent. */
  destroy(): void;
}

/** One constructable stylesheet shared by every widget on the page. */
let sharedSheet: CSSStyleSheet | undefined;

/**
 * Adopts the stylesheet (after the ones already there: the loader's base and launcher styles);
 * false where adoptedStyleSheets is unsupported (then a <style> element does).
 */
function adoptStyles(shadowRoot: ShadowRoot): boolean {
  try {
    if (!('adoptedStyleSheets' in shadowRoot)) return false;
    if (!sharedSheet) {
      const sheet = new CSSStyleSheet();
      sheet.replaceSync(css);
      sharedSheet = sheet;
    }
    shadowRoot.adoptedStyleSheets = [...shadowRoot.adoptedStyleSheets, sharedSheet];
    return true;
  } catch {
    return false;
  }
}

/** A new host element with its shadow root, in the container or at the end of <body>. */
function createHost(container: HTMLElement | undefined): { host: HTMLElement; shadowRoot: ShadowRoot } {
  const host = document.createElement('div');
  host.setAttribute('data-agent-webchat', '');
  if (container) host.setAttribute('data-inline', '');
  const shadowRoot = host.attachShadow({ mode: 'open' });
  (container || document.body).appendChild(host);
  return { host, shadowRoot };
}

/** The features' stylesheets after the widget's, again whenever a feature arrives; returns stop. */
function showFeatureStyles(shadowRoot: ShadowRoot, features: FeatureHost): () => void {
  let sheet: CSSStyleSheet | HTMLStyleElement | undefined;
  const show = () => {
    const text = features.styles();
    if (!text) return;
    if (sheet instanceof HTMLStyleElement) sheet.textContent = text;
    else if (sheet) sheet.replaceSync(text);
    else if ('adoptedStyleSheets' in shadowRoot) {
      try {
        sheet = new CSSStyleSheet();
        sheet.replaceSync(text);
        shadowRoot.adoptedStyleSheets = [...shadowRoot.adoptedStyleSheets, sheet];
        return;
      } catch {
        // below
      }
    }
    if (!sheet) {
      sheet = document.createElement('style');
      sheet.textContent = text;
      shadowRoot.append(sheet);
    }
  };
  show();
  return features.onChange(show);
}

export function mountWidget(client: WebchatClient, options: MountWidgetOptions = {}): WidgetHandle {
  const { placement, features, ...initialProps } = options;
  let props = initialProps;
  const inline = !!options.container;
  const existing = placement?.host.shadowRoot;
  const { host, shadowRoot } = placement && existing ? { host: placement.host, shadowRoot: existing } : createHost(options.container);
  const stylesAdopted = adoptStyles(shadowRoot);
  // The loader's <style> (where stylesheets cannot be adopted), put back after the first render.
  const loaderStyles = [...shadowRoot.querySelectorAll('style')];
  // The loader's teaser, taken out of the way of the first render (which removes what it does not make) and put back after.
  // Focus on it (the visitor tabbed into it) comes back with it.
  const teaser = [...shadowRoot.children].filter((child) => child.classList.contains('teaser-root'));
  const focused = shadowRoot.activeElement;
  for (const element of teaser) element.remove();

  let open = inline || !!options.open;
  let mounted = true;
  const prepareAtOnce = placement?.prepareAtOnce;
  const renderWidget = () =>
    render(h(Webchat, { ...props, client, features, inline, open, prepareAtOnce, onOpenChange: setOpen }), shadowRoot);
  function setOpen(next: boolean) {
    if (!mounted || inline || next === open) return;
    open = next;
    renderWidget();
    options.onOpenChange?.(next);
  }
  renderWidget();
  shadowRoot.append(...teaser);
  if (focused instanceof HTMLElement && teaser.some((element) => element.contains(focused))) focused.focus();
  if (!stylesAdopted) {
    // After the first render: Preact's first render into a non-empty parent would remove it.
    shadowRoot.append(...loaderStyles);
    const style = document.createElement('style');
    style.textContent = css;
    shadowRoot.appendChild(style);
  }
  const featureStyles = features ? showFeatureStyles(shadowRoot, features) : undefined;

  return {
    shadowRoot,
    open: () => setOpen(true),
    close: () => setOpen(false),
    toggle: () => setOpen(!open),
    update(next) {
      if (!mounted) return;
      props = { ...props, ...next };
      renderWidget();
    },
    destroy() {
      if (mounted) {
        mounted = false;
        featureStyles?.();
        render(null, shadowRoot);
        // The loader's host is the loader's to remove: an element of the page (<agent-webchat>) stays.
        if (!placement) host.remove();
      }
    },
  };
}
