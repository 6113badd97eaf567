// Defines <agent-webchat>: its observed attributes, lifecycle and methods, each answered by the
// element's controller (element-controller.ts). The script tag's loader defines it at once (its
// methods are callable at once: CONTRACT.md) but fetches the element's code (a file beside the
// loader) when an element first needs it, and with it the option properties
// (element-properties.ts): a page without the element pays only for this much. Until the code is
// here, a method returns a promise and runs once it is, and a property set sits on the element.

import { TAG_NAME } from './element-names';
import { OBSERVED_ATTRIBUTES } from './element-options';
import type { ControllerFactory, ElementBehaviour, ElementController } from './element-types';

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
 * rendering), or when another copy already defined it, nothing. `load` fetches the element's
 * code when an element first needs it, unless it is `ready` (the npm subpath has it at once).
 */
export function defineWebchatElement(load: () => Promise<ElementBehaviour>, ready?: ElementBehaviour): void {
  if (typeof customElements === 'undefined' || customElements.get(TAG_NAME)) return;
  class AgentWebchat extends HTMLElement {
    static observedAttributes = OBSERVED_ATTRIBUTES;
  }
  const { prototype } = AgentWebchat;
  const controllers = new WeakMap<HTMLElement, ElementController>();
  const controllerOf = (element: HTMLElement, make: ControllerFactory) => {
    const known = controllers.get(element);
    if (known) return known;
    const controller = make(element);
    controllers.set(element, controller);
    return controller;
  };
  let factory: ControllerFactory | undefined;
  /** The code is here: its controllers answer from now on, and its option properties join the prototype. */
  const arrived = (code: ElementBehaviour): ControllerFactory => {
    if (!factory) {
      const make = code.controllers;
      factory = make;
      code.defineProperties(prototype, (element) => controllerOf(element, make));
    }
    return factory;
  };
  /** Runs `use` with the element's controller: at once when its code is here, once it is otherwise. */
  const withController = <R>(element: HTMLElement, use: (controller: ElementController) => R): R | Promise<R | undefined> => {
    if (factory) return use(controllerOf(element, factory));
    // A file that did not load was reported by the loader; the element's next change tries again.
    return load().then(
      (code) => use(controllerOf(element, arrived(code))),
      () => undefined,
    );
  };
  if (ready) arrived(ready);

  for (const name of MEMBERS) {
    Object.defineProperty(prototype, name, {
      value(this: HTMLElement, ...args: unknown[]) {
        return withController(this, (controller) => Reflect.apply(controller[name], controller, args));
      },
    });
  }
  customElements.define(TAG_NAME, AgentWebchat);
}
