// THE FEATURE SEAM: what an optional feature (voice, "Call me", rating…) adds to the widget, and
// what the widget offers it. The core names no feature: it renders whatever the loaded features
// put in its named slots, asks them about Escape and suggestions, and lets them keep state, raise
// host events and translate their own texts. A feature is a folder of src/features/ whose
// index.ts default-exports `defineFeature({...})`; src/features/registry.ts says which options
// load it (docs/architecture.md, "Add a feature").

import type { ComponentChildren, ComponentType } from 'preact';
import type { WebchatClient, WebchatEventMap, WebchatEventType } from '../contract/client';
import type { WidgetOptions } from '../contract/widget';
import type { SessionEndReason } from '../protocol/types';
import type { AgentMessage, TranscriptItem } from '../store/state';
import type { Text } from '../strings/locales';
import type { Strings } from '../strings/strings';

/** Every slot of the UI a feature may put controls in, with what each slot's components receive. */
export interface SlotProps {
  /** In the panel's header, before "End chat" (panel-level actions: "Call me", voice mode). */
  'header-actions': { ended: boolean };
  /** Under each agent and live-agent message (not while it streams): "Listen", "Helpful". */
  'message-actions': { message: AgentMessage; ended: boolean };
  /** At the end of the transcript's log (a status line that belongs to the conversation). */
  'transcript-end': { ended: boolean };
  /** After each item of the log (something that belongs at a point of the conversation: a finished call's turns). */
  'after-item': { item: TranscriptItem; ended: boolean };
  /** Between the transcript and the composer (a form, a status). */
  'above-composer': { ended: boolean; panelId: string };
  /** Beside "Send" in the composer (dictation). */
  'composer-actions': { ended: boolean };
  /** The panel after the session ended, under "Start new conversation" (a rating). */
  'after-end': { reason: SessionEndReason | undefined };
}
export type SlotName = keyof SlotProps;
export type FeatureSlots = { [S in SlotName]?: ComponentType<SlotProps[S]> };

/** A feature's texts: one table per locale, each with every key (a missing key is a type error). */
export type FeatureTexts<K extends string> = Readonly<Record<K, Text>>;

/** The widget's texts as a feature reads them: the core's Strings, and its own keys. */
export interface FeatureText<K extends string> {
  /** The core's texts (lang, dir, formatDate, the core's keys). */
  readonly core: Strings;
  /** This feature's text for the key in the widget's locale ('%' → value; plurals by Intl.PluralRules). */
  translate(key: K, value?: string | number): string;
}

/** A feature's own state: a small store. With `shared`, every tab of the conversation sees each change. */
export interface FeatureState<S> {
  get(): S;
  set(next: S | ((previous: S) => S)): void;
  /** Called after every change (this tab's or, when shared, another tab's); returns unsubscribe. */
  subscribe(listener: (state: S) => void): () => void;
}

/** What a slot's components and a feature's own code can reach of the widget. */
export interface FeatureContext<K extends string = string, S = undefined> {
  /** The widget's validated options (read-only). */
  readonly options: Readonly<WidgetOptions>;
  /** The headless client: its store (read, subscribe) and actions (send, retry…). */
  readonly client: WebchatClient;
  /** The widget's fetch (the page's, or the one a test injected through ClientDeps). */
  readonly fetch: typeof fetch;
  /** The texts in the widget's locale as of the last render. */
  text(): FeatureText<K>;
  /** Raises a host event (declared in contract/client.ts WebchatEventMap) on the widget's handle. */
  emit<E extends WebchatEventType>(type: E, event: WebchatEventMap[E]): void;
  /** The feature's state (`state` in its definition; undefined otherwise). */
  readonly state: FeatureState<S>;
  /** Renders the widget again (after a change the feature keeps outside its state). */
  refresh(): void;
  /** Moves focus into the composer (after a form closes, say). */
  focusComposer(): void;
}

/** What the widget shows, after each of its renders. */
export interface WidgetView {
  open: boolean;
  ended: boolean;
  items: readonly TranscriptItem[];
  /** The most precise BCP 47 tag of the widget's language (en-GB rather than en). */
  lang: string;
}

/** Where the composer lets a feature in (dictation writes into it, hears of typing and sending). */
export interface ComposerInput {
  /** Replaces the composer's text; `send` then sends it. */
  setText(text: string, send: boolean): void;
  text(): string;
}
export interface ComposerHooks {
  /** The composer is there (returns detach). */
  attach?(input: ComposerInput): () => void;
  /** The visitor typed. */
  onInput?(): void;
  /** A message was sent from the composer. */
  onSend?(): void;
  /** The visitor pasted into the text box: a feature that takes what the clipboard holds calls preventDefault(). */
  onPaste?(event: ClipboardEvent): void;
  /**
   * The visitor asks to send (the text trimmed, perhaps empty): true when this feature sends the
   * message itself, with what it added to it (files); the composer then only clears. The first
   * feature that takes it wins; none: the composer sends the text (if any) as it is.
   */
  takeSend?(text: string): boolean;
}

/** What a feature's setup returns: its controls in slots and the hooks it uses. All optional. */
export interface FeatureParts {
  slots?: FeatureSlots;
  /** Escape in the panel: true when the feature used it (the panel then stays open). */
  onEscape?(): boolean;
  /** After each render of the widget. */
  onRender?(view: WidgetView): void;
  /** A suggestion this feature acts on itself: it is not shown as a suggestion to send. */
  claimsSuggestion?(text: string): boolean;
  composer?: ComposerHooks;
  /** The panel's element is there (a feature listens on it: files dropped on the panel). Returns detach. */
  attachPanel?(panel: HTMLElement): () => void;
  /**
   * The body of a visitor's message (from this tab, another or the server's replay: only its text),
   * when this feature shows that text its own way; undefined leaves it to the core (plain text with
   * its links). The first feature that answers wins. Never HTML: components and text nodes.
   */
  userMessageBody?(text: string): ComponentChildren | undefined;
  destroy?(): void;
}

/**
 * A feature's state: its first value, and whether every tab of the conversation keeps the same. A
 * shared value comes from other tabs (which may run another build): `parse` reads it, undefined
 * for anything it does not recognise (then ignored).
 */
export type StateDefinition<S> = { initial: S; shared?: false } | { initial: S; shared: true; parse(value: unknown): S | undefined };

/** One optional feature: the default export of src/features/<name>/index.ts. */
export interface Feature<K extends string = string, S = undefined> {
  /** Its folder's name under src/features/ (and its file's: agent-webchat-<name>.js). */
  readonly name: string;
  /** English texts (the tables of other locales travel in the locale files: strings.ts of its folder). */
  readonly strings: FeatureTexts<K>;
  /** Its state's first value; `shared`: kept the same in every tab of the conversation. */
  readonly state?: StateDefinition<S>;
  /** Its own stylesheet (`import styles from './x.css?inline'`), added after the widget's. */
  readonly styles?: string;
  /** Called once per widget, before its first render. */
  setup(context: FeatureContext<K, S>): FeatureParts;
}

/** A feature as the core holds it, its key and state types forgotten. */
export interface AnyFeature {
  readonly name: string;
  readonly strings: FeatureTexts<string>;
  readonly state?: StateDefinition<unknown>;
  readonly styles?: string;
  setup(context: FeatureContext<string, unknown>): FeatureParts;
}

/** Types a feature's definition (keys from its English table, state from its initial value). */
export function defineFeature<K extends string, S = undefined>(feature: Feature<K, S>): AnyFeature {
  // Keys and state are checked inside the feature; the core only ever passes its own context back.
  return feature as unknown as AnyFeature;
}
