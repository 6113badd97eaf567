// The renderer's stylesheet, appended to the widget's. It uses the widget's custom properties (so
// light and dark themes follow) and logical properties (so RTL follows).

const ROOT = '[data-md=root]';

export const markdownCss = `
${ROOT} { white-space: pre-line; min-width: 0 }
${ROOT} > *, ${ROOT} li > * { margin: 0 0 .5em }
${ROOT} :last-child { margin-bottom: 0 }
${ROOT} ul, ${ROOT} ol { padding-inline-start: 1.4em }
[data-md=literal] { white-space: pre-wrap }
${ROOT} code { font: .9em ui-monospace, Menlo, Consolas, monospace }
[data-md=code] { border: 1px solid var(--aw-border); border-radius: 8px; background: var(--aw-background) }
[data-md=code] button { display: block; min-height: 32px; margin: 4px 4px 0; margin-inline-start: auto; padding: 2px 10px; font-size: 12px }
[data-md=code] pre { margin: 0; padding: 8px 10px; overflow-x: auto; text-align: left }
`;
