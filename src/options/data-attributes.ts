// The script tag's data-* attributes → raw options for validateOptions.

import type { WidgetOptions } from '../contract/widget';

/** The options a script tag can set (the others are objects or elements, which an attribute cannot hold). */
export const TEXT_OPTIONS: readonly (keyof WidgetOptions)[] = [
  'messagingUrl',
  'connectorToken',
  'host',
  'tokenUrl',
  'chatUrl',
  'transport',
  'tabs',
  'title',
  'locale',
  'variantId',
  'callbackUrl',
  'callbackConsent',
  'ratingUrl',
  'uploadUrl',
  'historyUrl',
  'attention',
  'teaser',
  'teaserDelay',
];
/** `voice` takes an object in JS; on a tag, true or false. */
export const BOOLEAN_OPTIONS: readonly (keyof WidgetOptions)[] = ['streaming', 'open', 'markdown', 'voice', 'rating', 'messageFeedback'];

/**
 * Maps a script tag's dataset (DOMStringMap keys are camelCased) to raw options for
 * validateOptions. Other data-* attributes (set by loaders, CMSs, …) are ignored. A boolean
 * attribute present without a value means true; any other text than true/false is passed on
 * unchanged so validateOptions reports it.
 */
export function parseDataAttributes(dataset: Record<string, string | undefined>): Record<string, unknown> {
  const options: Record<string, unknown> = {};
  for (const name of TEXT_OPTIONS) {
    const raw = dataset[name];
    if (raw !== undefined) options[name] = raw.trim();
  }
  for (const name of BOOLEAN_OPTIONS) {
    const raw = dataset[name];
    if (raw === undefined) continue;
    const flag = raw.trim().toLowerCase();
    options[name] = flag === '' || flag === 'true' || (flag !== 'false' && raw);
  }
  // `data-theme` is the theme's mode (light | dark | auto); its other parts are the JS option's.
  const mode = dataset['theme'];
  if (mode !== undefined) options['theme'] = { mode: mode.trim() };
  return options;
}
