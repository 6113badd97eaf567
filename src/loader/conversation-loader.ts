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
  /** New display options (title, locale, theme, markdown), rendered at once. */
  update(options: WidgetOptions): boolean;
}

/** Dispatched on its own <script> element by the conversation file as it runs, with the Conversation as detail (the element's file too, with its code). */
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

const isConversation = (value: unknown): value is Conversation =>
  typeof value === 'object' && value !== null && typeof Reflect.get(value, 'mount') === 'function';

export const conversationLoader = (url: string, integrity: string): ConversationLoader => scriptFileLoader(url, integrity, isConversation);

/**
 * A script file of this build beside the loader (the conversation, the custom element's code),
 * which hands over what `accept` expects through CONVERSATION_EVENT on its <script> element.
 */
export function scriptFileLoader<T>(url: string, integrity: string, accept: (detail: unknown) => detail is T): ScriptFileLoader<T> {
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
