// Where focus is, as the widget's focus moves need to know it. Inside an open shadow root,
// document.activeElement is the host; the shadow root's own activeElement is the element.

/** The elements focus moves between. */
export interface FocusTargets {
  composer: { current: HTMLTextAreaElement | null };
  closeButton: { current: HTMLButtonElement | null };
  newConversationButton: { current: HTMLButtonElement | null };
}

/** Focus is in the widget, on its host, or nowhere: moving it back to the launcher takes nothing from the page. */
export function focusIsInWidgetOrNowhere(root: HTMLElement | null): boolean {
  const active = document.activeElement;
  return !!root && (pageFocusIsNowhere() || root.contains(active) || active === shadowRootOf(root)?.host);
}

/** Nothing has focus any more, or the focused control was disabled (the composer, at the end). */
export function focusWasLost(root: HTMLElement | null): boolean {
  if (!root) return false;
  const active = (shadowRootOf(root) ?? document).activeElement;
  if (!active || active === document.body) return pageFocusIsNowhere();
  return 'disabled' in active && active.disabled === true;
}

function pageFocusIsNowhere(): boolean {
  return !document.activeElement || document.activeElement === document.body;
}

function shadowRootOf(element: HTMLElement): ShadowRoot | undefined {
  const rootNode = element.getRootNode();
  return rootNode instanceof ShadowRoot ? rootNode : undefined;
}
