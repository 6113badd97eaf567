import { Component, h } from 'preact';
import { propsChanged } from '../props-changed';
import { MessageItem } from './MessageItem';
import { NoticeItem } from './NoticeItem';
import type { TranscriptItemProps } from './props';

/**
 * One transcript item, memoized: it re-renders only when one of its props changed. The store
 * keeps the identity of unchanged items, so a frame of a streamed reply re-renders one item, not
 * the whole history (and linkifies only the text that changed).
 */
export class TranscriptItem extends Component<TranscriptItemProps> {
  override shouldComponentUpdate(next: TranscriptItemProps): boolean {
    return propsChanged(next, this.props);
  }

  override render({
    item,
    showAuthor,
    showTime,
    old,
    ended,
    strings,
    markdown,
    onRetry,
    messageActions,
    userMessageBody,
  }: TranscriptItemProps) {
    if (item.kind === 'system') return <NoticeItem item={item} old={old} strings={strings} />;
    return (
      <MessageItem
        message={item}
        showAuthor={showAuthor}
        showTime={showTime}
        old={old}
        ended={ended}
        strings={strings}
        markdown={markdown}
        onRetry={onRetry}
        messageActions={messageActions}
        userMessageBody={userMessageBody}
      />
    );
  }
}
