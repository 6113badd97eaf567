// The visible widget: launcher, non-modal dialog panel, transcript, composer.
// Reads the client's store — one render per animation frame at most, however often it changes —
// and every user action is a client call. Open state is either owned here (initiallyOpen) or
// driven from outside (`open` + onOpenChange, as mount.ts does). The client is fixed for the
// component's life.
import { Component, createRef, h, type RefObject, type VNode } from 'preact';
import type { WebchatClient } from '../client/types';
import type { WebchatState } from '../store/state';
import { onFrames } from './frames';
import { getI18n, type I18n } from './strings';
import type { ThemeOptions } from './styles';
import { avatar, Item, type ItemProps } from './Transcript';

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
  /** Called when the user opens or closes the panel (launcher, close button, Escape). */
  onOpenChange?(open: boolean): void;
}

interface State {
  /** Open state when uncontrolled. */
  own?: boolean;
  /** "End this chat?" is showing. */
  confirm?: boolean;
  /** Connecting takes a while: say so. */
  slow?: boolean;
  /** New messages arrived below while the user reads further up. */
  unseen?: boolean;
  /** The composer's text. */
  text?: string;
}

/** What sync() compares with: the values of the previous render. */
interface Seen {
  open: boolean;
  ended: boolean;
  confirm?: boolean;
  items: WebchatState['items'];
  status: WebchatState['status'];
  text?: string;
}

const icon = (d: string) => h('svg', { viewBox: '0 0 24 24', 'aria-hidden': true }, h('path', { d }));

const NEAR = 48; // px from the bottom that still counts as "at the bottom"
/** Items further than this from the end skip layout while off screen (see Item). */
const OLD = 100;
let ids = 0;

export class Webchat extends Component<WebchatProps, State> {
  declare private root: RefObject<HTMLDivElement | null>;
  declare private id: string;
  /** The store state and the derived values of the last render. */
  declare private s: WebchatState;
  declare private open: boolean;
  declare private ended: boolean;
  /** The composer's text is longer than the server accepts. */
  declare private over: boolean;
  declare private i18n: I18n;
  declare private lang: string;
  declare private was?: Seen;
  /** Agent messages counted when the panel was last open (unread badge). */
  declare private read: number;
  /** Agent messages already announced (or there before the first render). */
  declare private said: Set<string>;
  /** The user scrolled up: do not follow new content. */
  declare private up?: boolean;
  declare private last?: string;
  declare private connected?: boolean;
  declare private timer?: ReturnType<typeof setTimeout>;
  declare private off: () => void;
  declare private ro: ResizeObserver;
  declare private unfit?: () => void;
  /** The transcript's vnodes and what they were made from: reused while nothing changed. */
  declare private list?: [WebchatState['items'], boolean, I18n, VNode<ItemProps>[]];

  private q(selector: string) {
    return this.root.current?.querySelector<HTMLElement>(selector);
  }
  private input() {
    return this.q('textarea');
  }
  private setOpen(v: boolean) {
    if (this.props.open == null) this.setState({ own: v });
    this.props.onOpenChange?.(v);
  }
  private cancelEnd() {
    this.setState({ confirm: false });
    this.q('.h [aria-expanded]')?.focus();
  }
  private submit() {
    const v = this.state.text?.trim();
    if (v && !this.over && !this.ended) {
      const { client } = this.props;
      client.setTyping(false);
      client.send(v);
      this.setState({ text: '' });
      this.input()?.focus();
    }
  }
  /** Scroll the log to its end and follow new content again. */
  private bottom() {
    const log = this.q('.g')!;
    log.scrollTop = log.scrollHeight;
    this.up = false;
    if (this.state.unseen) this.setState({ unseen: false });
  }

  override componentDidMount() {
    const store = this.props.client.store;
    this.off = onFrames(store, () => this.s !== store.getState() && this.forceUpdate());
    if (this.s !== store.getState()) this.forceUpdate(); // changed between render and subscribe
    // The log shrinks when the composer grows or the on-screen keyboard opens: stay pinned.
    (this.ro = new ResizeObserver(() => this.up || this.bottom())).observe(this.q('.g')!);
    this.sync();
  }

  override componentDidUpdate() {
    this.sync();
  }

  override componentWillUnmount() {
    this.off();
    this.ro.disconnect();
    clearTimeout(this.timer);
    this.unfit?.();
  }

  /**
   * After every render, in the same task (before a fast user's next key press lands on the wrong
   * element): connect on first open, move focus, follow the log, announce, time the
   * "Connecting…" banner, fit the phone panel to the visual viewport.
   */
  private sync() {
    const { client, inline } = this.props;
    const { open, ended, s } = this;
    const { confirm, slow, text } = this.state;
    const { t } = this.i18n;
    const was = this.was;
    const q = (selector: string) => this.q(selector);
    if (open && !this.connected) {
      this.connected = true;
      client.connect();
    }
    if (was) {
      if (was.open !== open) {
        // Into the composer on open; back to the launcher on close (unless the page has focus).
        if (open) (q('textarea:not([disabled])') || q('.p button'))?.focus();
        else {
          const a = document.activeElement;
          const r = this.root.current!;
          if (!a || a === document.body || r.contains(a) || a === (r.getRootNode() as ShadowRoot).host) q('.l')?.focus();
        }
      } else if (open && was.ended !== ended) {
        // Ended with focus on a vanished or disabled control: the way on is "Start new
        // conversation". A new conversation: back into the composer.
        const a = (this.root.current!.getRootNode() as ShadowRoot).activeElement as HTMLButtonElement | null;
        const lost = a ? a.disabled : !document.activeElement || document.activeElement === document.body;
        (ended ? (lost ? q('.en button') : null) : this.input())?.focus();
      }
      if (confirm && !was.confirm) q('.cf .pr')?.focus();
    }

    if (s.items !== was?.items || open !== was.open) {
      // Sticky auto-scroll: follow new content unless the user scrolled up (then offer a jump);
      // the user's own new message always brings the bottom back. Also on open (a hidden log
      // cannot scroll). Renders come at most once per frame: the layout is read once per frame.
      const item = s.items[s.items.length - 1];
      const fresh = !!item && item.key !== this.last;
      if (item) this.last = item.key;
      if (!this.up || (fresh && item.kind === 'user')) this.bottom();
      else if (fresh) this.setState({ unseen: true });
    }

    // Screen readers: complete agent messages once (not the history found on the first render),
    // and connection changes. Written straight into the live region: no extra render.
    let news = '';
    if (s.items !== was?.items) {
      const first = !this.said;
      this.said ||= new Set();
      for (const it of s.items)
        if (it.kind !== 'user' && it.kind !== 'system' && !it.streaming && !this.said.has(it.key)) {
          this.said.add(it.key);
          if (!first) news = `${it.authorName || t('agent')}: ${it.text}`;
        }
    }
    const now = s.status;
    const prev = was?.status;
    if (now !== prev) {
      if (was) {
        if (now === 'error') news = t(`e-${s.error?.code || 'protocol'}`);
        else if (now === 'reconnecting' || now === 'offline' || (now === 'online' && prev !== 'connecting')) news = t(now);
      }
      // The "Connecting…" banner appears only when connecting takes a while.
      clearTimeout(this.timer);
      if (slow) this.setState({ slow: false });
      if (now === 'connecting') this.timer = setTimeout(() => this.setState({ slow: true }), 1500);
    }
    const region = q('[aria-live=polite]');
    if (news && region) region.textContent = region.textContent === news ? `${news}\u200b` : news;

    // Phones: keep the full-screen panel above the on-screen keyboard (visual viewport).
    if (open !== was?.open) {
      this.unfit?.();
      this.unfit = undefined;
      const vv = window.visualViewport;
      const p = q('.p')!;
      if (open && !inline && vv) {
        const fit = () => {
          const small = innerWidth <= 480;
          p.style.height = small ? `${vv.height}px` : '';
          p.style.top = small ? `${vv.offsetTop}px` : '';
        };
        fit();
        vv.addEventListener('resize', fit);
        vv.addEventListener('scroll', fit);
        this.unfit = () => {
          vv.removeEventListener('resize', fit);
          vv.removeEventListener('scroll', fit);
          p.style.height = p.style.top = '';
        };
      }
    }
    // The composer grows with its text; the CSS max-height (about 5 lines) caps it, then it scrolls.
    const ta = this.input();
    if (ta && text !== was?.text) {
      ta.style.height = '';
      if (ta.scrollHeight > ta.clientHeight) ta.style.height = `${ta.scrollHeight + ta.offsetHeight - ta.clientHeight}px`;
    }
    this.was = { open, ended, confirm, items: s.items, status: now, text };
  }

  render(
    { client, inline, theme = {}, title, locale, open: controlled, initiallyOpen }: WebchatProps,
    { own, confirm, slow, unseen, text = '' }: State,
  ) {
    const s = (this.s = client.store.getState());
    const lang = `${locale} ${s.language}`;
    if (this.lang !== lang) {
      this.lang = lang;
      this.i18n = getI18n(locale, s.language);
    }
    const i18n = this.i18n;
    const { t } = i18n;
    const id = (this.id ||= `aw${ids++}`);
    const open = (this.open = !!inline || (controlled ?? own ?? !!initiallyOpen));
    const ended = (this.ended = !!s.ended || s.status === 'ended');
    // Unread badge: agent messages since the panel was last open.
    if (open || this.read == null) this.read = s.agentMessageCount;
    const unread = s.agentMessageCount - this.read;
    const who = (s.handoff.stage === 'live-agent-joined' && s.liveAgent) || s.agent;
    const queue = s.handoff.queue;
    const pos = queue?.positionInQueue;
    const wait = queue?.estimatedWaitSeconds;
    const reason = s.ended?.reason;
    const typing = !ended && s.typing;
    const code = s.error?.code || 'protocol';
    const status = s.status;
    const again = h('button', { onClick: () => client.reconnectNow() }, t('tryAgain'));
    const newConv = (primary?: 'pr') => h('button', { class: primary, onClick: () => client.newConversation() }, t('newConv'));
    const max = s.capabilities.maxMessageSizeBytes;
    const bytes = new TextEncoder().encode(text).length;
    const over = (this.over = bytes > max);
    const near = bytes > max * 0.8;
    // Items are memoized one by one, and the whole list is reused while nothing it depends on
    // changed (typing in the composer, a status change…).
    let list = this.list;
    if (!list || list[0] !== s.items || list[1] !== ended || list[2] !== i18n)
      this.list = list = [
        s.items,
        ended,
        i18n,
        s.items.map((it, i, items) => {
          const prev = items[i - 1];
          return h(Item, {
            key: it.key,
            it,
            old: i < items.length - OLD,
            named: it.kind === 'live-agent' && !(prev?.kind === 'live-agent' && prev.authorName === it.authorName),
            ended,
            i18n,
            client,
          });
        }),
      ];

    return h(
      'div',
      {
        class: 'aw',
        ref: (this.root ||= createRef<HTMLDivElement>()),
        dir: i18n.dir,
        lang: i18n.lang,
        'data-theme': theme.mode,
        'data-pos': theme.position,
        'data-inline': inline ? '' : undefined,
        style: {
          '--aw-accent': theme.accent,
          '--aw-radius': typeof theme.radius === 'number' ? `${theme.radius}px` : theme.radius,
          '--aw-font': theme.font,
        },
      },
      !inline &&
        h(
          'button',
          { class: 'l pr', 'aria-label': t('open'), 'aria-expanded': open, 'aria-controls': id, onClick: () => this.setOpen(!open) },
          icon(open ? 'M6 9l6 6 6-6' : 'M4 5h16v11H9l-5 4z'),
          unread > 0 && h('span', { class: 'bd', 'aria-hidden': true, 'data-unread': unread }, unread > 9 ? '9+' : unread),
        ),
      h(
        'div',
        {
          class: 'p',
          id,
          role: 'dialog',
          'aria-label': title || t('title'),
          hidden: !open,
          onKeyDown: (e: KeyboardEvent) => {
            if (e.key === 'Escape' && !e.isComposing) {
              if (confirm) this.cancelEnd();
              else if (!inline) this.setOpen(false);
            }
          },
        },
        h(
          'div',
          { class: 'h' },
          who && avatar(who.name, who.avatarUrl),
          h('div', { class: 'ht' }, h('h2', null, title || t('title')), who && h('div', { 'data-agent-name': '' }, who.name)),
          !ended &&
            (s.agentJoined || s.items.length > 0) &&
            h('button', { 'aria-expanded': !!confirm, onClick: () => this.setState({ confirm: !confirm }) }, t('end')),
          !inline && h('button', { 'aria-label': t('close'), onClick: () => this.setOpen(false) }, icon('M6 6l12 12M18 6L6 18')),
        ),
        confirm &&
          !ended &&
          h(
            'div',
            { class: 'cf', role: 'group', 'aria-label': t('end') },
            h('span', null, t('endQ')),
            h(
              'button',
              {
                class: 'pr',
                onClick: () => {
                  this.setState({ confirm: false });
                  // Until the end arrives, the composer; then "Start new conversation" (sync()).
                  this.input()?.focus();
                  client.endSession();
                },
              },
              t('endYes'),
            ),
            h('button', { onClick: () => this.cancelEnd() }, t('cancel')),
          ),
        h(
          'div',
          { class: 'cn', role: 'status', 'data-connection': status, 'data-error': status === 'error' ? code : undefined },
          status === 'connecting'
            ? slow && t('connecting')
            : status === 'reconnecting'
              ? t(status)
              : status === 'offline'
                ? [t(status), again]
                : status === 'error' && [
                    t(`e-${code}`),
                    // worth retrying: network, server, rate-limited; a lost session starts anew
                    'network server rate-limited'.includes(code) ? again : code !== 'config' && !ended && newConv(),
                  ],
        ),
        h(
          'div',
          { class: 'gw' },
          h(
            'div',
            {
              class: 'g',
              role: 'log',
              'aria-live': 'off',
              'aria-label': t('log'),
              tabIndex: 0,
              onScroll: (e: Event) => {
                // The event's own element: a scroll queued before an unmount (destroy) arrives
                // after the DOM is gone.
                const log = e.currentTarget as HTMLElement;
                this.up = log.scrollHeight - log.scrollTop - log.clientHeight >= NEAR;
                if (!this.up && unseen) this.setState({ unseen: false });
              },
              // images finishing loading grow the log: keep the bottom in view
              onLoadCapture: () => this.up || this.bottom(),
            },
            list[3],
          ),
          unseen && h('button', { class: 'nm pr', onClick: () => this.bottom() }, t('newMsgs')),
        ),
        typing &&
          h(
            'div',
            { class: 'ty', role: 'status', 'data-typing': typing.who },
            t('typing', (typing.who === 'live-agent' && (typing.name || s.liveAgent?.name)) || t('agent')),
          ),
        (s.handoff.stage === 'started' || s.handoff.stage === 'queued') &&
          (pos != null || wait != null) &&
          h(
            'div',
            { class: 'q', 'data-queue': '' },
            pos != null && h('div', null, t('queuePos', pos)),
            wait != null && h('div', null, wait < 60 ? t('queueSoon') : t('queueWait', Math.round(wait / 60))),
          ),
        !ended &&
          s.suggestions.length > 0 &&
          h(
            'div',
            { class: 'sg' },
            s.suggestions.map((x) =>
              h(
                'button',
                {
                  onClick: (e: MouseEvent) => {
                    client.send(x.text);
                    // The used suggestion disappears: keep focus in the panel, in the composer —
                    // except after a touch tap, where that would pop up the on-screen keyboard.
                    if (!e.detail || !window.matchMedia?.('(pointer:coarse)').matches) this.input()?.focus();
                  },
                },
                x.text,
              ),
            ),
          ),
        ended &&
          h(
            'div',
            { class: 'en', 'data-reason': reason },
            h('div', null, t(reason === 'REASON_USER_END' || reason === 'REASON_USER_ABANDONED' ? reason : 'REASON_NATURAL_END')),
            newConv('pr'),
          ),
        // The composer: Enter sends, Shift+Enter breaks the line, IME-safe.
        near &&
          h(
            'div',
            { class: 'cc', id: `${id}c`, 'data-over': over ? '' : undefined },
            over && `${t('e-message-too-long')} · `,
            `${bytes} / ${max}`,
          ),
        h(
          'div',
          { class: 'c' },
          h('textarea', {
            rows: 1,
            dir: text ? 'auto' : undefined,
            'aria-label': t('msg'),
            placeholder: t('ph'),
            value: text,
            disabled: ended,
            'aria-invalid': over || undefined,
            'aria-describedby': near ? `${id}c` : undefined,
            onInput: (e: Event) => {
              const v = (e.currentTarget as HTMLTextAreaElement).value;
              this.setState({ text: v });
              client.setTyping(!!v.trim());
            },
            onKeyDown: (e: KeyboardEvent) => {
              if (e.key === 'Enter' && !e.shiftKey && !e.isComposing && e.keyCode !== 229) {
                e.preventDefault();
                this.submit();
              }
            },
            onBlur: () => client.setTyping(false),
          }),
          h('button', { class: 'pr', disabled: ended || over, onClick: () => this.submit() }, t('send')),
        ),
      ),
      h('div', { class: 'sr', 'aria-live': 'polite' }),
    );
  }
}
