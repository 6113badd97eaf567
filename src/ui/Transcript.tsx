// The transcript: role=log, one element per item with data-author (+ data-status for the user).
// Server text is only ever rendered as text nodes; links come from linkify() + safeUrl().
import { useLayoutEffect, useRef, useState } from 'preact/hooks';
import type { Attachment } from '../protocol/types';
import type { Notice, TranscriptItem, WebchatState } from '../store/state';
import type { WebchatClient } from '../client/types';
import type { I18n } from './strings';
import { linkify } from './linkify';
import { safeUrl } from './safe-url';

const fmts: Record<string, Intl.DateTimeFormat> = {};
function formatTime(iso: string, lang: string): string {
  const d = new Date(iso);
  if (isNaN(+d)) return '';
  return (fmts[lang] ??= new Intl.DateTimeFormat(lang, { dateStyle: 'medium', timeStyle: 'short' })).format(d);
}

const ext = { target: '_blank', rel: 'noopener noreferrer' };

export function Text({ text }: { text: string }) {
  return (
    <>
      {linkify(text).map((s) =>
        typeof s == 'string' ? (
          s
        ) : (
          <a href={s.href} {...ext}>
            {s.text}
          </a>
        ),
      )}
    </>
  );
}

export function Avatar({ name, url }: { name?: string; url?: string }) {
  const src = safeUrl(url, true);
  return src ? (
    <img class="av" src={src} alt="" />
  ) : (
    <span class="av" aria-hidden="true">
      {(name || '?').charAt(0).toUpperCase()}
    </span>
  );
}

function AttachmentView({ a, i18n }: { a: Attachment; i18n: I18n }) {
  const href = safeUrl(a.contentUrl);
  if (a.kind == 'image') {
    const src = safeUrl(a.contentUrl, true) || safeUrl(a.previewImageUrl, true);
    return src ? <img class="ai" src={src} alt={a.title} loading="lazy" /> : <div class="at"><div>{a.title}</div></div>;
  }
  const preview = safeUrl(a.previewImageUrl, true);
  return (
    <div class="at" data-attachment="url">
      {preview && <img src={preview} alt="" loading="lazy" />}
      <div dir="auto">
        <strong>{a.title}</strong>
        {href && (
          <a href={href} {...ext}>
            {a.callToActionText || i18n.t('link')}
          </a>
        )}
      </div>
    </div>
  );
}

/** Plain words for a notice, or null when it is not shown in the transcript. */
export function noticeText(n: Notice, { t }: I18n): string | null {
  switch (n.code) {
    case 'agent-joined': // shown in the header
    case 'session-ended': // shown above the composer, with the reason
      return null;
    case 'live-agent-joined':
      return t(n.code, { name: n.name });
    case 'live-agent-left':
      return t(n.code, { name: n.name || t('agent') });
    case 'system':
      return n.message;
    default:
      return t(n.code);
  }
}

interface ItemProps {
  item: TranscriptItem;
  prev?: TranscriptItem;
  client: WebchatClient;
  i18n: I18n;
  /** After the session ended a failed message cannot be retried (a new conversation starts fresh). */
  ended?: boolean;
  /** After Retry (its button is gone): the widget puts focus back somewhere useful. */
  onRetried?(): void;
}

function Item({ item, prev, client, i18n, ended, onRetried }: ItemProps) {
  const { t, lang } = i18n;
  const time = formatTime(item.timestamp, lang);
  const stamp = time && <time dateTime={item.timestamp}>{time}</time>;
  if (item.kind == 'system') {
    const text = noticeText(item.notice, i18n);
    return text == null ? null : (
      <div class="m" data-author="system" data-notice={item.notice.code} data-level={item.notice.code == 'system' ? item.notice.level : undefined} title={time}>
        {text}
      </div>
    );
  }
  if (item.kind == 'user') {
    const failed = item.status == 'failed';
    return (
      <div class="m" data-author="user" data-status={item.status} title={time}>
        <span class="sr">{t('you')}:</span>
        <div class="b" dir="auto">
          <Text text={item.text} />
        </div>
        {item.status != 'sent' && (
          <div class="w">
            {failed ? t('failed') : t('sending')}
            {failed && !ended && (
              <button
                onClick={() => {
                  client.retry(item.clientEventId);
                  // after the re-render that removed this button
                  queueMicrotask(() => onRetried?.());
                }}
              >
                {t('retry')}
              </button>
            )}
          </div>
        )}
        {stamp}
      </div>
    );
  }
  const live = item.kind == 'live-agent';
  const name = item.authorName || t('agent');
  // Live-agent messages carry their author visibly, once per run of messages by that person.
  const showName = live && !(prev?.kind == 'live-agent' && prev.authorName == item.authorName);
  return (
    <div class="m" data-author={item.kind} data-streaming={item.streaming ? '' : undefined} title={time}>
      {showName ? (
        <div class="w">
          <Avatar name={name} url={item.avatarUrl} />
          {name}
        </div>
      ) : (
        <span class="sr">{name}:</span>
      )}
      {(item.text || item.streaming || !item.attachments.length) && (
        <div class="b" dir="auto">
          <Text text={item.text} />
        </div>
      )}
      {item.attachments.map((a, i) => (
        <AttachmentView key={i} a={a} i18n={i18n} />
      ))}
      {stamp}
    </div>
  );
}

const NEAR = 48; // px from the bottom that still counts as "at the bottom"

export function Transcript({
  items,
  open,
  ended,
  client,
  i18n,
  onRetried,
}: {
  items: WebchatState['items'];
  open: boolean;
  ended: boolean;
  client: WebchatClient;
  i18n: I18n;
  onRetried?(): void;
}) {
  const log = useRef<HTMLDivElement>(null);
  const stick = useRef(true);
  const [unseen, setUnseen] = useState(false);
  const toBottom = () => {
    const el = log.current;
    if (el) el.scrollTop = el.scrollHeight;
    stick.current = true;
    setUnseen(false);
  };
  const lastKey = useRef<string | undefined>(undefined);
  // Sticky auto-scroll: follow new content unless the user scrolled up (then offer a jump);
  // the user's own new message always brings the bottom back. Also on open (a hidden log
  // cannot scroll).
  useLayoutEffect(() => {
    const last = items[items.length - 1];
    const fresh = last?.key != lastKey.current;
    lastKey.current = last?.key;
    if (stick.current || (fresh && last?.kind == 'user')) toBottom();
    else if (fresh) setUnseen(true);
  }, [items, open]);
  // The log shrinks when the composer grows or the on-screen keyboard opens: stay pinned.
  useLayoutEffect(() => {
    const el = log.current;
    if (!el || typeof ResizeObserver == 'undefined') return;
    const ro = new ResizeObserver(() => {
      if (stick.current) el.scrollTop = el.scrollHeight;
    });
    ro.observe(el);
    return () => ro.disconnect();
  }, []);
  const onScroll = (e: Event) => {
    // The event's own element: a scroll queued before an unmount (destroy) is delivered after
    // the ref was cleared.
    const el = e.currentTarget as HTMLElement;
    stick.current = el.scrollHeight - el.scrollTop - el.clientHeight < NEAR;
    if (stick.current) setUnseen(false);
  };
  return (
    <div class="gw">
      <div
        class="g"
        role="log"
        aria-live="off"
        aria-label={i18n.t('log')}
        tabIndex={0}
        ref={log}
        onScroll={onScroll}
        // images finishing loading grow the log: keep the bottom in view
        onLoadCapture={() => stick.current && toBottom()}
      >
        {items.map((item, i) => (
          <Item key={item.key} item={item} prev={items[i - 1]} client={client} i18n={i18n} ended={ended} onRetried={onRetried} />
        ))}
      </div>
      {unseen && (
        <button class="nm pr" onClick={toBottom}>
          {i18n.t('newMsgs')}
        </button>
      )}
    </div>
  );
}

