// Which options the element takes as attributes and as properties: the options' own lists (the
// script tag's attributes, validateOptions' checks), so an option added there is the element's too.

import type { WidgetOptions } from '../contract/widget';
import { BOOLEAN_OPTIONS, TEXT_OPTIONS, THEME_ATTRIBUTES } from '../options/data-attributes';
import { OPTION_NAMES } from '../options/validate-options';
import { attributeName, INLINE, kebab, type PropertyOption } from './element-names';

/** The options an attribute can set, in the script tag's order. */
export const ATTRIBUTE_OPTIONS: readonly (keyof WidgetOptions)[] = [...TEXT_OPTIONS, ...BOOLEAN_OPTIONS];

/** The theme's attributes, as the tag's without `data-`: `theme` (its mode), `theme-accent`, `theme-radius`, `theme-font`, `theme-position`. */
export const THEME_ATTRIBUTE_NAMES: readonly string[] = Object.keys(THEME_ATTRIBUTES).map(kebab);

/** Every attribute the element observes. */
export const OBSERVED_ATTRIBUTES: readonly string[] = [...ATTRIBUTE_OPTIONS.map(attributeName), ...THEME_ATTRIBUTE_NAMES, INLINE];

const WITHOUT_PROPERTY: readonly (keyof WidgetOptions)[] = ['open', 'container'];

/** The options a property can set: all but those named in element-names.ts. */
export const PROPERTY_OPTIONS: readonly PropertyOption[] = OPTION_NAMES.filter(
  (option): option is PropertyOption => !WITHOUT_PROPERTY.includes(option),
);
