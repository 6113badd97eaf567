// Which options the element takes as attributes and as properties: the options' own lists (the
// script tag's attributes, validateOptions' checks), so an option added there is the element's too.

import type { WidgetOptions } from '../contract/widget';
import { BOOLEAN_OPTIONS, TEXT_OPTIONS } from '../options/data-attributes';
import { OPTION_NAMES } from '../options/validate-options';
import { attributeName, INLINE, type PropertyOption } from './element-names';

/** The options an attribute can set, in the script tag's order; `theme` sets the theme's mode, as `data-theme` does. */
export const ATTRIBUTE_OPTIONS: readonly (keyof WidgetOptions)[] = [...TEXT_OPTIONS, ...BOOLEAN_OPTIONS, 'theme'];

/** Every attribute the element observes. */
export const OBSERVED_ATTRIBUTES: readonly string[] = [...ATTRIBUTE_OPTIONS.map(attributeName), INLINE];

const WITHOUT_PROPERTY: readonly (keyof WidgetOptions)[] = ['open', 'container'];

/** The options a property can set: all but those named in element-names.ts. */
export const PROPERTY_OPTIONS: readonly PropertyOption[] = OPTION_NAMES.filter(
  (option): option is PropertyOption => !WITHOUT_PROPERTY.includes(option),
);
