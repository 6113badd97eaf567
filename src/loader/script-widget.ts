// A widget of the script tag as the loader makes it: the launcher at once, the conversation when
// the visitor shows intent. Its handle keeps WebchatHandle's contract from the first moment:
// commands given before the conversation is here wait for it and run in their order; listeners
// registered before it are attached to it when it mounts.
import type { Listener, WebchatClient, WebchatEventType } from '../contract/client';
import { PREFIX } from '../contract/errors';
import type { WidgetOptions } from '../contract/widget';
import { ENGLISH_LAUNCHER, launcherLanguage } from '../strings/launcher-strings';
import { anyPanelOpenInTab, anyUnreadInTab } from '../tabs/panel-memory';
import { adoptStylesheet } from '../ui/adopt-stylesheet';
import baseStylesheet from '../ui/launcher.css?inline';
import {
  type ConversationLoader,
  ConversationUnavailable,
  isLauncherExtras,
  type LauncherExtras,
  type MountedWidget,
  type WidgetControls,
} from './conversation-loader';
import { type LoaderLauncher, showLauncher } from './launcher';

export interface ScriptWidgetHandle extends WidgetControls {
  /** The headless client, once the conversation is here (undefined before). */
  readonly client: WebchatClient | undefined;
  /** New display options (title, locale, theme, markdown) for the conversation; false before it is here. */
  update(options: WidgetOptions): boolean;
}

export interface ScriptWidgetSettings {
  /** Fetches the files beside the loader: the conversation with its parts, and the extras (teaser, attention, a kept unread count). */
  loader: ConversationLoader;
  /** `data-preload="idle"`: fetch the conversation in the first idle time after the page loaded. */
  preloadWhenIdle: boolean;
}

/** The host element as mount.ts makes it, in the container or at the end of <body>. */
function createHost(container: HTMLElement | undefined): HTMLElement {
  const host = document.createElement('div');
  host.setAttribute('data-agent-webchat', '');
  if (container) host.setAttribute('data-inline', '');
  host.attachShadow({ mode: 'open' });
  (container || document.body).append(host);
  return host;
}

const afterLoadWhenIdle = (callback: () => void) => {
  const idle = () => ('requestIdleCallback' in window ? requestIdleCallback(callback) : setTimeout(callback));
  if (document.readyState === 'complete') idle();
  else window.addEventListener('load', idle, { once: true });
};

/** `host`: an element of the page's own (<agent-webchat>, with its shadow root) to show the widget in, which stays. */
export function createScriptWidget(
  options: WidgetOptions,
  { loader, preloadWhenIdle }: ScriptWidgetSettings,
  pageHost?: HTMLElement,
): ScriptWidgetHandle {
  const host = pageHost ?? createHost(options.container);
  // The base and launcher styles, in every host the loader shows a widget in — floating or inline,
  // its own or an element of the page: the conversation file leaves them out (vite.config.ts) and
  // adopts the rest after them, so an inline widget, which has no launcher, is styled as a floating one.
  adoptStylesheet(host.shadowRoot!, baseStylesheet);
  let widget: MountedWidget | undefined;
  let destroyed = false;
  /** The visitor pointed at or focused the launcher: the panel is prepared as soon as it mounts. */
  let prepareAtOnce = false;
  /** Commands waiting for the conversation, in order. */
  const waiting: ((widget: WidgetControls) => void)[] = [];
  /** Listeners registered before the conversation mounted, attached when it does. */
  const early = new Set<{ attach(widget: WidgetControls): () => void; detach?: () => void }>();
  const readyListeners = new Set<() => void>();
  let ready = false;

  const start = () => {
    if (widget || destroyed) return;
    loader.load(options).then(
      (conversation) => {
        if (widget || destroyed) return;
        launcher?.release();
        try {
          widget = conversation.mount(options, host, prepareAtOnce);
        } catch (error) {
          // Never a throw on the host page: said once, as every other error of the widget.
          console.error(`${PREFIX}could not start: ${error instanceof Error ? error.message : String(error)}`);
          return;
        }
        for (const listener of early) listener.detach = listener.attach(widget);
        for (const command of waiting.splice(0)) command(widget);
      },
      (error: unknown) => {
        if (destroyed || widget) return;
        launcher?.showProblem(error instanceof ConversationUnavailable ? error.reason : 'failed');
      },
    );
  };
  /** Runs the command on the widget, or once it is here (fetching it: a command is intent). */
  const act = (command: (widget: WidgetControls) => void) => {
    if (widget) return command(widget);
    waiting.push(command);
    start();
  };

  const language = launcherLanguage(options.locale);
  const launcher: LoaderLauncher | undefined = options.container
    ? undefined
    : showLauncher(
        host.shadowRoot!,
        {
          language,
          // Another language's words come from its locale's file, fetched now: the conversation takes its texts from it at intent.
          words: language.lang === 'en' ? ENGLISH_LAUNCHER : loader.launcherWords(language.lang),
          theme: options.theme,
        },
        {
          onIntent() {
            prepareAtOnce = true;
            start();
          },
          onClick() {
            launcher?.setBusy(true);
            act((w) => w.open());
          },
        },
      );

  // Shown at once (inline, data-open): no wait for intent.
  if (options.container || options.open) start();
  // A panel open on the previous page of this tab opens again: the conversation is fetched at once.
  // Most page loads end at the first question (was any panel ever opened in this tab).
  else if (anyPanelOpenInTab()) start();
  // Messages wait unread in this tab: the conversation comes when idle, to keep the count with the other tabs.
  const unread = !options.container && anyUnreadInTab();
  if (preloadWhenIdle || unread) afterLoadWhenIdle(start);
  /** The teaser, `attention` and the unread count after a reload, from the extras file (a floating widget only), started once. */
  let launcherExtras: Promise<ReturnType<LauncherExtras['start']> | undefined> | undefined;
  // Started once the launcher is named (an unread count goes after its name), fetched meanwhile.
  const startExtras = () =>
    (launcherExtras ??= Promise.all([
      loader.loadFile('extras', isLauncherExtras, 'the teaser and the unread count are left out'),
      launcher?.named,
    ]).then(
      ([file]) => (destroyed || !host.shadowRoot ? undefined : file.start(host.shadowRoot, options, handle)),
      () => undefined,
    ));
  if (!options.container && (options.teaser || options.attention?.length || unread)) void startExtras();
  // Asynchronous, as mount() does: listeners registered right after init() still hear it.
  queueMicrotask(() => {
    if (destroyed) return;
    ready = true;
    for (const listener of readyListeners) listener();
  });

  const handle: ScriptWidgetHandle = {
    get client() {
      return widget?.client;
    },
    open: () => act((w) => w.open()),
    // Nothing to close before the conversation is here, unless an open waits for it.
    close: () => (widget || waiting.length ? act((w) => w.close()) : undefined),
    toggle: () => act((w) => w.toggle()),
    send: (text) => act((w) => w.send(text)),
    newConversation: () => act((w) => w.newConversation()),
    // Nothing was said before the conversation file is here.
    transcript: () => widget?.transcript() ?? '',
    update: (next) => !!widget && widget.update(next),
    on<K extends WebchatEventType>(type: K, listener: Listener<K>): () => void {
      if (type === 'ready') {
        // The loader's own: the widget is on the page as soon as its launcher is.
        const hear = () => (listener as Listener<'ready'>)({});
        if (!ready) {
          readyListeners.add(hear);
          return () => readyListeners.delete(hear);
        }
        // A late `ready` listener still hears it once, alone — unless it unsubscribes first.
        let subscribed = true;
        queueMicrotask(() => subscribed && !destroyed && hear());
        return () => {
          subscribed = false;
        };
      }
      if (widget) return widget.on(type, listener);
      const entry: { attach(widget: WidgetControls): () => void; detach?: () => void } = {
        attach: (w) => w.on(type, listener),
      };
      early.add(entry);
      return () => {
        early.delete(entry);
        entry.detach?.();
      };
    },
    destroy() {
      if (destroyed) return;
      destroyed = true;
      launcher?.release();
      waiting.length = 0;
      void launcherExtras?.then((extra) => extra?.destroy());
      early.clear();
      readyListeners.clear();
      widget?.destroy();
      if (!pageHost) host.remove();
    },
    tease(text) {
      if (options.container) return;
      void startExtras().then((extra) => extra && !destroyed && extra.tease(text));
    },
  };
  return handle;
}
