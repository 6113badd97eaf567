// The widget's stylesheet lives in launcher.css (the base and the launcher, which the script tag's
// loader shows alone) and styles.css; this module hands it over as one string (mount.ts installs
// it in the shadow root). `?inline` makes the build minify it into the bundle as text.
import launcherStylesheet from './launcher.css?inline';
import markdownStylesheet from './markdown/markdown.css?inline';
import stylesheet from './styles.css?inline';

export interface ThemeOptions {
  /** Accent colour (header, launcher, user bubbles); white text sits on it. Default #1d4ed8. */
  accent?: string;
  /** Corner radius: a number (px) or any CSS length. */
  radius?: number | string;
  /** font-family list. */
  font?: string;
  /** Side of the floating launcher. Default: the end of the reading direction (right; left in RTL). */
  position?: 'right' | 'left';
  /** 'auto' follows prefers-color-scheme. Default 'light'. */
  mode?: 'light' | 'dark' | 'auto';
}

export const css: string = launcherStylesheet + stylesheet + markdownStylesheet;
