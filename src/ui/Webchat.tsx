// The visible widget: launcher, non-modal dialog panel, transcript, composer.
// Reads the client's store — one render per animation frame at most, however often it changes —
// and every user action is a client call. Open state is either owned here (initiallyOpen) or
// driven from outside (`open` + onOpenChange, as mount.ts does). The client is fixed for the
// component's life. Only the launcher is built until the visitor points at, focuses or opens it.
//
// A class component, as is every stateful part of the UI: each concern (connect on first open,
// focus, announcements, unread count) is a #private method, and the widget carries no hooks
// runtime.
import { Component, createRef, h } from 'preact';
import type { WebchatClient } from '../contract/client';
import type { ThemeOptions } from '../contract/widget';
import type { FeatureHost } from '../seam/feature-host';
import { takeNewCompleteMessages } from '../store/selectors';
import type { AgentMessage, ConnectionStatus, TranscriptItem, WebchatState } from '../store/state';
import type { Locale } from '../strings/locales';
import { getStrings, hasLocale, type LocaleBundle, onLocaleRegistered, pickLocale, registerLocale, type Strings } from '../strings/strings';
import { type FocusTargets, focusIsInWidgetOrNowhere, focusWasLost } from './focus';
import { onFrames, whenIdle } from './frames';
import { Launcher } from './Launcher';
import { Panel } from './Panel';

export interface WebchatProps {
  client: WebchatClient;
  /** Panel title; default "Chat" in the UI language. */
  title?: string;
  /** BCP 47; default the page's language. A server LANGUAGE_CHANGED applies when this is unset. */
  locale?: string;
  /** Render the panel in place (no launcher, no close button, always open). */
  inline?: boolean;
  /** Uncontrolled: start open. */
  initiallyOpen?: boolean;
  /** Controlled open state; when set, the widget only asks through onOpenChange. */
  open?: boolean;
  theme?: ThemeOptions;
  /** Agent replies as Markdown (default true); false shows their text as written. */
  markdown?: boolean;
  /** Called when the user opens or closes the panel (launcher, close button, Escape). */
  onOpenChange?(open: boolean): void;
  /**
   * The visitor already pointed at or focused the launcher before this mounted (the script tag's
   * loader showed it while the rest of the widget was fetched): the panel is prepared at once.
   */
  prepareAtOnce?: boolean;
  /** The optional features loaded for this widget (src/seam): their controls in the UI's slots. Fixed for the component's life. */
  features?: FeatureHost | undefined;
  /**
   * Fetches a locale's texts (its file for the script tag, its chunk for a bundler) when the widget
   * is to show a language whose texts are not here: the page's at first, the agent's when it changes it.
   */
  loadLocale?: ((lang: Locale) => Promise<LocaleBundle | undefined>) | undefined;
}

interface WebchatViewState {
  /** The store's state as of the last frame. */
  chat: WebchatState;
  /** The open state when not controlled from outside. */
  ownOpen: boolean;
  /** The panel is built, invisible, ahead of its first opening (#prepare). */
  panelPrepared: boolean;
}

let widgetCount = 0;

export class Webchat extends Component<WebchatProps, WebchatViewState> {
  #panelId = `agent-webchat-panel-${widgetCount++}`;
  #root = createRef<HTMLDivElement>();
  #launcher = createRef<HTMLButtonElement>();
  #liveRegion = createRef<HTMLDivElement>();
  #focusTargets: FocusTargets = { composer: createRef(), closeButton: createRef(), newConversationButton: createRef() };
  #stopFrames: (() => void) | undefined;
  #connected = false;
  #panelWasOpened = false;
  /** The unread count as of the last update: only the first unread message is read out while closed. */
  #unreadBefore = 0;
  /** What the focus moves compare with: open and ended as of the last render. */
  #focusState: { open: boolean; ended: boolean } | undefined;
  /** Agent messages already announced (or found in the history on the first render). */
  #announcedKeys = new Set<string>();
  /** The items as of the last announcement (undefined before the first render's). */
  #announcedItems: readonly TranscriptItem[] | undefined;
  #announcedStatus: ConnectionStatus | undefined;
  #mounted = false;
  #stopListening: (() => void)[] = [];
  /** Locales asked of loadLocale (once each). */
  #localesAsked = new Set<Locale>();

  constructor(props: WebchatProps) {
    super(props);
    const chat = props.client.store.getState();
    this.state = { chat, ownOpen: !!props.initiallyOpen, panelPrepared: false };
  }

  /** The widget's language as precisely as it is known (en-GB rather than en): what speech is heard and read in. */
  #speechLang({ lang }: Strings): string {
    const tags = [this.props.locale, this.state.chat.language, document.documentElement.lang, navigator.language];
    const tag = tags.find((candidate) => candidate?.toLowerCase().split(/[-_]/)[0] === lang) ?? lang;
    // Canonical (fr-CA, not fr-ca), as recognisers and voice lists write it; a malformed tag from the server gives the language alone.
    try {
      return Intl.getCanonicalLocales(tag.replace('_', '-'))[0] ?? lang;
    } catch {
      return lang;
    }
  }

  override componentDidMount(): void {
    const { store } = this.props.client;
    const takeLatest = () => this.setState({ chat: store.getState() });
    this.#mounted = true;
    const { features } = this.props;
    features?.connect({
      refresh: () => this.#mounted && this.forceUpdate(),
      focusComposer: () => this.#focusTargets.composer.current?.focus(),
      strings: () => this.#strings(),
    });
    // A feature or a locale that arrives after the first render (the package imports them on demand).
    const refresh = () => this.#mounted && this.forceUpdate();
    this.#stopListening = [onLocaleRegistered(refresh), ...(features ? [features.onChange(refresh)] : [])];
    this.#stopFrames = onFrames(store, takeLatest);
    takeLatest(); // it may have changed between the first render and this subscription
    this.componentDidUpdate();
    // The intent came before this code did, and this runs in a task of its own (the script's
    // load), not among a tap's events: the panel is built now rather than in a later idle time.
    if (this.props.prepareAtOnce && !this.#panelWasOpened) this.setState({ panelPrepared: true });
  }

  // Runs in the same task as the render: focus moves before a fast visitor's next key press.
  override componentDidUpdate(): void {
    this.#fetchLocale();
    const open = this.#isOpen();
    const ended = this.#isEnded();
    const strings = this.#strings();
    this.#connectOnFirstOpen(open);
    this.#moveFocus(open, ended);
    this.#announceMessages(strings, open);
    // Seen: the unread count goes, in every tab of the conversation.
    if (open && this.state.chat.unread) this.props.client.markRead();
    this.#unreadBefore = open ? 0 : (this.state.chat.unread ?? 0);
    this.#announceConnection(strings);
    this.props.features?.rendered({ open, ended, items: this.state.chat.items, lang: this.#speechLang(strings) });
  }

  override componentWillUnmount(): void {
    this.#stopFrames?.();
    this.#mounted = false;
    for (const stop of this.#stopListening.splice(0)) stop();
  }

  /** The language the widget is to show, when its texts are not here yet: English until they arrive. */
  #fetchLocale(): void {
    const { loadLocale, locale } = this.props;
    const wanted = pickLocale(locale, this.state.chat.language, document.documentElement.lang || navigator.language);
    if (!loadLocale || hasLocale(wanted) || this.#localesAsked.has(wanted)) return;
    this.#localesAsked.add(wanted);
    void loadLocale(wanted).then((bundle) => bundle && registerLocale(bundle));
  }

  #isOpen(): boolean {
    return !!this.props.inline || (this.props.open ?? this.state.ownOpen);
  }

  #isEnded(): boolean {
    const { chat } = this.state;
    return !!chat.ended || chat.status === 'ended';
  }

  #strings(): Strings {
    return getStrings(this.props.locale, this.state.chat.language);
  }

  #setOpen(next: boolean): void {
    if (this.props.open === undefined) this.setState({ ownOpen: next });
    this.props.onOpenChange?.(next);
  }

  /** The session starts when the visitor first opens the panel (or at once inline / open), not on page load. */
  #connectOnFirstOpen(open: boolean): void {
    if (!open || this.#connected) return;
    this.#connected = true;
    // Once the panel is painted: starting the transport (a few ms) does not delay it.
    whenIdle(() => this.props.client.connect());
  }

  /**
   * Into the composer on open; back to the launcher on close (unless the visitor already went
   * elsewhere on the page); to "Start new conversation" when the session ends under a control
   * that vanished or got disabled; back into the composer when a new conversation starts.
   */
  #moveFocus(open: boolean, ended: boolean): void {
    const before = this.#focusState;
    this.#focusState = { open, ended };
    if (!before) return;
    const { composer, closeButton, newConversationButton } = this.#focusTargets;
    const root = this.#root.current;
    if (before.open !== open) {
      if (open) (composer.current && !composer.current.disabled ? composer.current : closeButton.current)?.focus();
      else if (focusIsInWidgetOrNowhere(root)) this.#launcher.current?.focus();
    } else if (open && before.ended !== ended) {
      if (!ended) composer.current?.focus();
      else if (focusWasLost(root)) newConversationButton.current?.focus();
    }
  }

  /**
   * Screen readers hear complete agent messages once, not the history found on the first render;
   * while the panel is closed, only the first unread one (the launcher's name says how many follow).
   */
  #announceMessages({ translate }: Strings, open: boolean): void {
    const announced = this.#announcedKeys;
    const { items } = this.state.chat;
    const before = this.#announcedItems;
    this.#announcedItems = items;
    const newAgentMessages = takeNewCompleteMessages(items, before, announced).filter((item): item is AgentMessage => item.kind !== 'user');
    const newest = newAgentMessages.at(-1);
    // Of a replay, the newest message only.
    if (newest && before && (open || !this.#unreadBefore)) this.#announce(`${newest.authorName || translate('agent')}: ${newest.text}`);
  }

  #announceConnection({ translate }: Strings): void {
    const { status, error } = this.state.chat;
    const before = this.#announcedStatus;
    this.#announcedStatus = status;
    if (before === undefined || before === status) return;
    if (status === 'error') this.#announce(translate(`error-${error?.code || 'protocol'}`));
    else if (status === 'reconnecting' || status === 'offline' || (status === 'online' && before !== 'connecting'))
      this.#announce(translate(status));
  }

  /** Written straight into the polite live region: no extra render. The same text twice in a row differs by a zero-width space. */
  #announce(announcement: string): void {
    const region = this.#liveRegion.current;
    if (!announcement || !region) return;
    region.textContent = region.textContent === announcement ? `${announcement}\u200b` : announcement;
  }

  /**
   * When the visitor points at (a touch too) or focuses the launcher, the panel is built and laid
   * out, invisible: the click that follows only shows it. A first opening costs about three times
   * what later ones do (the code's first run, the font sizes' first use), and the pointer or focus
   * arrives a good 100 ms before the click. In idle time: a touch's pointer arrives just before
   * the tap's own events, which must not wait for it.
   */
  #prepare = () => {
    if (this.#panelWasOpened || this.state.panelPrepared) return; // every later hover: nothing to do
    whenIdle(() => {
      if (!this.#panelWasOpened && !this.state.panelPrepared) this.setState({ panelPrepared: true });
    });
  };

  /** Stable, so that memoized transcript items do not re-render for it. */
  #retry = (clientEventId: string) => {
    this.props.client.retry(clientEventId);
    // The Retry button goes away with the next frame: focus waits in the composer.
    this.#focusTargets.composer.current?.focus();
  };

  override render({ client, title, inline = false, theme = {} }: WebchatProps, { chat, panelPrepared }: WebchatViewState) {
    const strings = this.#strings();
    const open = this.#isOpen();
    this.#panelWasOpened ||= open;
    // Agent messages not seen yet (the launcher's badge and name); read as soon as the panel is open.
    const unreadCount = open ? 0 : (chat.unread ?? 0);
    return (
      <div
        ref={this.#root}
        class="widget"
        dir={strings.dir}
        lang={strings.lang}
        data-theme={theme.mode}
        data-pos={theme.position}
        data-inline={inline ? '' : undefined}
        style={{
          '--aw-accent': theme.accent,
          '--aw-radius': typeof theme.radius === 'number' ? `${theme.radius}px` : theme.radius,
          '--aw-font': theme.font,
        }}
      >
        {!inline && (
          <Launcher
            open={open}
            panelId={this.#panelId}
            unreadCount={unreadCount}
            strings={strings}
            buttonRef={this.#launcher}
            onToggle={() => this.#setOpen(!open)}
            onIntent={this.#prepare}
          />
        )}
        {(this.#panelWasOpened || panelPrepared) && (
          <Panel
            client={client}
            state={chat}
            strings={strings}
            title={title || strings.translate('defaultTitle')}
            panelId={this.#panelId}
            open={open}
            prepared={!this.#panelWasOpened}
            ended={this.#isEnded()}
            inline={inline}
            focusTargets={this.#focusTargets}
            markdown={this.props.markdown ?? true}
            onClose={() => this.#setOpen(false)}
            onRetry={this.#retry}
            features={this.props.features}
          />
        )}
        <div ref={this.#liveRegion} class="visually-hidden" aria-live="polite" data-part="announcements" />
      </div>
    );
  }
}
