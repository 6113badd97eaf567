// Fetches the rest of the widget from the files beside the loader, once per page each, with the
// integrity hashes the loader was built with: the conversation (panel, transport, store, Markdown)
// and, in parallel with it, the optional parts the options want — a file per feature
// (src/features/registry.ts) and the texts of a locale other than English — and, when a page's
// <agent-webchat> first needs it, the custom element's code; for a teaser, `attention` or an unread
// count the tab kept, the small extras file (src/extras.ts). A <script integrity
// crossorigin> element does each check: the browser refuses a file whose hash differs, and nothing
// is evaluated from a string (no `unsafe-eval` under a strict CSP). The chat needs the conversation;
// a part that fails is said once and left out.
import type { WebchatClient, WidgetControls } from '../contract/client';
import { PREFIX } from '../contract/errors';
import type { WidgetOptions } from '../contract/widget';
import { FEATURES, wantedFeatures } from '../features/registry';
import { isLauncherStrings, type LauncherStrings, launcherLanguage } from '../strings/launcher-strings';
import { LOCALES } from '../strings/locales';
import { FILE_EVENT } from './file-event';

/** A part's file hands over a function that makes its module from what the conversation shares with it (require('kit')). */
export type PartFactory = (require: (id: string) => unknown) => unknown;

/** The optional parts fetched with the conversation: the features' files and the locale's. */
export interface FileParts {
  features: { name: string; factory: PartFactory }[];
  locale?: PartFactory | undefined;
  /** The Chat REST transport's file, for options with a `chatUrl`. */
  rest?: PartFactory | undefined;
  /** Fetches another locale's file (the agent changed the language): its factory, or undefined. */
  loadLocale(lang: string): Promise<PartFactory | undefined>;
}

/** What the conversation file hands to the loader: mounting the widget onto the loader's host element. */
export interface Conversation {
  mount(options: WidgetOptions, host: HTMLElement, prepareAtOnce: boolean, parts?: FileParts): MountedWidget;
}

export type { WidgetControls } from '../contract/client';

export interface MountedWidget extends WidgetControls {
  readonly client: WebchatClient;
  /** New display options (title, locale, theme, markdown), rendered at once. */
  update(options: WidgetOptions): boolean;
}

/** The widget as the extras file sees it: the client is there once the conversation mounted. */
export interface ExtrasWidget extends Pick<WidgetControls, 'open' | 'on'> {
  readonly client: WebchatClient | undefined;
}

/**
 * What the extras file beside the loader (dist/agent-webchat-extras.js) hands over: the teaser,
 * option `attention` and, after a reload, the unread count on the loader's launcher. Fetched only
 * when a teaser is configured or asked for, `attention` is set, or the tab keeps an unread count.
 */
export interface LauncherExtras {
  start(shadowRoot: ShadowRoot, options: WidgetOptions, widget: ExtrasWidget): { tease(text: string): void; destroy(): void };
}

export const isLauncherExtras = (value: unknown): value is LauncherExtras =>
  typeof value === 'object' && value !== null && typeof Reflect.get(value, 'start') === 'function';

/** Why the conversation is not here: the browser is offline, or the file was missing or refused. */
export class ConversationUnavailable extends Error {
  constructor(readonly reason: 'offline' | 'failed') {
    super(`${PREFIX}the conversation code is ${reason === 'offline' ? 'unreachable offline' : 'unavailable'}`);
  }
}

export interface ConversationLoader {
  /**
   * The conversation, with the parts these options want: one fetch of each file at a time; after a
   * failure, the next call fetches again. Rejects with ConversationUnavailable.
   */
  load(options: WidgetOptions): Promise<Conversation>;
  /**
   * Another file of this build that the loader needs whole (the custom element's code, the
   * extras): what it hands over, once `accept` takes it. Fetched as the conversation is; a refusal
   * is said once, as `what` failed (default "could not start"). Rejects with ConversationUnavailable.
   */
  loadFile<T>(name: string, accept: (detail: unknown) => detail is T, what?: string): Promise<T>;
  /**
   * The launcher's words in a language other than English, from that locale's file (the same
   * fetch the conversation takes its texts from at intent): undefined when the file did not come.
   */
  launcherWords(lang: string): Promise<LauncherStrings | undefined>;
}

/**
 * The files beside the loader, in the order of the build's digests (vite.config.ts fileDigests):
 * the conversation, the custom element's code, the extras (teaser, attention, a kept unread
 * count), the features, the locales.
 */
export const FILE_NAMES: readonly string[] = [
  'conversation',
  'element',
  'extras',
  'rest',
  ...FEATURES.map(({ name }) => name),
  ...LOCALES.filter((lang) => lang !== 'en'),
];
/** Base64 of a SHA-256 digest, without its one padding character. */
const DIGEST_LENGTH = 43;

const isConversation = (value: unknown): value is Conversation =>
  typeof value === 'object' && value !== null && typeof Reflect.get(value, 'mount') === 'function';
const isFactory = (value: unknown): value is PartFactory => typeof value === 'function';

/** The `launcher` export of a locale's file, which requires nothing: its module is made here as the conversation makes it. */
function launcherWordsOf(factory: PartFactory): LauncherStrings | undefined {
  try {
    const exports = factory(() => undefined);
    const words = typeof exports === 'object' && exports !== null ? Reflect.get(exports, 'launcher') : undefined;
    return isLauncherStrings(words) ? words : undefined;
  } catch {
    return undefined;
  }
}

/** Offline says nothing (the visitor's network, not the site); a refusal says, once a page, what the site can fix. */
const reported = new Set<string>();
function report(url: string, what: string): undefined {
  if (reported.has(url)) return;
  reported.add(url);
  console.error(
    `${PREFIX}${what}: ${url} did not load. It is missing, blocked, or not the file this loader was built with (its integrity hash differs): upload the script files of one build together.`,
  );
}

/** Inserts the file's <script integrity>: what it hands over, or undefined (`offline` when the browser says so). */
function fetchFile(url: string, integrity: string): Promise<unknown> {
  return new Promise((resolve, reject) => {
    const script = document.createElement('script');
    let delivered: unknown;
    script.addEventListener(FILE_EVENT, (event) => {
      if (event instanceof CustomEvent) delivered = event.detail;
    });
    script.addEventListener('load', () => {
      script.remove();
      resolve(delivered);
    });
    script.addEventListener('error', () => {
      script.remove();
      // A refused file and a failed fetch look the same here; the browser knows whether it is offline.
      reject(navigator.onLine === false ? 'offline' : 'failed');
    });
    script.integrity = integrity;
    script.crossOrigin = 'anonymous';
    script.src = url;
    document.head.append(script);
  });
}

/**
 * `base`: where the loader came from (the files sit beside it, wherever that is: a CDN copy keeps
 * working). `digests`: each file's SHA-256 digest, the build's, one after the other in the order of
 * FILE_NAMES — what the integrity checks compare with, and the version query of each file's URL
 * (a cached copy of another build is never taken for this one).
 */
export function conversationLoader(base: string, digests: string): ConversationLoader {
  const pending = new Map<string, Promise<unknown>>();
  const digest = (name: string) => digests.substr(FILE_NAMES.indexOf(name) * DIGEST_LENGTH, DIGEST_LENGTH);
  const url = (name: string) => new URL(`agent-webchat-${name}.js?v=${digest(name).slice(0, 12)}`, base).href;
  /** One fetch of a file at a time; a failed one is fetched again next time. */
  const file = (name: string) => {
    let promise = pending.get(name);
    if (!promise) {
      promise = fetchFile(url(name), `sha256-${digest(name)}=`);
      pending.set(name, promise);
      promise.catch(() => pending.delete(name));
    }
    return promise;
  };
  /** An optional part: its factory, or undefined (said once) when it did not come. */
  const part = (name: string, what: string) =>
    file(name).then(
      (detail) => (isFactory(detail) ? detail : report(url(name), what)),
      (reason) => (reason === 'offline' ? undefined : report(url(name), what)),
    );
  /** A file the loader needs whole (the conversation, the element's code, the extras; Chat REST when it is the only transport): what it hands over, or ConversationUnavailable (said once). */
  const required = <T>(name: string, isExpected: (detail: unknown) => detail is T, what = 'could not start'): Promise<T> =>
    file(name).then(
      (detail) => {
        if (isExpected(detail)) return detail;
        report(url(name), what);
        throw new ConversationUnavailable('failed');
      },
      (reason) => {
        if (reason !== 'offline') report(url(name), what);
        throw new ConversationUnavailable(reason === 'offline' ? 'offline' : 'failed');
      },
    );
  return {
    load(options) {
      const names = wantedFeatures(options);
      const { lang } = launcherLanguage(options.locale);
      // All at once: the parts never wait for the conversation, nor it for them.
      const features = Promise.all(names.map((name) => part(name, `the "${name}" feature is left out`)));
      const locale = lang === 'en' ? undefined : part(lang, `the "${lang}" texts are left out`);
      const conversation = required('conversation', isConversation);
      // Chat REST, for a `chatUrl`: the conversation itself when real-time is not an option, else its fallback.
      const restOnly = options.transport === 'rest' || !options.messagingUrl;
      const rest =
        options.chatUrl === undefined
          ? undefined
          : restOnly
            ? required('rest', isFactory)
            : part('rest', 'the fallback to Chat REST is left out');
      return Promise.all([conversation, features, locale, rest]).then(([loaded, factories, localeFactory, restFactory]) => ({
        mount: (widgetOptions, host, prepareAtOnce) =>
          loaded.mount(widgetOptions, host, prepareAtOnce, {
            features: names.flatMap((name, index) => {
              const factory = factories[index];
              return factory ? [{ name, factory }] : [];
            }),
            locale: localeFactory,
            rest: restFactory,
            loadLocale: (name) => (FILE_NAMES.includes(name) ? part(name, `the "${name}" texts are left out`) : Promise.resolve(undefined)),
          }),
      }));
    },
    loadFile: required,
    launcherWords: (lang) => part(lang, `the "${lang}" texts are left out`).then((factory) => factory && launcherWordsOf(factory)),
  };
}
