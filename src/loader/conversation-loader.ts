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

/** Dispatched on its own <script> element by the conversation file as it runs, with the Conversation as detail. */
export const CONVERSATION_EVENT = 'agent-webchat:conversation';

/** Why the conversation is not here: the browser is offline, or the file was missing or refused. */
export class ConversationUnavailable extends Error {
  constructor(readonly reason: 'offline' | 'failed') {
    super(`${PREFIX}the conversation code is ${reason === 'offline' ? 'unreachable offline' : 'unavailable'}`);
  }
}

export interface ConversationLoader {
  /** One fetch at a time; after a failure, the next call fetches again. Rejects with ConversationUnavailable. */
  load(): Promise<Conversation>;
}

const isConversation = (value: unknown): value is Conversation =>
  typeof value === 'object' && value !== null && typeof Reflect.get(value, 'mount') === 'function';

export function conversationLoader(url: string, integrity: string): ConversationLoader {
  let pending: Promise<Conversation> | undefined;
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
    new Promise<Conversation>((resolve, reject) => {
      const script = document.createElement('script');
      let delivered: Conversation | undefined;
      script.addEventListener(CONVERSATION_EVENT, (event) => {
        if (event instanceof CustomEvent && isConversation(event.detail)) delivered = event.detail;
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
