// The custom element's names for the options. HTML imposes two exceptions to "the script tag's
// attribute without `data-`, the option's name as property": the title is `chat-title` /
// `chatTitle` (the global `title` stays the browser's tooltip), and `open` is the boolean attribute
// that starts the panel open while `open()` is the method. `container` has no name: the element is
// its own container, with the boolean `inline`.

import type { WidgetOptions } from '../contract/widget';

export const TAG_NAME = 'agent-webchat';

/** The boolean attribute (and property) that puts the panel in the element's own box. */
export const INLINE = 'inline';

/** Options that are no property: `open()` is the method, the element is the container. */
export type PropertyOption = Exclude<keyof WidgetOptions, 'open' | 'container'>;

const kebab = (name: string) => name.replace(/[A-Z]/g, (letter) => `-${letter.toLowerCase()}`);

export const attributeName = (option: keyof WidgetOptions): string => (option === 'title' ? 'chat-title' : kebab(option));

export const propertyName = (option: PropertyOption): string => (option === 'title' ? 'chatTitle' : option);
