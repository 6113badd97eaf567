import { Component, createRef, Fragment, h, type VNode } from 'preact';
import type { FeatureHost } from '../seam/feature-host';
import type { TranscriptItem as TranscriptItemData } from '../store/state';
import type { Strings } from '../strings/strings';
import { whenIdle } from './frames';
import { propsChanged } from './props-changed';
import { Slot } from './Slot';
import { startsBurst } from './TranscriptItem/itemAttributes';
import { TranscriptItem } from './TranscriptItem/TranscriptItem';

/** Items further than this from the end may skip layout while off screen (content-visibility). */
const RECENT_ITEMS = 100;
/**
 * How many items a render builds at once when more arrive together (a long replay, a long
 * history): the latest, a screenful and more on a tall phone, then the older ones in slices.
 */
const ITEMS_BUILT_FIRST = 30;
/** Older items built per slice while a long transcript catches up. */
const OLDER_ITEMS_PER_SLICE = 1000;
/** Pixels from the bottom that still count as "at the bottom". */
const NEAR_BOTTOM_PX = 48;

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
  /** The loaded optional features: their "message-actions" and "transcript-end" slots. Stable. */
  features?: FeatureHost | undefined;
}

/**
 * The log of messages and notices, following new content, with a "New messages" jump.
 *
 * Sticky scroll: the log follows new content unless the visitor scrolled up (then it offers a
 * jump to the new messages); the visitor's own new message always brings the bottom back. Nothing
 * is measured while the panel is hidden (a hidden log cannot scroll): on the next open it catches up.
 *
 * A long transcript arriving at once renders what is on screen first: the latest ITEMS_BUILT_FIRST in
 * the same frame, the older ones above them in later tasks, in order, while the log stays pinned
 * to the bottom.
 */
export class Transcript extends Component<TranscriptProps, { hasUnseenMessages: boolean }> {
  override state = { hasUnseenMessages: false };
  #log = createRef<HTMLDivElement>();
  #scrolledUp = false;
  #lastItemKey: string | undefined;
  #resizeObserver: ResizeObserver | undefined;
  /** How many of the oldest items are not rendered yet. */
  #olderItemsPending = 0;
  /** items.length at the last render. */
  #renderedItemCount = 0;
  /** The next slice of older items waits for an idle moment. */
  #olderItemsScheduled = false;

  override componentDidMount(): void {
    // The log shrinks when the composer grows or the on-screen keyboard opens: stay pinned.
    this.#resizeObserver = new ResizeObserver(this.#followIfAtEnd);
    if (this.#log.current) this.#resizeObserver.observe(this.#log.current);
    this.componentDidUpdate();
  }

  // After the first render too (no previous props).
  override componentDidUpdate(previous?: Readonly<TranscriptProps>): void {
    const { items, open } = this.props;
    if (open && (items !== previous?.items || !previous.open)) this.#followNewItems(items);
    // Older items rendered above (a long replay catching up): a pinned log stays pinned.
    else this.#followIfAtEnd();
    this.#scheduleOlderItems();
  }

  override componentWillUnmount(): void {
    this.#resizeObserver?.disconnect();
  }

  // Memoized: the history re-renders only when the items, the language or the end changed, and
  // each item only when its own props did (onRetry is stable).
  override shouldComponentUpdate(next: TranscriptProps, nextState: { hasUnseenMessages: boolean }): boolean {
    return propsChanged(next, this.props) || propsChanged(nextState, this.state);
  }

  #scheduleOlderItems(): void {
    if (!this.#olderItemsPending || this.#olderItemsScheduled) return;
    this.#olderItemsScheduled = true;
    const { items } = this.props;
    // Not cancelled on unmount: forceUpdate on an unmounted component does nothing.
    whenIdle(() => {
      this.#olderItemsScheduled = false;
      // Items still arriving (a replay in several batches): the older ones wait until it is all there.
      if (items === this.props.items) {
        this.#olderItemsPending = Math.max(0, this.#olderItemsPending - OLDER_ITEMS_PER_SLICE);
        this.forceUpdate();
      } else this.#scheduleOlderItems();
    });
  }

  #followNewItems(items: readonly TranscriptItemData[]): void {
    const lastItem = items[items.length - 1];
    // An empty log has nothing to scroll: no layout forced (the first open, before any message).
    if (!lastItem) return;
    const isNewItem = lastItem.key !== this.#lastItemKey;
    this.#lastItemKey = lastItem.key;
    if (!this.#scrolledUp || (isNewItem && lastItem.kind === 'user')) this.#scrollToEnd();
    else if (isNewItem) this.setState({ hasUnseenMessages: true });
  }

  /** Scroll to the end and follow new content again. */
  #scrollToEnd = () => {
    const element = this.#log.current;
    if (!element) return;
    element.scrollTop = element.scrollHeight;
    this.#scrolledUp = false;
    this.setState({ hasUnseenMessages: false });
  };

  /** Also when images finish loading and grow the log: keep the bottom in view. */
  #followIfAtEnd = () => {
    if (this.props.open && !this.#scrolledUp) this.#scrollToEnd();
  };

  #onScroll = (event: Event) => {
    // The event's own element: a scroll queued before an unmount (destroy) arrives after the DOM is gone.
    const element = event.currentTarget;
    if (!(element instanceof HTMLElement)) return;
    this.#scrolledUp = element.scrollHeight - element.scrollTop - element.clientHeight >= NEAR_BOTTOM_PX;
    if (!this.#scrolledUp) this.setState({ hasUnseenMessages: false });
  };

  /** The index of the first item to render now. */
  #firstRenderedIndex(itemCount: number): number {
    if (itemCount - this.#renderedItemCount > ITEMS_BUILT_FIRST)
      this.#olderItemsPending = Math.max(this.#olderItemsPending, itemCount - ITEMS_BUILT_FIRST);
    this.#olderItemsPending = Math.min(this.#olderItemsPending, itemCount);
    this.#renderedItemCount = itemCount;
    return this.#olderItemsPending;
  }

  override render(
    { items, ended, strings, markdown, onRetry, features }: TranscriptProps,
    { hasUnseenMessages }: { hasUnseenMessages: boolean },
  ) {
    // In groups of OLDER_ITEMS_PER_SLICE by position: a slice of older items arrives as a new group
    // in front, not as a thousand unknown keys for the renderer to look for among all the others.
    const groups: VNode[][] = [];
    // The same array until a feature is added: memoized items re-render only then.
    const messageActions = features?.slot('message-actions');
    const userMessageBody = features?.userMessageBody;
    const afterItem = features?.slot('after-item');
    const first = this.#firstRenderedIndex(items.length);
    const firstGroup = Math.floor(first / OLDER_ITEMS_PER_SLICE);
    for (let index = first; index < items.length; index += 1) {
      const item = items[index]!;
      const previous = items[index - 1];
      const startsLiveAgentRun =
        item.kind === 'live-agent' && !(previous?.kind === 'live-agent' && previous.authorName === item.authorName);
      const group = Math.floor(index / OLDER_ITEMS_PER_SLICE) - firstGroup;
      groups[group] ??= [];
      groups[group].push(
        <TranscriptItem
          key={item.key}
          item={item}
          showAuthor={startsLiveAgentRun}
          showTime={startsBurst(item, previous)}
          old={index < items.length - RECENT_ITEMS}
          ended={ended}
          strings={strings}
          markdown={markdown}
          onRetry={onRetry}
          messageActions={messageActions}
          userMessageBody={userMessageBody}
        />,
      );
      // What features place after this item (a finished call's turns where the call was).
      for (const [number, AfterItem] of (afterItem ?? []).entries())
        groups[group].push(<AfterItem key={`${item.key} after ${number}`} item={item} ended={ended} />);
    }
    return (
      <div class="transcript-area">
        <div
          class="transcript"
          ref={this.#log}
          role="log"
          aria-live="off"
          aria-label={strings.translate('transcriptLabel')}
          // biome-ignore lint/a11y/noNoninteractiveTabindex: the log scrolls, so keyboard users must be able to focus it
          tabIndex={0}
          onScroll={this.#onScroll}
          onLoadCapture={this.#followIfAtEnd}
        >
          {groups.map((group, number) => (
            <Fragment key={firstGroup + number}>{group}</Fragment>
          ))}
          <Slot features={features} name="transcript-end" props={{ ended }} />
        </div>
        {hasUnseenMessages && (
          <button type="button" class="new-messages primary" onClick={this.#scrollToEnd}>
            {strings.translate('newMessages')}
          </button>
        )}
      </div>
    );
  }
}
