import { h } from 'preact';
import type { AgentMessage, UserMessage } from '../../store/state';
import { Attachment } from '../Attachment';
import { Avatar } from '../Avatar';
import { linkified } from '../ExternalLink';
import { Markdown } from '../markdown';
import { itemClass, itemTitle, messageTime } from './itemAttributes';
import type { TranscriptItemProps } from './props';

/** A transcript item's props, with the item known to be a message. */
export type MessageItemProps = Omit<TranscriptItemProps, 'item'> & { message: UserMessage | AgentMessage };

/** One message: data-author, data-status (user), data-streaming (agent, while it grows). */
export function MessageItem({
  message,
  showAuthor,
  showTime,
  old,
  ended,
  strings,
  markdown,
  onRetry,
  messageActions,
  userMessageBody,
}: MessageItemProps) {
  const { translate } = strings;
  const fromUser = message.kind === 'user';
  const authorName = fromUser ? translate('you') : message.authorName || translate('agent');
  const hasBody = fromUser || message.text || message.streaming || message.attachments.length === 0;
  const time = messageTime(message.timestamp, strings.lang);
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
          {fromUser ? (
            (userMessageBody?.(message.text) ?? linkified(message.text))
          ) : markdown ? (
            <Markdown text={message.text} strings={strings} />
          ) : (
            linkified(message.text)
          )}
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
      {time && (
        // Every message has its time, read with it; it shows once per burst.
        <time class={showTime ? 'message-time' : 'visually-hidden'} dateTime={message.timestamp}>
          {time}
        </time>
      )}
      {!fromUser && !message.streaming && messageActions?.map((action) => h(action, { message, ended }))}
    </div>
  );
}
