// A stylesheet for the parts drawn without Preact (the loader's launcher, the teaser): adopted as
// one constructable stylesheet per text, shared by every widget of the page (no inline style under
// a strict CSP), or a <style> element where adoptedStyleSheets is missing.

const sheets = new Map<string, CSSStyleSheet>();

/** Adopts `css` after the sheets the shadow root has, once; else appends a <style> with it to `fallbackParent`. */
export function adoptStylesheet(shadowRoot: ShadowRoot, css: string, fallbackParent: ParentNode = shadowRoot): void {
  try {
    if ('adoptedStyleSheets' in shadowRoot) {
      let sheet = sheets.get(css);
      if (!sheet) {
        sheet = new CSSStyleSheet();
        sheet.replaceSync(css);
        sheets.set(css, sheet);
      }
      if (!shadowRoot.adoptedStyleSheets.includes(sheet)) shadowRoot.adoptedStyleSheets = [...shadowRoot.adoptedStyleSheets, sheet];
      return;
    }
  } catch {
    // below
  }
  const style = document.createElement('style');
  style.textContent = css;
  fallbackParent.append(style);
}
