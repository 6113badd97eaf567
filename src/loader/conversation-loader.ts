// Fetches the rest of the widget (the conversation: panel, transport, store, Markdown) from the
// file beside the loader, once per page, with the integrity hash the loader was built with. A
// <script integrity crossorigin> element does the check: the browser refuses a file whose hash
// differs, and nothing is evaluated from a string (no `unsafe-eval` under a strict CSP).
import type { WebchatClient, WidgetControls } from '../contract/client';
import { PREFIX } from '../contract/errors';
import type { WidgetOptions } from '../contract/widget';

/** What the conversation file hands to the loader: mounting the widget onto the loader's host element. */
export interface Conversation {
  mount(options: WidgetOptions, host: HTMLElement, prepareAtOnce: boolean): MountedWidget;
}

export type { WidgetControls } from '../contract/client';

export interface MountedWidget extends WidgetControls {
  readonly client: WebchatClient;
}

/** The widget as the extras file sees it: the client is there once the conversation mounted. */
export interface ExtrasWidget extends Pick<WidgetControls, 'open' | 'on'> {
  readonly client: WebchatClient | undefined;
}

/**
 * What the loader's extras file (dist/agent-webchat-extras.js) hands over: the teaser and, after a
 * reload, the unread count on the loader's launcher. Fetched only when a teaser is configured or
 * asked for, or when the tab keeps an unread count.
 */
export interface LauncherExtras {
  start(shadowRoot: ShadowRoot, options: WidgetOptions, widget: ExtrasWidget): { tease(text: string): void; destroy(): void };
}

export const extrasLoader = (url: string, integrity: string): ScriptFileLoader<LauncherExtras> =>
  scriptFileLoader(url, integrity, hasMethod<LauncherExtras>('start'));

/**
 * Dispatched on its own <script> element by a file the loader fetches as it runs, with what it hands
 * over as detail (the conversation file: a Conversation; the extras file: LauncherExtras).
 */
export const CONVERSATION_EVENT = 'agent-webchat:conversation';

/** Why the conversation is not here: the browser is offline, or the file was missing or refused. */
export class ConversationUnavailable extends Error {
  constructor(readonly reason: 'offline' | 'failed') {
    super(`${PREFIX}the conversation code is ${reason === 'offline' ? 'unreachable offline' : 'unavailable'}`);
  }
}

export interface ScriptFileLoader<T> {
  /** One fetch at a time; after a failure, the next call fetches again. Rejects with ConversationUnavailable. */
  load(): Promise<T>;
}

export type ConversationLoader = ScriptFileLoader<Conversation>;

/** What a file hands over has this method (checked before it is called). */
const hasMethod =
  <T>(name: string) =>
  (value: unknown): value is T =>
    typeof value === 'object' && value !== null && typeof Reflect.get(value, name) === 'function';

export const conversationLoader = (url: string, integrity: string): ConversationLoader =>
  scriptFileLoader(url, integrity, hasMethod<Conversation>('mount'));

/** A script file beside the loader, fetched with its integrity: it hands over a `T` through CONVERSATION_EVENT. */
export function scriptFileLoader<T>(url: string, integrity: string, accept: (value: unknown) => value is T): ScriptFileLoader<T> {
  let pending: Promise<T> | undefined;
  let reported = false;
  const report = (reason: 'offline' | 'failed') => {
    // Once per page: offline says nothing (the visitor's network, not the site), a refusal says
    // what the site can fix, whichever widget or retry ran into it.
    if (reason === 'failed' && !reported) {
      reported = true;
      console.error(
        `${PREFIX}could not start: ${url} did not load. It is missing, blocked, or not the file this loader was built with (its integrity hash differs): upload the script files of one build together.`,
      );
    }
    return new ConversationUnavailable(reason);
  };
  const fetchOnce = () =>
    new Promise<T>((resolve, reject) => {
      const script = document.createElement('script');
      let delivered: T | undefined;
      script.addEventListener(CONVERSATION_EVENT, (event) => {
        if (event instanceof CustomEvent && accept(event.detail)) delivered = event.detail;
      });
      script.addEventListener('load', () => {
        script.remove();
        if (delivered) resolve(delivered);
        else reject(report('failed'));
      });
      script.addEventListener('error', () => {
        script.remove();
        // A refused file and a failed fetch look the same here; the browser knows whether it is offline.
        reject(report(navigator.onLine === false ? 'offline' : 'failed'));
      });
      script.integrity = integrity;
      script.crossOrigin = 'anonymous';
      script.src = url;
      document.head.append(script);
    });
  return {
    load() {
      pending ??= fetchOnce().catch((error: unknown) => {
        pending = undefined;
        throw error;
      });
      return pending;
    },
  };
}
