import { Component, h } from 'preact';
import type { AgentMessage, TranscriptItem as TranscriptItemData } from '../../store/state';
import { propsChanged } from '../props-changed';
import type { Strings } from '../strings';
import { MessageItem } from './MessageItem';
import { NoticeItem } from './NoticeItem';

export interface TranscriptItemProps {
  item: TranscriptItemData;
  /** Show the author's name and avatar (first of a run of live-agent messages). */
  showAuthor: boolean;
  /** Far from the end of a long transcript (see itemClass). */
  old: boolean;
  ended: boolean;
  strings: Strings;
  /** Agent text as Markdown. */
  markdown: boolean;
  /** Stable for the widget's life. */
  onRetry(clientEventId: string): void;
  /** This message is being read aloud. */
  reading?: boolean;
  /** Offers "Listen" on agent messages; stable. */
  onListen?: ((message: AgentMessage) => void) | undefined;
}

/**
 * One transcript item, memoized: it re-renders only when one of its props changed. The store
 * keeps the identity of unchanged items, so a frame of a streamed reply re-renders one item, not
 * the whole history (and linkifies only the text that changed).
 */
export class TranscriptItem extends Component<TranscriptItemProps> {
  override shouldComponentUpdate(next: TranscriptItemProps): boolean {
    return propsChanged(next, this.props);
  }

  override render({ item, showAuthor, old, ended, strings, markdown, onRetry, reading, onListen }: TranscriptItemProps) {
    if (item.kind === 'system') return <NoticeItem item={item} old={old} strings={strings} />;
    return (
      <MessageItem
        message={item}
        showAuthor={showAuthor}
        old={old}
        ended={ended}
        strings={strings}
        markdown={markdown}
        onRetry={onRetry}
        reading={reading}
        onListen={onListen}
      />
    );
  }
}
