// Transcript items: one element per item with data-author (+ data-status for the user).
// Server text is only ever rendered as text nodes; links come from linkify() + safeUrl().
// Items are memoized: the reducer keeps the identity of unchanged items, so a frame of a streamed
// reply re-renders one item, not the whole history (and linkifies only the text that changed).
// Plain h() calls, no JSX: smaller output, nothing added in development builds.
import { h, type Component, type FunctionComponent } from 'preact';
import type { Attachment } from '../protocol/types';
import type { TranscriptItem } from '../store/state';
import type { WebchatClient } from '../client/types';
import type { I18n } from './strings';
import { linkify } from './linkify';
import { safeUrl } from './safe-url';

const link = (href: string, text: string) => h('a', { href, target: '_blank', rel: 'noopener noreferrer' }, text);

export const avatar = (name: string, url?: string) => {
  const src = safeUrl(url, true);
  return src ? h('img', { class: 'av', src, alt: '' }) : h('span', { class: 'av', 'aria-hidden': true }, (name || '?')[0]!.toUpperCase());
};

function attachment(a: Attachment, t: I18n['t']) {
  const href = safeUrl(a.contentUrl);
  const preview = safeUrl(a.previewImageUrl, true);
  const src = a.kind === 'image' && (safeUrl(a.contentUrl, true) || preview);
  return src
    ? h('img', { class: 'ai', src, alt: a.title, loading: 'lazy' })
    : h(
        'div',
        { class: 'at', 'data-attachment': a.kind },
        preview && h('img', { src: preview, alt: '', loading: 'lazy' }),
        h('div', { dir: 'auto' }, h('strong', null, a.title), href && link(href, a.callToActionText || t('link'))),
      );
}

export interface ItemProps {
  it: TranscriptItem;
  /** Show the author's name and avatar (first of a run of live-agent messages). */
  named: boolean;
  /**
   * Far from the end of a long transcript: skips layout and paint while off screen (CSS
   * content-visibility), sized from its last layout or an estimate. Not the last items, so the
   * end of the log — where it follows new content — always has real sizes.
   */
  old: boolean;
  /** After the session ended a failed message cannot be retried (a new conversation starts fresh). */
  ended: boolean;
  i18n: I18n;
  client: WebchatClient;
}

/** shouldComponentUpdate of a memoized item: only when a prop changed (the client never does). */
function changed(this: Component<ItemProps>, n: ItemProps) {
  return (Object.keys(n) as (keyof ItemProps)[]).some((k) => n[k] !== this.props[k]);
}

export const Item = function (this: Component<ItemProps>, { it, old, named, ended, i18n: { t, date }, client }: ItemProps) {
  this.shouldComponentUpdate = changed;
  const d = new Date(it.timestamp);
  const title = +d ? date.format(d) : undefined;
  const m = old ? 'm o' : 'm';
  if (it.kind === 'system') {
    const n = it.notice;
    // agent-joined shows in the header, session-ended above the composer
    return n.code === 'agent-joined' || n.code === 'session-ended'
      ? null
      : h(
          'div',
          { class: m, 'data-author': 'system', 'data-notice': n.code, 'data-level': n.code === 'system' ? n.level : undefined, title },
          n.code === 'system' ? n.message : t(n.code, (n as { name?: string }).name || t('agent')),
        );
  }
  const user = it.kind === 'user';
  const name = user ? t('you') : it.authorName || t('agent');
  return h(
    'div',
    {
      class: m,
      'data-author': it.kind,
      'data-status': user ? it.status : undefined,
      'data-streaming': !user && it.streaming ? '' : undefined,
      title,
    },
    named ? h('div', { class: 'w' }, avatar(name, (it as { avatarUrl?: string }).avatarUrl), name) : h('span', { class: 'sr' }, `${name}:`),
    (user || it.text || it.streaming || !it.attachments.length) &&
      h(
        'div',
        { class: 'b', dir: 'auto' },
        linkify(it.text).map((s) => (typeof s === 'string' ? s : link(s.href, s.text))),
      ),
    user
      ? it.status !== 'sent' &&
          h(
            'div',
            { class: 'w' },
            t(it.status),
            it.status === 'failed' &&
              !ended &&
              h(
                'button',
                {
                  onClick: (e: MouseEvent) => {
                    client.retry(it.clientEventId);
                    // This button goes away with the next frame: focus waits in the composer.
                    ((e.currentTarget as HTMLElement).closest('.p')?.querySelector('textarea') as HTMLElement | null)?.focus();
                  },
                },
                t('retry'),
              ),
          )
      : it.attachments.map((a) => attachment(a, t)),
  );
} as FunctionComponent<ItemProps>;
