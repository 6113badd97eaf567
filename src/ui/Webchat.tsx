// The visible widget: launcher, non-modal dialog panel, transcript, composer.
// Reads the client's store; every user action is a client call. Open state is either owned here
// (initiallyOpen) or driven from outside (`open` + onOpenChange, as mount.ts does).
import { useEffect, useId, useLayoutEffect, useMemo, useRef, useState } from 'preact/hooks';
import type { ComponentChildren } from 'preact';
import type { WebchatClient } from '../client/types';
import type { WebchatState } from '../store/state';
import { useStore } from './use-store';
import { getI18n, type I18n } from './strings';
import { themeVars, type ThemeOptions } from './styles';
import { Avatar, Transcript } from './Transcript';
import { Composer } from './Composer';

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

const Icon = ({ d }: { d: string }) => (
  <svg viewBox="0 0 24 24" width="24" height="24" aria-hidden="true" fill="none" stroke="currentColor" stroke-width="2" stroke-linecap="round" stroke-linejoin="round">
    <path d={d} />
  </svg>
);

const RETRYABLE: Record<string, 1> = { network: 1, server: 1, 'rate-limited': 1 };

function ended(s: WebchatState): boolean {
  return !!s.ended || s.status == 'ended';
}

/** Text (and action) of the connection banner, or nothing when the state does not matter. */
function banner(s: WebchatState, slow: boolean, client: WebchatClient, { t }: I18n): ComponentChildren {
  const again = (
    <button onClick={() => client.reconnectNow()}>
      {t('tryAgain')}
    </button>
  );
  switch (s.status) {
    case 'connecting':
      return slow && t('connecting');
    case 'reconnecting':
      return t('reconnecting');
    case 'offline':
      return [t('offline'), again];
    case 'error': {
      const code = s.error?.code || 'protocol';
      return [
        t('e-' + code),
        RETRYABLE[code]
          ? again
          : code != 'config' &&
            !ended(s) && (
              <button onClick={() => client.newConversation()}>
                {t('newConv')}
              </button>
            ),
      ];
    }
  }
}

export function Webchat(props: WebchatProps) {
  const { client, inline, theme = {} } = props;
  const s = useStore(client.store, (x) => x);
  const i18n = useMemo(() => getI18n(props.locale, s.language), [props.locale, s.language]);
  const { t } = i18n;
  const id = useId();

  const [own, setOwn] = useState(!!props.initiallyOpen);
  const open = !!inline || (props.open ?? own);
  const setOpen = (v: boolean) => {
    if (props.open == null) setOwn(v);
    props.onOpenChange?.(v);
  };

  const root = useRef<HTMLDivElement>(null);
  const panel = useRef<HTMLDivElement>(null);
  const launcher = useRef<HTMLButtonElement>(null);
  const input = useRef<HTMLTextAreaElement>(null);
  const yes = useRef<HTMLButtonElement>(null);
  const endBtn = useRef<HTMLButtonElement>(null);
  const newBtn = useRef<HTMLButtonElement>(null);
  const isEnded = ended(s);
  const [confirm, setConfirm] = useState(false);
  const [slow, setSlow] = useState(false);
  const [live, setLive] = useState('');
  const [seen, setSeen] = useState(s.agentMessageCount);
  const connected = useRef(false);
  const prevOpen = useRef(open);
  const prevEnded = useRef(isEnded);
  const prevStatus = useRef(s.status);
  const announced = useRef<Set<string> | null>(null);

  const focusInside = () => {
    const el = input.current;
    (el && !el.disabled ? el : panel.current?.querySelector('button'))?.focus();
  };
  /** The focused control went away (or got disabled) under the user: focus is nowhere useful. */
  const focusLost = () => {
    const a = (root.current?.getRootNode() as ShadowRoot | undefined)?.activeElement as HTMLElement | null | undefined;
    return a ? (a as HTMLButtonElement).disabled : !document.activeElement || document.activeElement == document.body;
  };

  // Connect on first open (at once when inline or initially open).
  useEffect(() => {
    if (open && !connected.current) {
      connected.current = true;
      client.connect();
    }
  }, [open, client]);

  // Focus moves are layout effects: done in the same task as the render, before a fast user's
  // next key press can land on the wrong element.
  // Focus: into the composer on open, back to the launcher on close (unless the page has it).
  useLayoutEffect(() => {
    if (prevOpen.current == open) return;
    prevOpen.current = open;
    if (open) return focusInside();
    const a = document.activeElement;
    const r = root.current;
    if (!a || a == document.body || r?.contains(a) || a == (r?.getRootNode() as ShadowRoot).host) launcher.current?.focus();
  }, [open]);

  // After "Start new conversation" the composer is usable again: put the cursor there.
  // When it ends with focus in the (now disabled) composer or on a vanished control, the way on is
  // "Start new conversation".
  useLayoutEffect(() => {
    if (prevEnded.current && !isEnded && open) input.current?.focus();
    if (!prevEnded.current && isEnded && open && focusLost()) newBtn.current?.focus();
    prevEnded.current = isEnded;
  }, [isEnded]);

  useLayoutEffect(() => {
    if (confirm) yes.current?.focus();
  }, [confirm]);

  // Unread badge: agent messages since the panel was last open.
  useEffect(() => {
    if (open) setSeen(s.agentMessageCount);
  }, [open, s.agentMessageCount]);
  const unread = open ? 0 : Math.max(0, s.agentMessageCount - seen);

  // The "Connecting…" banner appears only when connecting takes a while.
  useEffect(() => {
    setSlow(false);
    if (s.status != 'connecting') return;
    const timer = setTimeout(() => setSlow(true), 1500);
    return () => clearTimeout(timer);
  }, [s.status]);

  // Screen readers: announce complete agent messages once, and connection changes.
  const say = (text: string) => setLive((prev) => (prev == text ? text + '\u200b' : text));
  useEffect(() => {
    const first = !announced.current;
    const done = (announced.current ??= new Set());
    let text = '';
    for (const it of s.items) {
      if ((it.kind == 'agent' || it.kind == 'live-agent') && !it.streaming && !done.has(it.key)) {
        done.add(it.key);
        text = (it.authorName || t('agent')) + ': ' + it.text;
      }
    }
    if (text && !first) say(text);
  }, [s.items]);
  useEffect(() => {
    const prev = prevStatus.current;
    prevStatus.current = s.status;
    if (prev == s.status) return;
    if (s.status == 'online') {
      if (prev != 'connecting') say(t('online'));
    } else if (s.status == 'error') say(t('e-' + (s.error?.code || 'protocol')));
    else if (s.status == 'reconnecting' || s.status == 'offline') say(t(s.status));
  }, [s.status]);

  // Phones: keep the full-screen panel above the on-screen keyboard (visual viewport).
  useEffect(() => {
    const vv = window.visualViewport;
    const p = panel.current;
    if (!open || inline || !vv || !p) return;
    const fit = () => {
      const small = innerWidth <= 480;
      p.style.height = small ? vv.height + 'px' : '';
      p.style.top = small ? vv.offsetTop + 'px' : '';
    };
    fit();
    vv.addEventListener('resize', fit);
    vv.addEventListener('scroll', fit);
    return () => {
      vv.removeEventListener('resize', fit);
      vv.removeEventListener('scroll', fit);
      p.style.height = p.style.top = '';
    };
  }, [open, inline]);

  const who =
    s.handoff.stage == 'live-agent-joined' && s.liveAgent
      ? { name: s.liveAgent.name, avatarUrl: s.liveAgent.avatarUrl }
      : s.agent;
  const q = s.handoff.queue;
  const waiting = (s.handoff.stage == 'started' || s.handoff.stage == 'queued') && q;
  const wait = q?.estimatedWaitSeconds;
  const reason = s.ended?.reason;
  const typing = !isEnded && s.typing;

  return (
    <div
      class="aw"
      ref={root}
      dir={i18n.dir}
      lang={i18n.lang}
      data-theme={theme.mode || 'light'}
      data-pos={theme.position}
      data-inline={inline ? '' : undefined}
      style={themeVars(theme)}
    >
      {!inline && (
        <button
          class="l pr"
          ref={launcher}
          aria-label={t('open')}
          aria-expanded={open}
          aria-controls={id}
          onClick={() => setOpen(!open)}
        >
          <Icon d={open ? 'M6 9l6 6 6-6' : 'M4 5h16v11H9l-5 4z'} />
          {unread > 0 && (
            <span class="bd" aria-hidden="true" data-unread={unread}>
              {unread > 9 ? '9+' : unread}
            </span>
          )}
        </button>
      )}
      <div
        class="p"
        id={id}
        role="dialog"
        aria-labelledby={id + 't'}
        hidden={!open}
        ref={panel}
        onKeyDown={(e) => {
          if (e.key == 'Escape' && !e.isComposing) {
            if (confirm) {
              setConfirm(false);
              endBtn.current?.focus();
            } else if (!inline) setOpen(false);
          }
        }}
      >
        <div class="h">
          {who && <Avatar name={who.name} url={who.avatarUrl} />}
          <div class="ht">
            <h2 id={id + 't'}>{props.title || t('title')}</h2>
            {who && <div data-agent-name>{who.name}</div>}
          </div>
          {!isEnded && (s.agentJoined || s.items.length > 0) && (
            <button ref={endBtn} aria-expanded={confirm} onClick={() => setConfirm(!confirm)}>
              {t('end')}
            </button>
          )}
          {!inline && (
            <button aria-label={t('close')} onClick={() => setOpen(false)}>
              <Icon d="M6 6l12 12M18 6L6 18" />
            </button>
          )}
        </div>
        {confirm && !isEnded && (
          <div class="cf" role="group" aria-label={t('end')}>
            <span>{t('endQ')}</span>
            <button
              class="pr"
              ref={yes}
              onClick={() => {
                setConfirm(false);
                // Until the end arrives, the composer; then "Start new conversation" (effect above).
                input.current?.focus();
                client.endSession();
              }}
            >
              {t('endYes')}
            </button>
            <button
              onClick={() => {
                setConfirm(false);
                endBtn.current?.focus();
              }}
            >
              {t('cancel')}
            </button>
          </div>
        )}
        <div class="cn" role="status" data-connection={s.status} data-error={s.status == 'error' ? s.error?.code : undefined}>
          {banner(s, slow, client, i18n)}
        </div>
        <Transcript items={s.items} open={open} ended={isEnded} client={client} i18n={i18n} onRetried={() => focusLost() && input.current?.focus()} />
        {typing && (
          <div class="ty" role="status" data-typing={typing.who}>
            {typing.who == 'live-agent' ? t('typingN', { name: typing.name || s.liveAgent?.name || t('agent') }) : t('typingA')}
          </div>
        )}
        {waiting && (q.positionInQueue != null || wait != null) && (
          <div class="q" data-queue>
            {q.positionInQueue != null && <div>{t('queuePos', { n: q.positionInQueue })}</div>}
            {wait != null && <div>{wait < 60 ? t('queueSoon') : t('queueWait', { n: Math.round(wait / 60) })}</div>}
          </div>
        )}
        {!isEnded && s.suggestions.length > 0 && (
          <div class="sg">
            {s.suggestions.map((x, i) => (
              <button
                key={i}
                onClick={(e) => {
                  client.send(x.text);
                  // The used suggestion disappears: keep focus in the panel, in the composer —
                  // except after a touch tap, where that would pop up the on-screen keyboard.
                  if (e.detail == 0 || !window.matchMedia?.('(pointer:coarse)').matches) input.current?.focus();
                }}
              >
                {x.text}
              </button>
            ))}
          </div>
        )}
        {isEnded && (
          <div class="en" data-reason={reason}>
            <div>
              {t(reason == 'REASON_USER_END' || reason == 'REASON_USER_ABANDONED' ? reason : 'REASON_NATURAL_END')}
            </div>
            <button class="pr" ref={newBtn} onClick={() => client.newConversation()}>
              {t('newConv')}
            </button>
          </div>
        )}
        <Composer
          client={client}
          i18n={i18n}
          disabled={isEnded}
          maxBytes={s.capabilities.maxMessageSizeBytes}
          inputRef={input}
          counterId={id + 'c'}
        />
      </div>
      <div class="sr" aria-live="polite">
        {live}
      </div>
    </div>
  );
}
