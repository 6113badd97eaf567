// `mount(options)`: the framework-free way in. Validates options, creates the headless client,
// renders the widget into its shadow root and returns the docs/contract.md handle.

import { createCallbackSession } from './callback/callback-session';
import { chatTurns } from './callback/chat-turns';
import { assembleClient } from './client/create-client';
import { createEmitter } from './client/emitter';
import type { ClientDeps, Listener, WebchatClient, WebchatEventMap, WidgetControls } from './contract/client';
import type { WidgetOptions } from './contract/widget';
import { type MountWidgetOptions, mountWidget } from './mount';
import { validateOptions } from './options/validate-options';
import { rememberPanel } from './tabs/panel-memory';

export interface WebchatHandle extends WidgetControls {
  /** The headless client behind the widget (store, actions). */
  readonly client: WebchatClient;
}

/** The handle with what the script tag's loader and the custom element use besides. */
export interface MountedHandle extends WebchatHandle {
  /** New display options (title, locale, theme, markdown), rendered at once. */
  update(options: WidgetOptions): boolean;
}

export function mount(input: unknown, deps?: ClientDeps): WebchatHandle {
  // Validated before anything touches the page: a bad option leaves nothing half-mounted.
  return mountValidated(validateOptions(input), deps);
}

/**
 * mount() with options validateOptions() returned — the script tag's loader validates them before
 * it fetches this code — and, from the loader, the host element its launcher is shown in.
 */
export function mountValidated(options: WidgetOptions, deps?: ClientDeps, placement?: MountWidgetOptions['placement']): MountedHandle {
  const client = assembleClient(options, deps);
  // Events the widget itself raises (ready, open, close); the client raises the rest.
  const widgetEvents = createEmitter<WebchatEventMap>();
  let ready = false;
  let destroyed = false;
  const { title, locale, container, open, theme, markdown, callbackUrl, callbackConsent, voice } = options;
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
    onOpenChange: (isOpen) => widgetEvents.emit(isOpen ? 'open' : 'close', {}),
    placement,
  });
  // Inline and initially-open widgets connect at once; a closed launcher connects on first open.
  if (container || open) client.connect();
  // A panel open before a reload or navigation in this tab opens again.
  const panelMemory = container ? undefined : rememberPanel(options, { open: widget.open, on: widgetEvents.on });

  // Asynchronous so that listeners registered right after mount() still hear it.
  queueMicrotask(() => {
    if (destroyed) return;
    ready = true;
    widgetEvents.emit('ready', {});
  });

  return {
    client,
    open: widget.open,
    close: widget.close,
    toggle: widget.toggle,
    send: client.send,
    newConversation: client.newConversation,
    update({ title, locale, theme, markdown }) {
      widget.update({ title, locale, theme, markdown });
      return !destroyed;
    },
    on(type, listener) {
      if (type !== 'ready' && type !== 'open' && type !== 'close' && type !== 'callback' && type !== 'voice')
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
      callback?.destroy();
      widget.destroy();
      client.destroy();
      widgetEvents.clear();
    },
  };
}
