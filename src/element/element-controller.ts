// What one <agent-webchat> does: its attributes and properties become options, changes apply
// (display options in place, others with a new widget), handle events become DOM events on it,
// and removal destroys its widget. The widget comes from the environment: the script tag's loader
// makes one that shows the launcher and fetches the conversation on intent; the npm subpath
// mounts the whole widget at once.

import { PREFIX } from '../contract/errors';
import { EVENT_TYPES, isEventType } from '../contract/event-types';
import type { WidgetOptions } from '../contract/widget';
import { attributeName, INLINE, type PropertyOption, propertyName, TAG_NAME } from './element-names';
import type { ControllerFactory, ElementController, ElementEnvironment, ElementWidget } from './element-types';

/** Options a widget takes in place; a change of any other makes a new widget (a new conversation when a connection option changed). */
const DISPLAY_OPTIONS: readonly (keyof WidgetOptions)[] = ['title', 'locale', 'theme', 'markdown'];

/** The options that need a new widget when they change, as text; `open` opens or closes the panel instead. */
function widgetKey(options: WidgetOptions): string {
  const rest: Record<string, unknown> = { ...options, container: !!options.container, open: undefined };
  for (const option of DISPLAY_OPTIONS) delete rest[option];
  return JSON.stringify(rest);
}

const EVENT_NAMES = Object.keys(EVENT_TYPES).filter(isEventType);

const sameDisplay = (a: WidgetOptions, b: WidgetOptions) =>
  DISPLAY_OPTIONS.every((option) => JSON.stringify(a[option]) === JSON.stringify(b[option]));

class WebchatElementController implements ElementController {
  /** Options set as properties, by option name. */
  readonly #properties: Partial<Record<PropertyOption, unknown>> = {};
  #widget: ElementWidget | undefined;
  /** The options the widget has. */
  #options: WidgetOptions | undefined;
  #panelOpen = false;
  #scheduled = false;
  /**
   * Methods called before the element has a widget (a framework calls them right after it inserts
   * the element, before the options apply), run in order on the widget as it starts.
   */
  readonly #waiting: ((widget: ElementWidget) => void)[] = [];

  readonly #element: HTMLElement;
  readonly #environment: ElementEnvironment;

  constructor(element: HTMLElement, environment: ElementEnvironment) {
    this.#element = element;
    this.#environment = environment;
    // Properties set before the element was defined sit on the element itself, hiding its own.
    for (const option of environment.propertyOptions) {
      const name = propertyName(option);
      if (!Object.hasOwn(element, name)) continue;
      this.#properties[option] = Reflect.get(element, name);
      Reflect.deleteProperty(element, name);
    }
  }

  connectedCallback(): void {
    this.#schedule();
  }

  disconnectedCallback(): void {
    this.#schedule();
  }

  attributeChangedCallback(): void {
    this.#schedule();
  }

  get(option: PropertyOption | typeof INLINE): unknown {
    return option === INLINE ? this.#element.hasAttribute(INLINE) : this.#properties[option];
  }

  set(option: PropertyOption | typeof INLINE, value: unknown): void {
    if (option === INLINE) return void this.#element.toggleAttribute(INLINE, !!value);
    this.#properties[option] = value;
    this.#schedule();
  }

  open(): void {
    this.#act((widget) => widget.open());
  }

  close(): void {
    this.#act((widget) => widget.close());
  }

  toggle(): void {
    this.#act((widget) => widget.toggle());
  }

  send(text: string): void {
    this.#act((widget) => widget.send(text));
  }

  newConversation(): void {
    this.#act((widget) => widget.newConversation());
  }

  tease(text: string): void {
    this.#act((widget) => widget.tease(text));
  }

  transcript(): string {
    // Nothing was said before there is a widget, as the handle says before its conversation is here.
    return this.#widget?.transcript() ?? '';
  }

  /** Runs the method on the widget, or on the next one to start. */
  #act(command: (widget: ElementWidget) => void): void {
    if (this.#widget) command(this.#widget);
    else this.#waiting.push(command);
  }

  /**
   * Changes apply together once the current task's are made: a framework sets properties one by
   * one, and an element moved (removed and put back at once) keeps its widget.
   */
  #schedule(): void {
    if (this.#scheduled) return;
    this.#scheduled = true;
    queueMicrotask(() => {
      this.#scheduled = false;
      this.#apply();
    });
  }

  #apply(): void {
    if (!this.#element.isConnected) return this.#stop();
    let options: WidgetOptions;
    try {
      options = this.#environment.validateOptions(this.#rawOptions());
    } catch (error) {
      this.#stop();
      console.error(this.#nameAttributes(error instanceof Error ? error.message : String(error)));
      return;
    }
    const widget = this.#widget;
    const before = this.#options;
    if (widget && before && widgetKey(before) === widgetKey(options)) {
      this.#options = options;
      if (!!options.open !== !!before.open) (options.open ? widget.open : widget.close)();
      if (sameDisplay(before, options) || widget.update?.(options)) return;
    }
    // A panel open stays open in the new widget.
    const reopen = this.#panelOpen;
    this.#stop();
    this.#start(reopen ? { ...options, open: true } : options);
    this.#options = options;
  }

  #rawOptions(): Record<string, unknown> {
    const element = this.#element;
    const environment = this.#environment;
    const attributes: Record<string, string> = {};
    for (const option of environment.attributeOptions) {
      const value = element.getAttribute(attributeName(option));
      if (value !== null) attributes[option] = value;
    }
    const raw = environment.parseDataAttributes(attributes);
    for (const [option, value] of Object.entries(this.#properties)) if (value !== undefined) raw[option] = value;
    if (element.hasAttribute(INLINE)) raw['container'] = element;
    return raw;
  }

  /** The message names what the page wrote: an option set by attribute by the attribute's name. */
  #nameAttributes(message: string): string {
    const named = message.replace(/option "(\w+)"|"(\w+)"/g, (quoted, option?: string, plain?: string) => {
      const found = this.#environment.attributeOptions.find((candidate) => candidate === (option ?? plain));
      if (!found || Object.hasOwn(this.#properties, found) || !this.#element.hasAttribute(attributeName(found))) return quoted;
      return `${option ? 'attribute ' : ''}"${attributeName(found)}"`;
    });
    return `${PREFIX}<${TAG_NAME}>: ${named.startsWith(PREFIX) ? named.slice(PREFIX.length) : named}`;
  }

  #start(options: WidgetOptions): void {
    const element = this.#element;
    if (!element.shadowRoot) element.attachShadow({ mode: 'open' });
    const widget = this.#environment.create(options, element);
    this.#widget = widget;
    for (const type of EVENT_NAMES) {
      widget.on(type, (detail) => element.dispatchEvent(new CustomEvent(`${TAG_NAME}-${type}`, { detail, bubbles: true, composed: true })));
    }
    widget.on('open', () => {
      this.#panelOpen = true;
    });
    widget.on('close', () => {
      this.#panelOpen = false;
    });
    for (const command of this.#waiting.splice(0)) command(widget);
  }

  /** Closes the widget's socket and timers, and empties the shadow root for the next one. */
  #stop(): void {
    this.#widget?.destroy();
    this.#widget = undefined;
    this.#options = undefined;
    this.#panelOpen = false;
    const root = this.#element.shadowRoot;
    if (!root) return;
    root.replaceChildren();
    if ('adoptedStyleSheets' in root) root.adoptedStyleSheets = [];
  }
}

export const elementControllers =
  (environment: ElementEnvironment): ControllerFactory =>
  (element) =>
    new WebchatElementController(element, environment);
