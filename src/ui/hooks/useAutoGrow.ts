import type { RefObject } from 'preact';
import { useLayoutEffect, useRef } from 'preact/hooks';

/**
 * The composer grows with its text; the stylesheet's max-height (about 5 lines) caps it, then it
 * scrolls. Measures only when the text changed (never while the panel is hidden: the text only
 * changes while the visitor types in it).
 */
export function useAutoGrow(textarea: RefObject<HTMLTextAreaElement | null>, text: string): void {
  const measuredText = useRef(text);
  useLayoutEffect(() => {
    const element = textarea.current;
    if (!element || measuredText.current === text) return;
    measuredText.current = text;
    element.style.height = '';
    if (element.scrollHeight > element.clientHeight)
      element.style.height = `${element.scrollHeight + element.offsetHeight - element.clientHeight}px`;
  }, [textarea, text]);
}
