// Option `attention`: what calls the visitor back while the panel is closed, driven by the
// widget's own host events, so that it lives apart from the conversation code (the script tag's
// loader brings it in its extras file, only for pages that ask for it): `title` follows the
// `unread` event, `sound` plays for each new agent or live-agent message (the `message` event:
// never the visitor's own, never history) that arrives while the panel is closed — and is still
// unread a moment later: a panel open in another tab of the conversation reads it at once, and
// then no tab plays.

import type { WidgetControls } from '../contract/client';
import type { AttentionKind } from '../contract/widget';
import { createTitleCounter } from './title-counter';
import { createTone, type Tone } from './tone';

/** How long a new message must stay unread for the tone (another tab's read crosses in a few ms). */
export const TONE_SETTLE_MS = 250;

export function attend(
  widget: Pick<WidgetControls, 'on'>,
  kinds: readonly AttentionKind[] = [],
  open = false,
  tone: Tone | undefined = kinds.includes('sound') ? createTone() : undefined,
): () => void {
  if (!kinds.length) return () => {};
  let panelOpen = open;
  let unread = 0;
  let timer: ReturnType<typeof setTimeout> | undefined;
  const title = kinds.includes('title') ? createTitleCounter() : undefined;
  const stops = [
    widget.on('open', () => {
      panelOpen = true;
    }),
    widget.on('close', () => {
      panelOpen = false;
    }),
    widget.on('unread', ({ count }) => {
      unread = count;
      title?.set(count);
    }),
    widget.on('message', ({ author }) => {
      if (author === 'user' || panelOpen || !tone || timer !== undefined) return;
      timer = setTimeout(() => {
        timer = undefined;
        if (unread > 0 && !panelOpen) tone.play();
      }, TONE_SETTLE_MS);
    }),
  ];
  return () => {
    clearTimeout(timer);
    for (const stop of stops) stop();
    title?.stop();
    tone?.close();
  };
}
