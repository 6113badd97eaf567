// The widget's whole stylesheet, installed in its shadow root (mount.ts). Hand-written, compact.
// Theme through custom properties: --aw-accent, --aw-on (text on accent), --aw-radius, --aw-font.
// Colours meet 4.5:1 for text in light and dark. Logical properties mirror the layout for RTL.

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

/** Inline custom properties for the root (applied through the CSSOM, so CSP-safe). */
export function themeVars(theme: ThemeOptions = {}): Record<string, string> {
  const v: Record<string, string> = {};
  if (theme.accent) v['--aw-accent'] = theme.accent;
  if (theme.radius != null) v['--aw-radius'] = typeof theme.radius == 'number' ? theme.radius + 'px' : theme.radius;
  if (theme.font) v['--aw-font'] = theme.font;
  return v;
}

const DARK = '--bg:#111827;--fg:#f9fafb;--mu:#9ca3af;--sf:#1f2937;--bo:#9ca3af;--li:#93c5fd;--er:#fca5a5;--wb:#422006;--wf:#fde68a;color-scheme:dark';

export const css =
  ':host{all:initial}' +
  ':host([data-inline]){display:block;height:100%}' +
  '[hidden]{display:none!important}' +
  '*{box-sizing:border-box}' +
  // all:initial here too: a page's rules on the host element (letter-spacing, text-transform,
  // cursor…) would otherwise reach every node in here through inheritance.
  '.aw{all:initial;display:block;--aw-accent:#1d4ed8;--aw-on:#fff;--aw-radius:12px;--aw-font:system-ui,-apple-system,"Segoe UI",Roboto,sans-serif;' +
  '--bg:#fff;--fg:#111827;--mu:#4b5563;--sf:#f3f4f6;--bo:#6b7280;--li:var(--aw-accent);--er:#b91c1c;--wb:#fef3c7;--wf:#713f12;' +
  'font:15px/1.45 var(--aw-font);color:var(--fg);text-align:start;height:100%}' +
  `.aw[data-theme=dark]{${DARK}}` +
  `@media (prefers-color-scheme:dark){.aw[data-theme=auto]{${DARK}}}` +
  'button{font:inherit;color:inherit;cursor:pointer;min-height:40px;min-width:40px;border-radius:8px;border:1px solid var(--bo);background:var(--bg);padding:6px 12px}' +
  'button:disabled{opacity:.55;cursor:default}' +
  ':focus-visible{outline:2px solid var(--li);outline-offset:2px}' +
  'a{color:var(--li)}' +
  '.pr{background:var(--aw-accent);color:var(--aw-on);border-color:transparent}' +
  '.sr{position:absolute;width:1px;height:1px;overflow:hidden;clip:rect(0 0 0 0);white-space:nowrap}' +
  // launcher + badge
  '.l,.p{position:fixed;z-index:2147483000;inset-inline-end:20px}' +
  // no position: the reading end (mirrored for RTL); an explicit side is physical
  '[data-pos=left] :is(.l,.p){left:20px;right:auto}' +
  '[data-pos=right] :is(.l,.p){right:20px;left:auto}' +
  '.l{inset-block-end:20px;width:56px;height:56px;border-radius:50%;border:0;padding:0;display:grid;place-items:center;box-shadow:0 4px 14px #0004}' +
  '.bd{position:absolute;inset-block-start:-4px;inset-inline-end:-4px;min-width:22px;height:22px;padding:0 6px;border-radius:11px;background:#b91c1c;color:#fff;font-size:12px;font-weight:700;line-height:22px}' +
  // panel
  '.p{inset-block-end:88px;width:min(380px,calc(100vw - 40px));height:min(620px,calc(100vh - 108px));display:flex;flex-direction:column;' +
  'background:var(--bg);border:1px solid var(--sf);border-radius:var(--aw-radius);box-shadow:0 8px 32px #0003;overflow:hidden;animation:in .2s ease-out}' +
  '@keyframes in{from{opacity:0;transform:translateY(8px)}}' +
  '[data-inline] .p{position:relative;inset:auto;width:100%;height:100%;min-height:360px;box-shadow:none;animation:none}' +
  '@media (max-width:480px){.aw:not([data-inline]) .p{inset:0;width:auto;height:100vh;height:100dvh;border:0;border-radius:0;' +
  'padding:env(safe-area-inset-top) env(safe-area-inset-right) env(safe-area-inset-bottom) env(safe-area-inset-left)}}' +
  // header
  '.h{display:flex;align-items:center;gap:8px;padding:8px;padding-inline-start:12px;background:var(--aw-accent);color:var(--aw-on)}' +
  '.h button{border:0;background:none;padding:6px 8px}' +
  // darken, not lighten: text on the accent must keep its contrast while hovered
  '.h button:hover{background:#0003}' +
  '.h :focus-visible{outline-color:currentColor}' +
  '.ht{flex:1;min-width:0}' +
  '.ht h2{margin:0;font-size:16px;font-weight:600}' +
  '.ht h2,.ht div{overflow:hidden;text-overflow:ellipsis;white-space:nowrap}' +
  '.ht div{font-size:13px}' +
  '.av{width:32px;height:32px;border-radius:50%;object-fit:cover;flex:none;display:grid;place-items:center;background:var(--sf);color:var(--fg);font-weight:600;font-size:14px}' +
  '.cf,.cn{display:flex;flex-wrap:wrap;align-items:center;gap:8px;padding:8px 12px;background:var(--sf);font-size:14px}' +
  '.cf span{flex:1}' +
  '.cn:empty{padding:0}' +
  '[data-connection=error]{color:var(--er)}' +
  // waiting for the network: a warning tint, so it is noticed
  ':is([data-connection=reconnecting],[data-connection=offline]):not(:empty){background:var(--wb);color:var(--wf)}' +
  // transcript
  '.gw{position:relative;flex:1;display:flex;min-height:0}' +
  '.g{flex:1;overflow-y:auto;padding:12px;display:flex;flex-direction:column;gap:8px;overscroll-behavior:contain}' +
  '.m{display:flex;flex-direction:column;align-items:flex-start;gap:2px;max-width:85%}' +
  '.m[data-author=user]{align-self:flex-end;align-items:flex-end}' +
  '.b{padding:8px 12px;border-radius:var(--aw-radius);background:var(--sf);white-space:pre-wrap;overflow-wrap:anywhere}' +
  '[data-author=user] .b{background:var(--aw-accent);color:var(--aw-on)}' +
  '[data-author=user] .b a{color:inherit}' +
  '[data-streaming] .b::after{content:"▍";animation:bl 1s steps(2) infinite}' +
  '@keyframes bl{50%{opacity:0}}' +
  '.w{display:flex;align-items:center;gap:6px;font-size:12px;color:var(--mu)}' +
  '.w .av{width:24px;height:24px;font-size:12px}' +
  '.w button{min-height:32px;padding:2px 10px}' +
  '[data-status=failed] .w{color:var(--er)}' +
  // "Sending…" only shows when sending takes a moment
  '[data-status=sending] .w{animation:dl 1s step-end}' +
  '@keyframes dl{0%{visibility:hidden}}' +
  '.m time{display:none;font-size:12px;color:var(--mu)}' +
  '.m:hover time,.m:focus-within time{display:block}' +
  '.m[data-author=system]{align-self:center;max-width:100%;text-align:center;font-size:13px;color:var(--mu)}' +
  '[data-level=error]{color:var(--er)!important}' +
  '.at{display:block;width:240px;max-width:100%;border:1px solid var(--sf);border-radius:var(--aw-radius);overflow:hidden;background:var(--bg)}' +
  '.at img,.ai{display:block;width:100%;aspect-ratio:16/9;object-fit:cover;background:var(--sf)}' +
  // an image keeps its own proportions (no letterbox bars), within bounds
  '.ai{width:240px;max-width:100%;height:auto;max-height:320px;aspect-ratio:auto;object-fit:contain;border-radius:var(--aw-radius)}' +
  '.at div{padding:8px 12px;display:grid;gap:4px}' +
  '.nm{position:absolute;inset-block-end:8px;left:50%;transform:translateX(-50%);border-radius:999px;box-shadow:0 2px 8px #0003}' +
  // below the log
  '.ty,.q,.cc{padding:2px 12px;font-size:13px;color:var(--mu)}' +
  '.q{padding-block:6px;border-top:1px solid var(--sf)}' +
  '.sg{display:flex;flex-wrap:wrap;gap:6px;padding:4px 12px 8px}' +
  '.sg button{border-color:var(--li);color:var(--li);border-radius:999px}' +
  '.en{display:grid;gap:8px;justify-items:center;padding:10px 12px;text-align:center}' +
  '.c{display:flex;gap:8px;align-items:flex-end;padding:8px 12px 12px;border-top:1px solid var(--sf)}' +
  'textarea{flex:1;resize:none;font:16px/1.4 var(--aw-font);color:var(--fg);background:var(--bg);border:1px solid var(--bo);border-radius:8px;' +
  'padding:9px 10px;min-height:40px;max-height:calc(7em + 20px);overflow-y:auto}' +
  'textarea:disabled{background:var(--sf);opacity:.55;cursor:default}' +
  '.cc[data-over]{color:var(--er)}' +
  '@media (prefers-reduced-motion:reduce){*{animation:none!important;transition:none!important}}';
