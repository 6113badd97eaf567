// `mount(options)`: the framework-free way in. Validates options, creates the headless client,
// renders the widget into its shadow root and returns the docs/contract.md handle.

import { attend } from './attention/attend';
import { signalUnread } from './attention/unread-signals';
import { createCallbackSession } from './callback/callback-session';
import { chatTurns } from './callback/chat-turns';
import { assembleClient } from './client/create-client';
import { createEmitter } from './client/emitter';
import type { ClientDeps, Listener, WebchatClient, WebchatEventMap, WidgetControls } from './contract/client';
import type { WidgetOptions } from './contract/widget';
import { type MountWidgetOptions, mountWidget } from './mount';
import { validateOptions } from './options/validate-options';
import { getStrings } from './strings/strings';
import { rememberedUnread, rememberPanel } from './tabs/panel-memory';
import { createTeaser } from './ui/teaser';

export interface WebchatHandle extends WidgetControls {
  /** The headless client behind the widget (store, actions). */
  readonly client: WebchatClient;
}

export function mount(input: unknown, deps?: ClientDeps): WebchatHandle {
  // Validated before anything touches the page: a bad option leaves nothing half-mounted.
  const options = validateOptions(input);
  const { handle, shadowRoot } = mountParts(options, deps);
  if (options.container) return handle;
  // The script tag's loader brings the teaser and `attention` itself (in a small file of its own):
  // only here does the widget bring them.
  const teaser = createTeaser({
    shadowRoot,
    language: getStrings(options.locale),
    theme: options.theme,
    widget: handle,
    open: options.open,
    text: options.teaser,
    delaySeconds: options.teaserDelay,
  });
  void rememberedUnread(options).then(handle.client.restoreUnread);
  const stopAttention = attend(handle, options.attention, options.open);
  const { destroy } = handle;
  handle.tease = teaser.tease;
  handle.destroy = () => {
    teaser.destroy();
    stopAttention();
    destroy();
  };
  return handle;
}

/** The count the loader's launcher shows (its extras file drew it after a reload): the widget goes on from it. */
const loaderUnread = (host: HTMLElement | undefined) =>
  Number(host?.shadowRoot?.querySelector('[data-unread]')?.getAttribute('data-unread'));

/**
 * mount() with options validateOptions() returned — the script tag's loader validates them before
 * it fetches this code — and, from the loader, the host element its launcher is shown in.
 */
export function mountValidated(options: WidgetOptions, deps?: ClientDeps, placement?: MountWidgetOptions['placement']): WebchatHandle {
  return mountParts(options, deps, placement).handle;
}

function mountParts(
  options: WidgetOptions,
  deps?: ClientDeps,
  placement?: MountWidgetOptions['placement'],
): { handle: WebchatHandle; shadowRoot: ShadowRoot } {
  const client = assembleClient(options, deps);
  // Events the widget itself raises (ready, open, close); the client raises the rest.
  const widgetEvents = createEmitter<WebchatEventMap>();
  let ready = false;
  let destroyed = false;
  const { title, locale, container, open, theme, markdown, callbackUrl, callbackConsent, voice } = options;
  let panelOpen = !!(container || open);
  // The unread count of this tab before a reload or navigation, as the loader's launcher shows it
  // (its extras file read it from the tab's memory; mount() reads that memory itself).
  const countFromLoader = loaderUnread(placement?.host);
  if (countFromLoader > 0) client.restoreUnread(countFromLoader);
  const callback =
    callbackUrl === undefined
      ? undefined
      : createCallbackSession({
          url: callbackUrl,
          fetch: deps?.fetch,
          context: () => ({
            turns: chatTurns(client.store.getState().items),
            locale: locale || document.documentElement.lang || navigator.language,
          }),
          onStatus: (status, reason) => widgetEvents.emit('callback', reason ? { status, reason } : { status }),
        });

  const widget = mountWidget(client, {
    title,
    locale,
    container,
    open,
    theme,
    markdown,
    callback,
    callbackConsent,
    voice,
    onVoiceState: (state) => widgetEvents.emit('voice', { state }),
    onOpenChange: (isOpen) => {
      panelOpen = isOpen;
      unread?.update();
      widgetEvents.emit(isOpen ? 'open' : 'close', {});
    },
    placement,
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

  const handle: WebchatHandle = {
    client,
    open: widget.open,
    close: widget.close,
    toggle: widget.toggle,
    send: client.send,
    newConversation: client.newConversation,
    on(type, listener) {
      if (type !== 'ready' && type !== 'open' && type !== 'close' && type !== 'callback' && type !== 'voice' && type !== 'unread')
        return client.on(type, listener);
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
      callback?.destroy();
      widget.destroy();
      client.destroy();
      widgetEvents.clear();
    },
    // The script tag's loader shows the teaser; mount() replaces this.
    tease: () => {},
  };
  return { handle, shadowRoot: widget.shadowRoot };
}
