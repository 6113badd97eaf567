// Where focus is, as the widget's focus moves need to know it (inside an open shadow root,
// document.activeElement is the host).

/** Focus is in the widget, on its host, or nowhere: moving it back to the launcher takes nothing from the page. */
export function focusIsInWidgetOrNowhere(root: HTMLElement | null): boolean {
  if (!root) return false;
  const active = document.activeElement;
  const rootNode = root.getRootNode();
  const host = rootNode instanceof ShadowRoot ? rootNode.host : undefined;
  return !active || active === document.body || root.contains(active) || active === host;
}

/** Nothing has focus any more, or the focused control was disabled (the composer, at the end). */
export function focusWasLost(root: HTMLElement | null): boolean {
  if (!root) return false;
  const rootNode = root.getRootNode();
  const active = (rootNode instanceof ShadowRoot ? rootNode : document).activeElement;
  if (!active || active === document.body) return !document.activeElement || document.activeElement === document.body;
  return 'disabled' in active && active.disabled === true;
}
