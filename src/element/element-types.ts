// The element's public types, and what its definition (define-element.ts) and its code
// (element-controller.ts) say to each other.

import type { WebchatEventMap, WidgetControls } from '../contract/client';
import type { WidgetOptions } from '../contract/widget';
import type { PropertyOption } from './element-names';

/** The element's properties: an option each, camelCase (`chatTitle` for the title), and `inline`. */
export type AgentWebchatProperties = { [K in PropertyOption as K extends 'title' ? 'chatTitle' : K]?: WidgetOptions[K] } & {
  /** The panel lives in the element's own box, sized by the page's CSS (no launcher). Reflects the `inline` attribute. */
  inline: boolean;
};

/**
 * The handle's methods on the element (`on` and `destroy` aside: events are DOM events, removal
 * destroys), `transcript()` and `tease(text)` among them, typed as the handle's.
 */
export type AgentWebchatMethods = Omit<WidgetControls, 'on' | 'destroy'>;

/** `<agent-webchat>` as a page's script sees it. */
export interface AgentWebchatElement extends HTMLElement, AgentWebchatProperties, AgentWebchatMethods {}

/** Each handle event as the element dispatches it: `agent-webchat-<type>`, the event's object as `detail`. */
export type AgentWebchatEventMap = { [K in keyof WebchatEventMap as `agent-webchat-${K}`]: CustomEvent<WebchatEventMap[K]> };

/** Each event as a JSX prop `onagent-webchat-<type>` (React 19 and Preact listen to the event of that name). */
export type AgentWebchatEventProps = {
  [K in keyof WebchatEventMap as `onagent-webchat-${K}`]?: (event: CustomEvent<WebchatEventMap[K]>) => void;
};

/** What the element needs of a widget: the handle's controls, and a way to take new display options in place. */
export interface ElementWidget extends WidgetControls {
  /** Re-renders with new display options (title, locale, theme, markdown); false when it cannot (a new widget is made). */
  update?(options: WidgetOptions): boolean;
}

/** What the element's code is given: how to make a widget in its shadow root, and the option parsing of the widget it belongs to. */
export interface ElementEnvironment {
  create(options: WidgetOptions, host: HTMLElement): ElementWidget;
  validateOptions(input: unknown): WidgetOptions;
  parseDataAttributes(attributes: Record<string, string | undefined>): Record<string, unknown>;
  /** The options an attribute can set. */
  attributeOptions: readonly (keyof WidgetOptions)[];
  /** The options a property can set. */
  propertyOptions: readonly PropertyOption[];
}

/** One element's behaviour: its lifecycle callbacks, methods and option properties. */
export interface ElementController extends AgentWebchatMethods {
  connectedCallback(): void;
  disconnectedCallback(): void;
  attributeChangedCallback(): void;
  /** An option's property, or `inline`. */
  get(option: PropertyOption | 'inline'): unknown;
  set(option: PropertyOption | 'inline', value: unknown): void;
}

export type ControllerFactory = (element: HTMLElement) => ElementController;

/** What the element's code gives its definition (define-element.ts). */
export interface ElementBehaviour {
  /** One element's controller. */
  controllers: ControllerFactory;
  /** Adds the option properties to the element's prototype, each answered by the element's controller (element-properties.ts). */
  defineProperties(prototype: HTMLElement, controllerOf: (element: HTMLElement) => ElementController): void;
}

/** What the element's script file (beside the loader) hands to the loader. */
export interface ElementCode {
  behaviour(environment: ElementEnvironment): ElementBehaviour;
}
