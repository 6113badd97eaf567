// The widget's stylesheet lives in launcher.css (the base and the launcher, which the script tag's
// loader shows alone) and styles.css; this module hands it over as one string (mount.ts installs
// it in the shadow root). `?inline` makes the build minify it into the bundle as text.
import launcherStylesheet from './launcher.css?inline';
import markdownStylesheet from './markdown/markdown.css?inline';
import stylesheet from './styles.css?inline';

export const css: string = launcherStylesheet + stylesheet + markdownStylesheet;
