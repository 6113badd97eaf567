// The teaser, option `attention` and the unread count a tab kept, for a widget the package mounts
// whole (mount(), agent-webchat/element). The script tag's loader brings the same from its extras
// file (src/extras.ts), so that the conversation file carries none of it.

import type { ClientDeps } from './contract/client';
import type { WidgetOptions } from './contract/widget';
import { loadFeatures, loadLocale } from './features/load';
import { type MountedHandle, mountValidated } from './handle';
import type { MountWidgetOptions } from './mount';
import { launcherLanguage } from './strings/launcher-strings';
import { rememberedUnread } from './tabs/panel-memory';
import { startTeaserAndAttention } from './teaser-and-attention';
import { createRestTransport } from './transport/rest/rest-transport';

/**
 * The whole widget as the package mounts it (mount(), agent-webchat/element): the features and
 * the locale's texts the options want come by import(), Chat REST with it, and the extras below.
 */
export function mountWithExtras(options: WidgetOptions, deps?: ClientDeps, placement?: MountWidgetOptions['placement']): MountedHandle {
  const { handle, shadowRoot } = mountValidated(options, deps, placement, {
    features: loadFeatures(options),
    loadLocale,
    restTransport: createRestTransport,
  });
  return addWidgetExtras(handle, shadowRoot, options);
}

/** Gives a floating widget its teaser (`tease()`), attention and remembered count; its destroy() takes them away. An inline one has none. */
function addWidgetExtras(handle: MountedHandle, shadowRoot: ShadowRoot, options: WidgetOptions): MountedHandle {
  if (options.container) return handle;
  // The launcher's language and direction, known at once for every locale (its texts may come later).
  const { lang, dir } = launcherLanguage(options.locale);
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
