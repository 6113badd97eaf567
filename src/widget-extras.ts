// The teaser, option `attention` and the unread count a tab kept, for a widget the package mounts
// whole (mount(), agent-webchat/element). The script tag's loader brings the same from its extras
// file (src/extras.ts), so that the conversation file carries none of it.

import type { WidgetOptions } from './contract/widget';
import type { MountedHandle } from './handle';
import { launcherText } from './strings/launcher-strings';
import { rememberedUnread } from './tabs/panel-memory';
import { startTeaserAndAttention } from './teaser-and-attention';

/** Gives a floating widget its teaser (`tease()`), attention and remembered count; its destroy() takes them away. An inline one has none. */
export function addWidgetExtras<H extends MountedHandle>(handle: H, shadowRoot: ShadowRoot, options: WidgetOptions): H {
  if (options.container) return handle;
  // The launcher's language and direction, known at once for every locale (its texts may come later).
  const { lang, dir } = launcherText(options.locale);
  const extras = startTeaserAndAttention(shadowRoot, options, { lang, dir }, handle);
  void rememberedUnread(options).then(handle.client.restoreUnread);
  const { destroy } = handle;
  handle.tease = extras.tease;
  handle.destroy = () => {
    extras.destroy();
    destroy();
  };
  return handle;
}
