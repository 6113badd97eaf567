// The element's option properties: one per option (camelCase, `chatTitle` for the title) and
// `inline`, each answered by the element's controller. They come with the element's code, not with
// its definition: the script tag's loader defines <agent-webchat> without them (define-element.ts),
// so a page without the element neither carries nor defines them, and they join the element's
// prototype when its code is here. A property a page sets before sits on the element itself, where
// its controller takes it over (element-controller.ts). agent-webchat/element defines them at once.

import { elementControllers } from './element-controller';
import { INLINE, type PropertyOption, propertyName } from './element-names';
import type { ElementBehaviour, ElementController, ElementEnvironment } from './element-types';

function defineOptionProperties(
  prototype: HTMLElement,
  controllerOf: (element: HTMLElement) => ElementController,
  propertyOptions: readonly PropertyOption[],
): void {
  // `inline` reflects its attribute, through the controller as the options do.
  for (const option of [...propertyOptions, INLINE] as const) {
    Object.defineProperty(prototype, option === INLINE ? INLINE : propertyName(option), {
      get(this: HTMLElement) {
        return controllerOf(this).get(option);
      },
      set(this: HTMLElement, value: unknown) {
        controllerOf(this).set(option, value);
      },
    });
  }
}

/** What the element does, given the widget it makes and the option parsing: its controllers and its option properties. */
export const elementBehaviour = (environment: ElementEnvironment): ElementBehaviour => ({
  controllers: elementControllers(environment),
  defineProperties: (prototype, controllerOf) => defineOptionProperties(prototype, controllerOf, environment.propertyOptions),
});
