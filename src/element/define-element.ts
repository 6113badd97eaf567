// Defines <agent-webchat>: its observed attributes, methods and option properties, each answered
// by the element's controller (element-controller.ts). The script tag's loader defines it at once
// but fetches the controller's code (a file beside the loader) when an element first needs it: a
// page without the element pays only for this definition. Until the code is here, a method
// returns a promise and runs once it is.

import { INLINE, propertyName, TAG_NAME } from './element-names';
import { OBSERVED_ATTRIBUTES, PROPERTY_OPTIONS } from './element-options';
import type { ControllerFactory, ElementController } from './element-types';

/** What the element answers through its controller, besides the option properties. */
const MEMBERS: readonly (keyof ElementController & string)[] = [
  'connectedCallback',
  'disconnectedCallback',
  'attributeChangedCallback',
  'open',
  'close',
  'toggle',
  'send',
  'newConversation',
  'tease',
  'transcript',
];

/**
 * Defines the element where the page can have custom elements; without a DOM (server-side
 * rendering), or when another copy already defined it, nothing. `load` fetches the controllers'
 * code when an element first needs it, unless it is `ready` (the npm subpath has it at once).
 */
export function defineWebchatElement(load: () => Promise<ControllerFactory>, ready?: ControllerFactory): void {
  if (typeof customElements === 'undefined' || customElements.get(TAG_NAME)) return;
  let factory = ready;
  const controllers = new WeakMap<HTMLElement, ElementController>();
  const controllerOf = (element: HTMLElement, make: ControllerFactory) => {
    const known = controllers.get(element);
    if (known) return known;
    const controller = make(element);
    controllers.set(element, controller);
    return controller;
  };
  /** Runs `use` with the element's controller: at once when its code is here, once it is otherwise. */
  const withController = <R>(element: HTMLElement, use: (controller: ElementController) => R): R | Promise<R | undefined> => {
    if (factory) return use(controllerOf(element, factory));
    // A file that did not load was reported by the loader; the element's next change tries again.
    return load().then(
      (code) => {
        factory = code;
        return use(controllerOf(element, code));
      },
      () => undefined,
    );
  };

  class AgentWebchat extends HTMLElement {
    static observedAttributes = OBSERVED_ATTRIBUTES;
  }
  const { prototype } = AgentWebchat;
  for (const name of MEMBERS) {
    Object.defineProperty(prototype, name, {
      value(this: HTMLElement, ...args: unknown[]) {
        return withController(this, (controller) => Reflect.apply(controller[name], controller, args));
      },
    });
  }
  // `inline` reflects its attribute, through the controller as the options do.
  for (const option of [...PROPERTY_OPTIONS, INLINE] as const) {
    Object.defineProperty(prototype, option === INLINE ? INLINE : propertyName(option), {
      get(this: HTMLElement) {
        return factory && controllerOf(this, factory).get(option);
      },
      set(this: HTMLElement, value: unknown) {
        void withController(this, (controller) => controller.set(option, value));
      },
    });
  }
  customElements.define(TAG_NAME, AgentWebchat);
}
