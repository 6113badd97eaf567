// Option `attention`: what calls the visitor back while the panel is closed, driven by the
// widget's own host events, so that it lives apart from the conversation code (the script tag's
// loader brings it in its extras file, only for pages that ask for it): `title` follows the
// `unread` event, `sound` plays for each new agent or live-agent message (the `message` event:
// never the visitor's own, never history) that arrives while the panel is closed.

import type { WidgetControls } from '../contract/client';
import type { AttentionKind } from '../contract/widget';
import { createTitleCounter } from './title-counter';
import { createTone, type Tone } from './tone';

export function attend(
  widget: Pick<WidgetControls, 'on'>,
  kinds: readonly AttentionKind[] = [],
  open = false,
  tone: Tone | undefined = kinds.includes('sound') ? createTone() : undefined,
): () => void {
  if (!kinds.length) return () => {};
  let panelOpen = open;
  const title = kinds.includes('title') ? createTitleCounter() : undefined;
  const stops = [
    widget.on('open', () => {
      panelOpen = true;
    }),
    widget.on('close', () => {
      panelOpen = false;
    }),
    widget.on('unread', ({ count }) => title?.set(count)),
    widget.on('message', ({ author }) => author !== 'user' && !panelOpen && tone?.play()),
  ];
  return () => {
    for (const stop of stops) stop();
    title?.stop();
    tone?.close();
  };
}
