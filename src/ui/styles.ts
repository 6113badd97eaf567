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

// Internal colours: bg, fg, mu(ted text), sf (surface), bo(rder), li(nk/focus), er(ror),
// wb/wf (warning background/foreground).
const DARK =
  '{--bg:#111827;--fg:#f9fafb;--mu:#9ca3af;--sf:#1f2937;--bo:#9ca3af;--li:#93c5fd;--er:#fca5a5;--wb:#422006;--wf:#fde68a;color-scheme:dark}';

export const css =
  ':host{all:initial}' +
  ':host([data-inline]){display:block;height:100%}' +
  '[hidden]{display:none!important}' +
  '*{box-sizing:border-box}' +
  // all:initial here too: a page's rules on the host element (letter-spacing, text-transform,
  // cursor…) would otherwise reach every node in here through inheritance.
  '.aw{all:initial;display:block;height:100%;--aw-accent:#1d4ed8;--aw-on:#fff;--aw-radius:12px;--aw-font:system-ui,sans-serif;' +
  '--bg:#fff;--fg:#111827;--mu:#4b5563;--sf:#f3f4f6;--bo:#6b7280;--li:var(--aw-accent);--er:#b91c1c;--wb:#fef3c7;--wf:#713f12;' +
  'font:15px/1.45 var(--aw-font);color:var(--fg)}' +
  `[data-theme=dark]${DARK}` +
  `@media (prefers-color-scheme:dark){[data-theme=auto]${DARK}}` +
  'button{font:inherit;color:inherit;cursor:pointer;min-height:40px;min-width:40px;border-radius:8px;border:1px solid var(--bo);background:var(--bg);padding:6px 12px}' +
  ':disabled{opacity:.55;cursor:default}' +
  ':focus-visible{outline:2px solid var(--li);outline-offset:2px}' +
  'a{color:var(--li)}' +
  '.pr{background:var(--aw-accent);color:var(--aw-on);border-color:#0000}' +
  '.sr{position:absolute;width:1px;height:1px;overflow:hidden;clip:rect(0 0 0 0);white-space:nowrap}' +
  'svg{width:24px;height:24px;fill:none;stroke:currentColor;stroke-width:2;stroke-linecap:round}' +
  // launcher + badge; no position: the reading end (mirrored for RTL); an explicit side is physical
  '.l,.p{position:fixed;z-index:2147483000;inset-inline-end:20px}' +
  '[data-pos=left] :is(.l,.p){left:20px;right:auto}' +
  '[data-pos=right] :is(.l,.p){right:20px;left:auto}' +
  '.l{bottom:20px;width:56px;height:56px;border-radius:50%;border:0;padding:0;box-shadow:0 4px 14px #0004}' +
  '.bd{position:absolute;top:-4px;inset-inline-end:-4px;min-width:22px;padding:0 6px;border-radius:11px;background:#b91c1c;color:#fff;font:700 12px/22px var(--aw-font)}' +
  // panel
  '.p{bottom:88px;width:min(380px,100vw - 40px);height:min(620px,100vh - 108px);display:flex;flex-direction:column;' +
  'background:var(--bg);border:1px solid var(--sf);border-radius:var(--aw-radius);box-shadow:0 8px 32px #0003;overflow:hidden}' +
  '[data-inline] .p{position:relative;inset:auto;width:100%;height:100%;min-height:360px;box-shadow:none}' +
  '@media (max-width:480px){.aw:not([data-inline]) .p{inset:0;width:auto;height:100vh;height:100dvh;border:0;border-radius:0;' +
  'padding:env(safe-area-inset-top) env(safe-area-inset-right) env(safe-area-inset-bottom) env(safe-area-inset-left)}}' +
  // header
  '.h{display:flex;align-items:center;gap:8px;padding:8px;padding-inline-start:12px;background:var(--aw-accent);color:var(--aw-on)}' +
  '.h button{border:0;background:none;padding:6px 8px}' +
  '.h :focus-visible{outline-color:currentColor}' +
  '.ht{flex:1;min-width:0}' +
  '.ht>*{margin:0;overflow:hidden;text-overflow:ellipsis;white-space:nowrap;font-size:13px}' +
  '.ht h2{font-size:16px;font-weight:600}' +
  '.av{width:32px;height:32px;border-radius:50%;object-fit:cover;flex:none;background:var(--sf);color:var(--fg);font-weight:600}' +
  '.l,.av{display:grid;place-items:center}' +
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
  // long transcripts: old items off screen skip layout and paint (not a failed one: the paint
  // containment would clip its Retry button's focus ring); every item remembers its size
  '.m{contain-intrinsic-size:auto 50px}' +
  '.o:not([data-status=failed]){content-visibility:auto}' +
  '[data-author=user]{align-self:flex-end;align-items:flex-end}' +
  '.b{padding:8px 12px;border-radius:var(--aw-radius);background:var(--sf);white-space:pre-wrap;overflow-wrap:anywhere}' +
  '[data-author=user] .b{background:var(--aw-accent);color:var(--aw-on)}' +
  '[data-author=user] .b a{color:inherit}' +
  '[data-streaming] .b::after{content:"▍";animation:bl 1s steps(2) infinite}' +
  '@keyframes bl{50%{opacity:0}}' +
  '.w{display:flex;align-items:center;gap:6px;font-size:12px;color:var(--mu)}' +
  '.w .av{width:24px;height:24px}' +
  '.w button{min-height:32px;padding:2px 10px}' +
  '[data-status=failed] .w{color:var(--er)}' +
  // "Sending…" only shows when sending takes a moment
  '[data-status=sending] .w{animation:dl 1s step-end}' +
  '@keyframes dl{0%{visibility:hidden}}' +
  '[data-author=system]{align-self:center;max-width:100%;text-align:center;font-size:13px;color:var(--mu)}' +
  '[data-level=error]{color:var(--er)}' +
  '.at,.ai{width:240px;max-width:100%;border-radius:var(--aw-radius);background:var(--sf)}' +
  '.at{border:1px solid var(--sf);overflow:hidden;background:var(--bg)}' +
  '.at img{display:block;width:100%;aspect-ratio:16/9;object-fit:cover;background:var(--sf)}' +
  // an image keeps its own proportions (no letterbox bars), within bounds
  '.ai{max-height:320px;object-fit:contain}' +
  '.at div{padding:8px 12px;display:grid;gap:4px}' +
  '.nm{position:absolute;bottom:8px;left:50%;transform:translateX(-50%);border-radius:99px;box-shadow:0 2px 8px #0003}' +
  // below the log
  '.ty,.q,.cc{padding:2px 12px;font-size:13px;color:var(--mu)}' +
  '.q{padding-block:6px;border-top:1px solid var(--sf)}' +
  '.sg{display:flex;flex-wrap:wrap;gap:6px;padding:4px 12px 8px}' +
  '.sg button{border-color:var(--li);color:var(--li);border-radius:99px}' +
  '.en{display:grid;gap:8px;justify-items:center;padding:10px 12px;text-align:center}' +
  '.c{display:flex;gap:8px;align-items:flex-end;padding:8px 12px 12px;border-top:1px solid var(--sf)}' +
  'textarea{flex:1;resize:none;font:16px/1.4 var(--aw-font);color:var(--fg);background:var(--bg);border:1px solid var(--bo);border-radius:8px;' +
  'padding:9px 10px;min-height:40px;max-height:calc(7em + 20px)}' +
  'textarea:disabled{background:var(--sf)}' +
  '.cc[data-over]{color:var(--er)}' +
  '@media (prefers-reduced-motion:reduce){*{animation:none!important}}';
