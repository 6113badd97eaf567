// The widget's whole stylesheet, installed in its shadow root (mount.ts) as one string.
// Theme through custom properties: --aw-accent, --aw-on (text on accent), --aw-radius, --aw-font.
// Colours meet 4.5:1 for text in light and dark. Logical properties mirror the layout for RTL.
// Grouped by component, in the order the components appear in the panel.
import { markdownCss } from './markdown/styles';

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

// The internal palette, named by use; themes override only the --aw-* properties.
const lightPalette = `
  --aw-background: #fff;
  --aw-text: #111827;
  --aw-muted-text: #4b5563;
  --aw-surface: #f3f4f6;
  --aw-border: #6b7280;
  --aw-link: var(--aw-accent);
  --aw-error: #b91c1c;
  --aw-warning-background: #fef3c7;
  --aw-warning-text: #713f12;`;

const darkPalette = `{
  --aw-background: #111827;
  --aw-text: #f9fafb;
  --aw-muted-text: #9ca3af;
  --aw-surface: #1f2937;
  --aw-border: #9ca3af;
  --aw-link: #93c5fd;
  --aw-error: #fca5a5;
  --aw-warning-background: #422006;
  --aw-warning-text: #fde68a;
  color-scheme: dark;
}`;

export const css = `
:host { all: initial }
:host([data-inline]) { display: block; height: 100% }
[hidden] { display: none !important }
* { box-sizing: border-box }

/* all: initial here too: a page's rules on the host element (letter-spacing, text-transform,
   cursor…) would otherwise reach every node in here through inheritance. */
.widget {
  all: initial;
  display: block;
  height: 100%;
  --aw-accent: #1d4ed8;
  --aw-on: #fff;
  --aw-radius: 12px;
  --aw-font: system-ui, sans-serif;${lightPalette}
  font: 15px/1.45 var(--aw-font);
  color: var(--aw-text);
}
[data-theme=dark] ${darkPalette}
@media (prefers-color-scheme: dark) { [data-theme=auto] ${darkPalette} }

button { font: inherit; color: inherit; cursor: pointer; min-height: 40px; min-width: 40px; border-radius: 8px; border: 1px solid var(--aw-border); background: var(--aw-background); padding: 6px 12px }
:disabled { opacity: .55; cursor: default }
:focus-visible { outline: 2px solid var(--aw-link); outline-offset: 2px }
a { color: var(--aw-link) }
.primary { background: var(--aw-accent); color: var(--aw-on); border-color: transparent }
.visually-hidden { position: absolute; width: 1px; height: 1px; overflow: hidden; clip: rect(0 0 0 0); white-space: nowrap }
svg { width: 24px; height: 24px; fill: none; stroke: currentColor; stroke-width: 2; stroke-linecap: round }

/* Launcher and panel float at the reading end (mirrored for RTL); an explicit side is physical. */
.launcher, .panel { position: fixed; z-index: 2147483000; inset-inline-end: 20px }
[data-pos=left] :is(.launcher, .panel) { left: 20px; right: auto }
[data-pos=right] :is(.launcher, .panel) { right: 20px; left: auto }
.launcher { bottom: 20px; width: 56px; height: 56px; border-radius: 50%; border: 0; padding: 0; box-shadow: 0 4px 14px #0004; display: grid; place-items: center }
.unread-badge { position: absolute; top: -4px; inset-inline-end: -4px; min-width: 22px; padding: 0 6px; border-radius: 11px; background: #b91c1c; color: #fff; font: 700 12px/22px var(--aw-font) }

.panel { bottom: 88px; width: min(380px, 100vw - 40px); height: min(620px, 100vh - 108px); display: flex; flex-direction: column; background: var(--aw-background); border: 1px solid var(--aw-surface); border-radius: var(--aw-radius); box-shadow: 0 8px 32px #0003; overflow: hidden }
[data-inline] .panel { position: relative; inset: auto; width: 100%; height: 100%; min-height: 360px; box-shadow: none }
@media (max-width: 480px) {
  .widget:not([data-inline]) .panel { inset: 0; width: auto; height: 100vh; height: 100dvh; border: 0; border-radius: 0; padding: env(safe-area-inset-top) env(safe-area-inset-right) env(safe-area-inset-bottom) env(safe-area-inset-left) }
}

.header { display: flex; align-items: center; gap: 8px; padding: 8px; padding-inline-start: 12px; background: var(--aw-accent); color: var(--aw-on) }
.header button { border: 0; background: none; padding: 6px 8px }
.header :focus-visible { outline-color: currentColor }
.header-titles { flex: 1; min-width: 0 }
.header-titles > * { margin: 0; overflow: hidden; text-overflow: ellipsis; white-space: nowrap; font-size: 13px }
.header-titles h2 { font-size: 16px; font-weight: 600 }
.avatar { width: 32px; height: 32px; border-radius: 50%; object-fit: cover; flex: none; background: var(--aw-surface); color: var(--aw-text); font-weight: 600; display: grid; place-items: center }

.end-chat-confirm, .connection-banner { display: flex; flex-wrap: wrap; align-items: center; gap: 8px; padding: 8px 12px; background: var(--aw-surface); font-size: 14px }
.end-chat-confirm { margin: 0; border: 0; min-width: 0 }
.end-chat-question { flex: 1 }
.connection-banner:empty { padding: 0 }
[data-connection=error] { color: var(--aw-error) }
/* waiting for the network: a warning tint, so it is noticed */
:is([data-connection=reconnecting], [data-connection=offline]):not(:empty) { background: var(--aw-warning-background); color: var(--aw-warning-text) }

.transcript-area { position: relative; flex: 1; display: flex; min-height: 0 }
.transcript { flex: 1; overflow-y: auto; padding: 12px; display: flex; flex-direction: column; gap: 8px; overscroll-behavior: contain }
/* every item remembers its size; old items off screen skip layout and paint (not a failed one:
   the paint containment would clip its Retry button's focus ring) */
.transcript-item { display: flex; flex-direction: column; align-items: flex-start; gap: 2px; max-width: 85%; contain-intrinsic-size: auto 50px }
.old-item:not([data-status=failed]) { content-visibility: auto }
[data-author=user] { align-self: flex-end; align-items: flex-end }
.message-body { padding: 8px 12px; border-radius: var(--aw-radius); background: var(--aw-surface); white-space: pre-wrap; overflow-wrap: anywhere }
[data-author=user] .message-body { background: var(--aw-accent); color: var(--aw-on) }
[data-author=user] .message-body a { color: inherit }
[data-streaming] .message-body::after { content: "▍"; animation: blink 1s steps(2) infinite }
@keyframes blink { 50% { opacity: 0 } }
.author, .delivery-status { display: flex; align-items: center; gap: 6px; font-size: 12px; color: var(--aw-muted-text) }
.author .avatar { width: 24px; height: 24px }
.delivery-status button { min-height: 32px; padding: 2px 10px }
[data-status=failed] .delivery-status { color: var(--aw-error) }
/* "Sending…" only shows when sending takes a moment */
[data-status=sending] .delivery-status { animation: show-late 1s step-end }
@keyframes show-late { 0% { visibility: hidden } }
.notice { align-self: center; max-width: 100%; text-align: center; font-size: 13px; color: var(--aw-muted-text) }
[data-level=error] { color: var(--aw-error) }
.attachment-card, .attachment-image { width: 240px; max-width: 100%; border-radius: var(--aw-radius); background: var(--aw-surface) }
.attachment-card { border: 1px solid var(--aw-surface); overflow: hidden; background: var(--aw-background) }
.attachment-preview { display: block; width: 100%; aspect-ratio: 16/9; object-fit: cover; background: var(--aw-surface) }
.attachment-text { padding: 8px 12px; display: grid; gap: 4px }
/* an image keeps its own proportions (no letterbox bars), within bounds */
.attachment-image { max-height: 320px; object-fit: contain }
.new-messages { position: absolute; bottom: 8px; left: 50%; transform: translateX(-50%); border-radius: 99px; box-shadow: 0 2px 8px #0003 }

.typing-indicator, .queue-status, .byte-counter { padding: 2px 12px; font-size: 13px; color: var(--aw-muted-text) }
.queue-status { padding-block: 6px; border-top: 1px solid var(--aw-surface) }
.suggestions { display: flex; flex-wrap: wrap; gap: 6px; padding: 4px 12px 8px }
.suggestions button { border-color: var(--aw-link); color: var(--aw-link); border-radius: 99px }
.session-ended { display: grid; gap: 8px; justify-items: center; padding: 10px 12px; text-align: center }
.byte-counter[data-over] { color: var(--aw-error) }
.composer { display: flex; gap: 8px; align-items: flex-end; padding: 8px 12px 12px; border-top: 1px solid var(--aw-surface) }
.composer textarea { flex: 1; resize: none; font: 16px/1.4 var(--aw-font); color: var(--aw-text); background: var(--aw-background); border: 1px solid var(--aw-border); border-radius: 8px; padding: 9px 10px; min-height: 40px; max-height: calc(7em + 20px) }
.composer textarea:disabled { background: var(--aw-surface) }

@media (prefers-reduced-motion: reduce) { * { animation: none !important } }
${markdownCss}`;
