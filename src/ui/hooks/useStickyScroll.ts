import type { RefObject } from 'preact';
import { useCallback, useLayoutEffect, useRef, useState } from 'preact/hooks';
import type { TranscriptItem } from '../../store/state';

/** Pixels from the bottom that still count as "at the bottom". */
const NEAR_BOTTOM_PX = 48;

export interface StickyScroll {
  /** New messages arrived below while the visitor reads further up. */
  hasUnseenMessages: boolean;
  /** Scroll to the end and follow new content again. */
  scrollToEnd(): void;
  onScroll(event: Event): void;
  /** Images finishing loading grow the log: keep the bottom in view. */
  onContentLoad(): void;
}

/**
 * Sticky auto-scroll: the log follows new content unless the visitor scrolled up (then it offers
 * a jump to the new messages); the visitor's own new message always brings the bottom back.
 * Nothing is measured while the panel is hidden (a hidden log cannot scroll): on the next open
 * it catches up.
 */
export function useStickyScroll(log: RefObject<HTMLElement | null>, items: readonly TranscriptItem[], open: boolean): StickyScroll {
  const [hasUnseenMessages, setHasUnseenMessages] = useState(false);
  const scrolledUp = useRef(false);
  const lastItemKey = useRef<string | undefined>(undefined);
  const isOpen = useRef(open);
  isOpen.current = open;

  const scrollToEnd = useCallback(() => {
    const element = log.current;
    if (!element) return;
    element.scrollTop = element.scrollHeight;
    scrolledUp.current = false;
    setHasUnseenMessages(false);
  }, [log]);

  const followIfAtEnd = useCallback(() => {
    if (isOpen.current && !scrolledUp.current) scrollToEnd();
  }, [scrollToEnd]);

  useLayoutEffect(() => {
    if (!open) return;
    const lastItem = items[items.length - 1];
    const isNewItem = !!lastItem && lastItem.key !== lastItemKey.current;
    if (lastItem) lastItemKey.current = lastItem.key;
    if (!scrolledUp.current || (isNewItem && lastItem.kind === 'user')) scrollToEnd();
    else if (isNewItem) setHasUnseenMessages(true);
  }, [items, open, scrollToEnd]);

  // The log shrinks when the composer grows or the on-screen keyboard opens: stay pinned.
  useLayoutEffect(() => {
    const element = log.current;
    if (!element) return;
    const observer = new ResizeObserver(followIfAtEnd);
    observer.observe(element);
    return () => observer.disconnect();
  }, [log, followIfAtEnd]);

  const onScroll = useCallback((event: Event) => {
    // The event's own element: a scroll queued before an unmount (destroy) arrives after the DOM is gone.
    const element = event.currentTarget;
    if (!(element instanceof HTMLElement)) return;
    scrolledUp.current = element.scrollHeight - element.scrollTop - element.clientHeight >= NEAR_BOTTOM_PX;
    if (!scrolledUp.current) setHasUnseenMessages(false);
  }, []);

  return { hasUnseenMessages, scrollToEnd, onScroll, onContentLoad: followIfAtEnd };
}
