import { h } from 'preact';
import type { AgentMessage, UserMessage } from '../../store/state';
import { Attachment } from '../Attachment';
import { Avatar } from '../Avatar';
import { linkified } from '../ExternalLink';
import { Markdown } from '../markdown';
import type { Strings } from '../strings';
import { itemClass, itemTitle } from './itemAttributes';

export interface MessageItemProps {
  message: UserMessage | AgentMessage;
  /** Show the author's name and avatar (first of a run of live-agent messages). */
  showAuthor: boolean;
  old: boolean;
  /** After the session ended a failed message cannot be retried (a new conversation starts fresh). */
  ended: boolean;
  strings: Strings;
  /** Agent text as Markdown (the `markdown` option); user text is always plain. */
  markdown: boolean;
  onRetry(clientEventId: string): void;
}

/** One message: data-author, data-status (user), data-streaming (agent, while it grows). */
export function MessageItem({ message, showAuthor, old, ended, strings, markdown, onRetry }: MessageItemProps) {
  const { translate } = strings;
  const fromUser = message.kind === 'user';
  const authorName = fromUser ? translate('you') : message.authorName || translate('agent');
  const hasBody = fromUser || message.text || message.streaming || message.attachments.length === 0;
  return (
    <div
      class={itemClass(old)}
      data-author={message.kind}
      data-status={fromUser ? message.status : undefined}
      data-streaming={!fromUser && message.streaming ? '' : undefined}
      title={itemTitle(message.timestamp, strings)}
    >
      {showAuthor ? (
        <div class="author">
          <Avatar name={authorName} url={fromUser ? undefined : message.avatarUrl} />
          {authorName}
        </div>
      ) : (
        <span class="visually-hidden">{`${authorName}:`}</span>
      )}
      {hasBody && (
        <div class="message-body" data-part="body" dir="auto">
          {markdown && !fromUser ? <Markdown text={message.text} strings={strings} /> : linkified(message.text)}
        </div>
      )}
      {fromUser
        ? message.status !== 'sent' && (
            <div class="delivery-status">
              {translate(message.status)}
              {message.status === 'failed' && !ended && (
                <button type="button" onClick={() => onRetry(message.clientEventId)}>
                  {translate('retry')}
                </button>
              )}
            </div>
          )
        : message.attachments.map((attachment) => <Attachment attachment={attachment} strings={strings} />)}
    </div>
  );
}
