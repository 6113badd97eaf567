// The widget's side of the seam: starts each loaded feature with its context, and answers the UI's
// questions (what goes in this slot, who takes Escape or this suggestion) across all of them.

import type { ComponentChildren, ComponentType } from 'preact';
import type { WebchatClient, WebchatEventMap, WebchatEventType } from '../contract/client';
import type { WidgetOptions } from '../contract/widget';
import { getStrings, type Strings } from '../strings/strings';
import { createFeatureState, type OpenFeatureChannel, type OwnedFeatureState } from './feature-state';
import type { AnyFeature, ComposerHooks, FeatureParts, FeatureText, SlotName, SlotProps, WidgetView } from './types';

export interface ConnectedWidget {
  refresh(): void;
  focusComposer(): void;
  /** The texts as of the last render (the widget's locale may change with the server's). */
  strings(): Strings;
}

export interface FeatureHostSettings {
  options: WidgetOptions;
  client: WebchatClient;
  /** Default: the page's. */
  fetch?: typeof fetch | undefined;
  emit<E extends WebchatEventType>(type: E, event: WebchatEventMap[E]): void;
  /** Where shared feature state travels between tabs (undefined: this tab only). */
  openChannel?: OpenFeatureChannel | undefined;
}

/** What the UI asks of the features; the widget gives it its render and focus. */
export interface FeatureHost {
  /** The components the features put in a slot, in the order the features were loaded. */
  slot<S extends SlotName>(name: S): readonly ComponentType<SlotProps[S]>[];
  /** Escape in the panel: true when a feature used it. */
  escape(): boolean;
  /** True when a feature acts on this suggestion itself. */
  claimsSuggestion(text: string): boolean;
  readonly composer: readonly ComposerHooks[];
  /** The features' hooks on the panel's element (the same list until a feature is added). */
  readonly panel: readonly ((panel: HTMLElement) => () => void)[];
  /** How the features show a visitor's message (undefined: none does; a new function when a feature is added). */
  readonly userMessageBody: ((text: string) => ComponentChildren | undefined) | undefined;
  /** The started features' stylesheets, in order. */
  styles(): string;
  /** After each render of the widget. */
  rendered(view: WidgetView): void;
  /** Features added after the first render (npm: their import() resolved). */
  add(features: readonly AnyFeature[]): void;
  /** The widget says how to re-render, to focus its composer, and its texts as of the last render. */
  connect(widget: ConnectedWidget): void;
  /** Called when the features changed (added): the widget renders again. */
  onChange(listener: () => void): () => void;
  destroy(): void;
}

export function createFeatureHost(settings: FeatureHostSettings, features: readonly AnyFeature[] = []): FeatureHost {
  const started: { name: string; parts: FeatureParts; state: OwnedFeatureState<unknown>; styles: string }[] = [];
  let widget: ConnectedWidget | undefined;
  /** Each slot's components, made again only when features are added (memoized items compare them). */
  const slots = new Map<SlotName, readonly unknown[]>();
  const changeListeners = new Set<() => void>();
  let composer: ComposerHooks[] = [];
  let panel: ((panel: HTMLElement) => () => void)[] = [];
  let userMessageBody: ((text: string) => ComponentChildren | undefined) | undefined;
  /** The lists the UI reads, made again only when a feature starts (the UI compares them). */
  const collectParts = () => {
    composer = started.flatMap(({ parts }) => parts.composer ?? []);
    panel = started.flatMap(({ parts }) => (parts.attachPanel ? [parts.attachPanel] : []));
    const bodies = started.flatMap(({ parts }) => (parts.userMessageBody ? [parts.userMessageBody] : []));
    userMessageBody = bodies.length
      ? (text) => {
          for (const body of bodies) {
            const shown = body(text);
            if (shown !== undefined) return shown;
          }
        }
      : undefined;
  };

  const start = (feature: AnyFeature) => {
    if (started.some((entry) => entry.name === feature.name)) return;
    const definition = feature.state;
    const open = settings.openChannel;
    const state = createFeatureState(
      definition?.initial,
      definition?.shared && open ? { feature: feature.name, open, parse: definition.parse } : undefined,
    );
    const text = (): FeatureText<string> => {
      const core = widget?.strings() ?? getStrings(settings.options.locale);
      const table = core.featureTable(feature.name);
      return { core, translate: (key, value) => core.format(table?.[key] ?? feature.strings[key] ?? key, value) };
    };
    try {
      const parts = feature.setup({
        options: settings.options,
        client: settings.client,
        fetch: settings.fetch ?? ((input, init) => fetch(input, init)),
        text,
        emit: settings.emit,
        state,
        refresh: () => widget?.refresh(),
        focusComposer: () => widget?.focusComposer(),
      });
      started.push({ name: feature.name, parts, state, styles: feature.styles ?? '' });
      collectParts();
    } catch (error) {
      // A feature that cannot start leaves the chat as it is, said once.
      console.error(
        `agent-webchat: the "${feature.name}" feature could not start: ${error instanceof Error ? error.message : String(error)}`,
      );
      state.close();
    }
  };
  for (const feature of features) start(feature);

  return {
    slot<S extends SlotName>(name: S) {
      if (!slots.has(name))
        slots.set(
          name,
          started.flatMap(({ parts }) => {
            const component = parts.slots?.[name];
            return component ? [component] : [];
          }),
        );
      // Kept by name: the list kept under this slot's name holds this slot's components.
      return slots.get(name) as readonly ComponentType<SlotProps[S]>[];
    },
    escape: () => started.some(({ parts }) => parts.onEscape?.() ?? false),
    claimsSuggestion: (text) => started.some(({ parts }) => parts.claimsSuggestion?.(text) ?? false),
    get composer() {
      return composer;
    },
    get panel() {
      return panel;
    },
    get userMessageBody() {
      return userMessageBody;
    },
    styles: () => started.map(({ styles }) => styles).join(''),
    rendered(view) {
      for (const { parts } of started) parts.onRender?.(view);
    },
    add(more) {
      const before = started.length;
      for (const feature of more) start(feature);
      if (started.length === before) return;
      slots.clear();
      for (const listener of changeListeners) listener();
    },
    connect(connected) {
      widget = connected;
    },
    onChange(listener) {
      changeListeners.add(listener);
      return () => changeListeners.delete(listener);
    },
    destroy() {
      for (const { parts, state } of started.splice(0)) {
        parts.destroy?.();
        state.close();
      }
      changeListeners.clear();
      widget = undefined;
    },
  };
}
