// THE REGISTRATION LINES: every optional feature, and which options load it. A feature's code is
// its folder (src/features/<name>/, whose index.ts default-exports its defineFeature(...)); this
// list is all the loader and the package know of it, so it imports nothing but types. The script
// tag's loader fetches `agent-webchat-<name>.js` beside itself for the features the options want;
// the package imports the folder on demand (load-features.ts).

import type { WidgetOptions } from '../contract/widget';

export interface FeatureEntry {
  /** The folder's name under src/features/. */
  readonly name: string;
  /** Whether these options need the feature. */
  wanted(options: WidgetOptions): boolean;
}

export const FEATURES: readonly FeatureEntry[] = [
  { name: 'voice', wanted: (options) => !!options.voice },
  { name: 'callback', wanted: (options) => options.callbackUrl !== undefined },
  // Rating (on with `rating`, or with `ratingUrl` unless `rating` is false) and message feedback.
  { name: 'upload', wanted: (options) => options.uploadUrl !== undefined },
  { name: 'after', wanted: (options) => (options.rating ?? options.ratingUrl !== undefined) || !!options.messageFeedback },
  { name: 'history', wanted: (options) => options.historyUrl !== undefined },
];

/** The names of the features these options load. */
export const wantedFeatures = (options: WidgetOptions): string[] =>
  FEATURES.filter((feature) => feature.wanted(options)).map((feature) => feature.name);
