// `mount(options)`: the framework-free way in. Validates options, creates the headless client,
// renders the widget into its shadow root and returns the docs/contract.md handle.

// In this order on purpose: import order is the order of the modules in the script bundle, and
// the UI first (then the tabs' modules, options, store, transports) gzips about 60 bytes smaller.
import { mountWidget } from './mount';
import { rememberPanel } from './tabs/panel-memory';
import { createWebchatClient } from './client/create-client';
import { createEmitter } from './client/emitter';
import type { ClientDeps, Listener, WebchatClient, WebchatEventMap, WebchatEventType } from './client/types';
import { validateOptions } from './options';

export interface WebchatHandle {
  open(): void;
  close(): void;
  toggle(): void;
  send(text: string): void;
  newConversation(): void;
  /** Removes every node, listener, timer and socket the widget created. */
  destroy(): void;
  on<K extends WebchatEventType>(type: K, listener: Listener<K>): () => void;
  /** The headless client behind the widget (store, actions). */
  readonly client: WebchatClient;
}

export function mount(input: unknown, deps?: ClientDeps): WebchatHandle {
  // Validated before anything touches the page: a bad option leaves nothing half-mounted.
  const options = validateOptions(input);
  const client = createWebchatClient(options, deps);
  // Events the widget itself raises (ready, open, close); the client raises the rest.
  const widgetEvents = createEmitter<WebchatEventMap>();
  let ready = false;
  let destroyed = false;
  const { title, locale, container, open, theme, markdown, voice } = options;

  const widget = mountWidget(client, {
    title,
    locale,
    container,
    open,
    theme,
    markdown,
    voice,
    onVoiceState: (state) => widgetEvents.emit('voice', { state }),
    onOpenChange: (o) => widgetEvents.emit(o ? 'open' : 'close', {}),
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
    // open, close and toggle (destroy is this handle's own, below)
    ...widget,
    send: client.send,
    newConversation: client.newConversation,
    on(type, listener) {
      if (type !== 'ready' && type !== 'open' && type !== 'close' && type !== 'voice') return client.on(type, listener);
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
      widget.destroy();
      client.destroy();
      widgetEvents.clear();
    },
  };
}
