import { h } from 'preact';
import { useMemo, useRef } from 'preact/hooks';
import type { TranscriptItem as TranscriptItemData } from '../store/state';
import { useStickyScroll } from './hooks/useStickyScroll';
import type { Strings } from './strings';
import { TranscriptItem } from './TranscriptItem/TranscriptItem';

/** Items further than this from the end may skip layout while off screen (see itemClass). */
const RECENT_ITEMS = 100;

export interface TranscriptProps {
  items: readonly TranscriptItemData[];
  ended: boolean;
  /** The panel is shown: nothing is measured or scrolled while it is hidden. */
  open: boolean;
  strings: Strings;
  /** Agent text as Markdown. */
  markdown: boolean;
  /** Stable for the widget's life. */
  onRetry(clientEventId: string): void;
}

/** The log of messages and notices, following new content, with a "New messages" jump. */
export function Transcript({ items, ended, open, strings, markdown, onRetry }: TranscriptProps) {
  const log = useRef<HTMLDivElement>(null);
  const { hasUnseenMessages, scrollToEnd, onScroll, onContentLoad } = useStickyScroll(log, items, open);
  // The list is rebuilt only when something it depends on changed, and each item is memoized.
  const rendered = useMemo(
    () =>
      items.map((item, index) => {
        const previous = items[index - 1];
        const startsLiveAgentRun =
          item.kind === 'live-agent' && !(previous?.kind === 'live-agent' && previous.authorName === item.authorName);
        return (
          <TranscriptItem
            key={item.key}
            item={item}
            showAuthor={startsLiveAgentRun}
            old={index < items.length - RECENT_ITEMS}
            ended={ended}
            strings={strings}
            markdown={markdown}
            onRetry={onRetry}
          />
        );
      }),
    [items, ended, strings, markdown, onRetry],
  );
  return (
    <div class="transcript-area">
      <div
        class="transcript"
        ref={log}
        role="log"
        aria-live="off"
        aria-label={strings.translate('transcriptLabel')}
        // biome-ignore lint/a11y/noNoninteractiveTabindex: the log scrolls, so keyboard users must be able to focus it
        tabIndex={0}
        onScroll={onScroll}
        onLoadCapture={onContentLoad}
      >
        {rendered}
      </div>
      {hasUnseenMessages && (
        <button type="button" class="new-messages primary" onClick={scrollToEnd}>
          {strings.translate('newMessages')}
        </button>
      )}
    </div>
  );
}
