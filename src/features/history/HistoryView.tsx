import type { ConversationSummary } from '../../protocol/site-history';
import type { FeatureText } from '../../seam/types';
import { createRef, h, MessageItem, startsBurst } from '../kit';
import type { HistoryPage, HistorySession } from './history-session';
import { SessionView } from './session-view';
import type { Key } from './strings/en';
import { turnMessages } from './turn-messages';

interface HistoryViewProps {
  session: HistorySession;
  text: FeatureText<Key>;
  /** Agent text as Markdown (the widget's `markdown` option). */
  markdown: boolean;
  viewId: string;
}

const noRetry = () => undefined;

/**
 * The visitor's earlier conversations in place of the live transcript (which goes on underneath,
 * untouched): the list, one conversation read-only in the transcript's own look, "forget me".
 * Focus goes to the heading of each page it opens, and back to a conversation's entry from it.
 */
export class HistoryView extends SessionView<HistoryViewProps> {
  #heading = createRef<HTMLHeadingElement>();
  #body = createRef<HTMLDivElement>();
  #shown: HistoryPage = { kind: 'closed' };

  override componentDidMount(): void {
    super.componentDidMount();
    this.componentDidUpdate();
  }

  override componentDidUpdate(): void {
    const before = this.#shown;
    const page = this.props.session.view().page;
    this.#shown = page;
    const body = this.#body.current;
    if (before.kind === 'list' && page.kind === 'list') {
      // The confirmation's first button when it opens; "Forget my conversations" when it closes (the
      // heading once they are forgotten).
      if (before.confirming !== page.confirming)
        (
          body?.querySelector<HTMLElement>(page.confirming ? '.history-confirm button' : '.history-forget') ?? this.#heading.current
        )?.focus();
      return;
    }
    if (page.kind === before.kind && (page.kind !== 'conversation' || before.kind !== 'conversation' || page.summary === before.summary))
      return;
    // Back from a conversation: its entry in the list; any other new page: its heading.
    const entry =
      before.kind === 'conversation' ? body?.querySelector<HTMLElement>(`[data-id="${CSS.escape(before.summary.id)}"]`) : undefined;
    (entry ?? this.#heading.current)?.focus();
  }

  override render({ session, text, markdown, viewId }: HistoryViewProps) {
    const view = session.view();
    const { page } = view;
    if (page.kind === 'closed') return null;
    const { core, translate } = text;
    const when = (summary: ConversationSummary) => {
      const date = new Date(summary.startedAt);
      return Number.isNaN(date.getTime()) ? '' : core.formatDate(date);
    };
    const heading = page.kind === 'conversation' ? when(page.summary) : translate('earlierConversations');
    return (
      <section class="history-view" id={viewId} aria-labelledby={`${viewId}-heading`}>
        <div class="history-bar">
          <button type="button" onClick={session.back}>
            {translate('back')}
          </button>
          <h3 id={`${viewId}-heading`} ref={this.#heading} tabIndex={-1}>
            {heading}
          </h3>
        </div>
        {page.kind === 'list' ? this.#listPage(view.conversations, page.confirming, view.forgotten, when) : this.#turns(page, markdown)}
        {view.busy && (
          <p class="notice" role="status">
            {translate('loading')}
          </p>
        )}
        {view.failed && (
          <p class="notice" role="alert" data-level="error">
            {translate('failed')}
          </p>
        )}
      </section>
    );
  }

  #listPage(
    conversations: readonly ConversationSummary[],
    confirming: boolean,
    forgotten: boolean,
    when: (summary: ConversationSummary) => string,
  ) {
    const { session, text } = this.props;
    const { translate, core } = text;
    if (!conversations.length)
      return (
        <p class="notice" role="status">
          {forgotten ? translate('forgotten') : ''}
        </p>
      );
    return (
      <div class="history-body" ref={this.#body}>
        <ul class="history-list">
          {conversations.map((summary) => (
            <li key={summary.id}>
              <button type="button" data-id={summary.id} onClick={() => void session.openConversation(summary)}>
                <span class="history-when">
                  {when(summary)} · {translate(`channel-${summary.channel}`)}
                </span>
                <span class="history-preview" dir="auto">
                  {summary.preview}
                </span>
              </button>
            </li>
          ))}
        </ul>
        {confirming ? (
          <fieldset class="history-confirm" aria-label={translate('forget')}>
            <span>{translate('forgetQuestion')}</span>
            <button type="button" class="primary" disabled={session.view().busy} onClick={() => void session.forget()}>
              {translate('forgetConfirm')}
            </button>
            <button type="button" onClick={() => session.askToForget(false)}>
              {core.translate('cancel')}
            </button>
          </fieldset>
        ) : (
          <button type="button" class="history-forget" onClick={() => session.askToForget(true)}>
            {translate('forget')}
          </button>
        )}
      </div>
    );
  }

  #turns(page: Extract<HistoryPage, { kind: 'conversation' }>, markdown: boolean) {
    const { text } = this.props;
    const messages = turnMessages(page.summary.id, page.turns ?? []);
    return (
      <section
        class="transcript history-turns"
        aria-label={text.translate('readOnly')}
        // biome-ignore lint/a11y/noNoninteractiveTabindex: the turns scroll, so keyboard users must be able to focus them
        tabIndex={0}
      >
        {messages.map((message, index) => (
          <MessageItem
            key={message.key}
            message={message}
            showAuthor={message.kind === 'live-agent' && messages[index - 1]?.kind !== 'live-agent'}
            showTime={startsBurst(message, messages[index - 1])}
            old={false}
            ended
            strings={text.core}
            markdown={markdown}
            onRetry={noRetry}
          />
        ))}
      </section>
    );
  }
}
