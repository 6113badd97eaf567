// The feature's stylesheet joins the widget's in its shadow root when the feature first draws
// something there: a constructable stylesheet, so a Content-Security-Policy without
// 'unsafe-inline' styles is fine, and pages that never load the feature never carry it.
import stylesheet from './after.css?inline';

const adopted = new WeakSet<Node>();
let sheet: CSSStyleSheet | undefined;

/** Adds the feature's styles to the shadow root holding `node` (once per root). */
export function adoptStyles(node: Node | null | undefined): void {
  const root = node?.getRootNode();
  if (!(root instanceof ShadowRoot) || adopted.has(root)) return;
  adopted.add(root);
  if (!('adoptedStyleSheets' in root) || typeof CSSStyleSheet !== 'function') {
    // Where constructable stylesheets are missing, the widget itself uses a <style> element too.
    const style = document.createElement('style');
    style.textContent = stylesheet;
    root.append(style);
    return;
  }
  if (!sheet) {
    sheet = new CSSStyleSheet();
    sheet.replaceSync(stylesheet);
  }
  root.adoptedStyleSheets = [...root.adoptedStyleSheets, sheet];
}
