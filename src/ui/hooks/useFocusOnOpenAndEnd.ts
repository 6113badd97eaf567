import type { RefObject } from 'preact';
import { useLayoutEffect, useRef } from 'preact/hooks';

export interface FocusTargets {
  /** The widget's root element (inside the shadow root when mounted). */
  root: RefObject<HTMLDivElement | null>;
  launcher: RefObject<HTMLButtonElement | null>;
  composer: RefObject<HTMLTextAreaElement | null>;
  closeButton: RefObject<HTMLButtonElement | null>;
  newConversationButton: RefObject<HTMLButtonElement | null>;
}

/**
 * Moves focus in the same task as the render, before a fast visitor's next key press lands on
 * the wrong element: into the composer on open; back to the launcher on close (unless the visitor
 * already went elsewhere on the page); to "Start new conversation" when the session ends under a
 * control that vanished or got disabled; back into the composer when a new conversation starts.
 */
export function useFocusOnOpenAndEnd(targets: FocusTargets, open: boolean, ended: boolean): void {
  const previous = useRef<{ open: boolean; ended: boolean } | undefined>(undefined);
  useLayoutEffect(() => {
    const before = previous.current;
    previous.current = { open, ended };
    if (!before) return;
    const { root, launcher, composer, closeButton, newConversationButton } = targets;
    if (before.open !== open) {
      if (open) (composer.current && !composer.current.disabled ? composer.current : closeButton.current)?.focus();
      else if (focusIsInWidgetOrNowhere(root.current)) launcher.current?.focus();
    } else if (open && before.ended !== ended) {
      if (!ended) composer.current?.focus();
      else if (focusWasLost(root.current)) newConversationButton.current?.focus();
    }
  }, [targets, open, ended]);
}

function scopeOf(element: HTMLElement): DocumentOrShadowRoot {
  const rootNode = element.getRootNode();
  return rootNode instanceof ShadowRoot ? rootNode : document;
}

function focusIsInWidgetOrNowhere(root: HTMLElement | null): boolean {
  if (!root) return false;
  const active = document.activeElement;
  const rootNode = root.getRootNode();
  const host = rootNode instanceof ShadowRoot ? rootNode.host : undefined;
  return !active || active === document.body || root.contains(active) || active === host;
}

/** Nothing has focus any more, or the focused control was disabled (the composer, at the end). */
function focusWasLost(root: HTMLElement | null): boolean {
  if (!root) return false;
  const active = scopeOf(root).activeElement;
  if (!active || active === document.body) return !document.activeElement || document.activeElement === document.body;
  return 'disabled' in active && active.disabled === true;
}
