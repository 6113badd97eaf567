// The renderer's stylesheet, appended to the widget's by the integrator. It uses the widget's
// custom properties (so light and dark themes follow) and logical properties (so RTL follows).

const MONOSPACE = 'ui-monospace,SFMono-Regular,Menlo,Consolas,"Liberation Mono",monospace';
const ROOT = '[data-md=root]';

export const markdownCss = [
  // The bubble keeps line breaks as written (pre-wrap); here breaks are <br> and blocks.
  `${ROOT}{white-space:normal;overflow-wrap:anywhere;min-width:0}`,
  `${ROOT} p,${ROOT} ul,${ROOT} ol,${ROOT} blockquote,${ROOT} [data-md=code-block],${ROOT} [data-md=rule]{margin-block:0 .6em;margin-inline:0}`,
  `${ROOT} :last-child{margin-block-end:0}`,
  `${ROOT} ul,${ROOT} ol{padding-inline-start:1.5em}`,
  `${ROOT} li>ul,${ROOT} li>ol{margin-block:.2em 0}`,
  `${ROOT} li>p{margin-block:0 .3em}`,
  `${ROOT} blockquote{padding-inline-start:.75em;border-inline-start:3px solid var(--bo);color:var(--mu)}`,
  `${ROOT} [data-md=heading]{font-size:1.05em}`,
  `${ROOT} [data-md=literal]{white-space:pre-wrap}`,
  `${ROOT} [data-md=rule]{border-block-start:1px solid var(--bo)}`,
  `${ROOT} a{color:var(--li)}`,
  `${ROOT} code{font-family:${MONOSPACE};font-size:.9em}`,
  `${ROOT} :not(pre)>code{padding:.1em .3em;border-radius:4px;background:var(--bg);color:var(--fg)}`,
  `${ROOT} [data-md=code-block]{position:relative;border:1px solid var(--bo);border-radius:8px;background:var(--bg);color:var(--fg);overflow:hidden}`,
  `${ROOT} [data-md=code-bar]{display:flex;align-items:center;justify-content:space-between;gap:8px;padding-block:2px;padding-inline:10px 2px;font:12px/1.4 var(--aw-font);color:var(--mu);border-block-end:1px solid var(--sf)}`,
  `${ROOT} [data-md=copy]{min-height:28px;min-width:0;padding:2px 10px;font-size:12px}`,
  `${ROOT} [data-md=status]{position:absolute;width:1px;height:1px;overflow:hidden;clip-path:inset(50%);white-space:nowrap}`,
  // Code reads left to right in every locale; long lines scroll instead of wrapping.
  `${ROOT} pre{margin:0;padding:8px 10px;overflow-x:auto;white-space:pre;tab-size:2;text-align:left;font-size:14px;line-height:1.45}`,
].join('');
