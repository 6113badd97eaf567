// The widget on the page from validated options: creates the headless client, starts the optional
// features it was given, renders the widget into its shadow root and returns the docs/contract.md
// handle. The package's mount() (package.ts) and the script tag's conversation file both come here.

import { signalUnread } from './attention/unread-signals';
import { assembleClient } from './client/create-client';
import { createEmitter } from './client/emitter';
import type { ClientDeps, Listener, WebchatClient, WebchatEventMap, WebchatEventType, WidgetControls } from './contract/client';
import type { WidgetOptions } from './contract/widget';
import { type MountWidgetOptions, mountWidget } from './mount';
import { createFeatureHost } from './seam/feature-host';
import type { AnyFeature } from './seam/types';
import type { Locale } from './strings/locales';
import { getStrings, type LocaleBundle, registerLocale } from './strings/strings';
import { featureChannels } from './tabs/feature-channel';
import { rememberPanel } from './tabs/panel-memory';
import type { TransportFactory } from './transport/transport-contract';
import { transcriptText } from './ui/transcript-text';

export interface WebchatHandle extends WidgetControls {
  /** The headless client behind the widget (store, actions). */
  readonly client: WebchatClient;
}

/** The optional parts a widget's options load (src/features/registry.ts): given, or on their way (the package imports them). */
export interface WidgetParts {
  features?: readonly AnyFeature[] | Promise<readonly AnyFeature[]>;
  /** The non-English locale's texts the options want, when they came with the rest (the script tag). */
  locale?: LocaleBundle | undefined;
  /** Fetches a locale's texts the widget is to show and does not have (the page's, the agent's). */
  loadLocale?: ((lang: Locale) => Promise<LocaleBundle | undefined>) | undefined;
  /** The Chat REST transport (src/client/create-client.ts assembleClient): the package's own, or the script tag's file. */
  restTransport?: TransportFactory | undefined;
}

/** The handle with what the script tag's loader and the custom element use besides. */
export interface MountedHandle extends WebchatHandle {
  /** New display options (title, locale, theme, markdown), rendered at once. */
  update(options: WidgetOptions): boolean;
}

/** The count the loader's launcher shows (its extras file drew it after a reload): the widget goes on from it. */
const loaderUnread = (host: HTMLElement | undefined) =>
  Number(host?.shadowRoot?.querySelector('[data-unread]')?.getAttribute('data-unread'));

/** The host events the client raises; the widget (and its features) raise every other one. */
const CLIENT_EVENTS: ReadonlySet<WebchatEventType> = new Set<WebchatEventType>(['status', 'message', 'handoff', 'session-end', 'error']);

/**
 * Mounts with options validateOptions() returned — the script tag's loader validates them before
 * it fetches this code — and, from the loader, the host element its launcher is shown in. Returns
 * the handle and the shadow root the widget renders in (the package's teaser goes beside its
 * launcher there: widget-extras.ts).
 */
export function mountValidated(
  options: WidgetOptions,
  deps?: ClientDeps,
  placement?: MountWidgetOptions['placement'],
  parts: WidgetParts = {},
): { handle: MountedHandle; shadowRoot: ShadowRoot } {
  const client = assembleClient(options, deps, parts.restTransport);
  // Events the widget itself raises (ready, open, close); the client raises the rest.
  const widgetEvents = createEmitter<WebchatEventMap>();
  let ready = false;
  let destroyed = false;
  const { title, locale, container, open, theme, markdown } = options;
  // What the transcript is written in: the options', then update()'s.
  let shown = { locale, markdown };
  const { features: featureList = [], locale: localeBundle, loadLocale } = parts;
  if (localeBundle) registerLocale(localeBundle);
  let panelOpen = !!(container || open);
  // The unread count of this tab before a reload or navigation, as the loader's launcher shows it
  // (its extras file read it from the tab's memory; the package reads that memory itself).
  const countFromLoader = loaderUnread(placement?.host);
  if (countFromLoader > 0) client.restoreUnread(countFromLoader);
  const features = createFeatureHost(
    { options, client, fetch: deps?.fetch, emit: widgetEvents.emit, openChannel: featureChannels(options, deps?.tabs) },
    Array.isArray(featureList) ? featureList : [],
  );
  if (!Array.isArray(featureList)) void Promise.resolve(featureList).then((arrived) => !destroyed && features.add(arrived));

  const widget = mountWidget(client, {
    title,
    locale,
    container,
    open,
    theme,
    markdown,
    onOpenChange: (isOpen) => {
      panelOpen = isOpen;
      unread?.update();
      widgetEvents.emit(isOpen ? 'open' : 'close', {});
    },
    placement,
    features,
    loadLocale,
  });
  // Inline and initially-open widgets connect at once; a closed launcher connects on first open.
  if (container || open) client.connect();
  const { store } = client;
  // A panel open before a reload or navigation in this tab opens again, and the unread count shows again.
  const panelMemory = container
    ? undefined
    : rememberPanel(options, {
        open: widget.open,
        on: widgetEvents.on,
        unread: {
          count: () => store.getState().unread ?? 0,
          watch: (listener) => store.subscribe((state, prev) => state.unread !== prev.unread && listener(state.unread ?? 0)),
        },
      });
  const unread = container
    ? undefined
    : signalUnread({ store, isOpen: () => panelOpen, emit: (count) => widgetEvents.emit('unread', { count }) });

  // Asynchronous so that listeners registered right after mount() still hear it.
  queueMicrotask(() => {
    if (destroyed) return;
    ready = true;
    widgetEvents.emit('ready', {});
  });

  const handle: MountedHandle = {
    client,
    open: widget.open,
    close: widget.close,
    toggle: widget.toggle,
    send: client.send,
    newConversation: client.newConversation,
    transcript() {
      const { items, language } = client.store.getState();
      return transcriptText(items, { strings: getStrings(shown.locale, language), markdown: shown.markdown ?? true });
    },
    update({ title, locale, theme, markdown }) {
      shown = { locale, markdown };
      widget.update({ title, locale, theme, markdown });
      return !destroyed;
    },
    on(type, listener) {
      if (CLIENT_EVENTS.has(type)) return client.on(type, listener);
      if (type === 'ready' && ready) {
        // A late `ready` listener still hears it once, alone — unless it unsubscribes first.
        let subscribed = true;
        queueMicrotask(() => subscribed && !destroyed && (listener as Listener<'ready'>)({}));
        return () => {
          subscribed = false;
        };
      }
      return widgetEvents.on(type, listener);
    },
    destroy() {
      if (destroyed) return;
      destroyed = true;
      panelMemory?.stop();
      unread?.stop();
      features.destroy();
      widget.destroy();
      client.destroy();
      widgetEvents.clear();
    },
    // The script tag's loader shows the teaser (its extras file); the package replaces this (widget-extras.ts).
    tease: () => {},
  };
  return { handle, shadowRoot: widget.shadowRoot };
}
