// The widget's stylesheet lives in styles.css; this module hands it over as one string (mount.ts
// installs it in the shadow root). `?inline` makes the build minify it into the bundle as text.
import markdownStylesheet from './markdown/markdown.css?inline';
import stylesheet from './styles.css?inline';

export const css: string = stylesheet + markdownStylesheet;
