// Entry of the conversation file beside the script tag's loader (dist/agent-webchat-conversation.js):
// the widget itself — panel, transport, store, Markdown. The loader (embed.ts) inserts it with its
// integrity hash when the visitor shows intent; as it runs, it hands the loader the way to mount
// the widget onto the loader's host element, through an event on its own <script> element (no
// global name, and one loader's file never reaches another copy's). The optional parts the loader
// fetched beside it (a feature's file, a locale's) come as factories: each makes its module here,
// from the core this file shares with it (features/kit.ts), never from a copy of its own.
import { PREFIX } from './contract/errors';
import * as kit from './features/kit';
import { mountValidated } from './handle';
import type { Conversation, PartFactory } from './loader/conversation-loader';
import { FILE_EVENT } from './loader/file-event';
import type { AnyFeature } from './seam/types';
import type { LocaleBundle } from './strings/strings';
import * as restKit from './transport/rest-kit';
import type { TransportFactory } from './transport/transport-contract';

/** What a part's file requires: the features' kit, or the Chat REST transport's (src/transport/rest-kit.ts). */
const share = (id: string) => (id.endsWith('rest-kit') ? restKit : id.endsWith('kit') ? kit : undefined);

/** The part's default export, or undefined (said once) when its module cannot be made. */
function made(factory: PartFactory, what: string): unknown {
  try {
    const exports = factory(share);
    return typeof exports === 'object' && exports !== null ? Reflect.get(exports, 'default') : undefined;
  } catch (error) {
    console.error(`${PREFIX}${what} did not start, the chat goes on without it: ${error instanceof Error ? error.message : String(error)}`);
    return undefined;
  }
}

const isFeature = (value: unknown): value is AnyFeature =>
  typeof value === 'object' && value !== null && typeof Reflect.get(value, 'setup') === 'function';
const isTransportFactory = (value: unknown): value is TransportFactory => typeof value === 'function';
const isLocaleBundle = (value: unknown): value is LocaleBundle =>
  typeof value === 'object' &&
  value !== null &&
  typeof Reflect.get(value, 'lang') === 'string' &&
  typeof Reflect.get(value, 'core') === 'object';

const conversation: Conversation = {
  mount(options, host, prepareAtOnce, parts) {
    const features = (parts?.features ?? []).flatMap(({ name, factory }) => {
      const feature = made(factory, `the "${name}" feature`);
      return isFeature(feature) ? [feature] : [];
    });
    const bundle = (factory: PartFactory | undefined) => {
      const locale = factory && made(factory, 'the locale texts');
      return isLocaleBundle(locale) ? locale : undefined;
    };
    const restTransport = parts?.rest && made(parts.rest, 'the Chat REST transport');
    return mountValidated(
      options,
      undefined,
      { host, prepareAtOnce },
      {
        features,
        locale: bundle(parts?.locale),
        loadLocale: async (lang) => bundle(await parts?.loadLocale(lang)),
        restTransport: isTransportFactory(restTransport) ? restTransport : undefined,
      },
    ).handle;
  },
};

document.currentScript?.dispatchEvent(new CustomEvent(FILE_EVENT, { detail: conversation }));
