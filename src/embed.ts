// Script-tag entry (dist/agent-webchat.js, the loader): defines window.AgentWebchat, replays the
// pre-load command queue, auto-mounts one floating widget from the tag's data-* attributes, and
// defines the custom element <agent-webchat>.
// It shows the launcher only; the conversation (conversation.ts, built into the file beside this
// one) is fetched when the visitor shows intent (src/loader/).

import { fail, PREFIX } from './contract/errors';
import { isEventType } from './contract/event-types';
import { defineWebchatElement } from './element/define-element';
import { ATTRIBUTE_OPTIONS, PROPERTY_OPTIONS } from './element/element-options';
import type { ElementCode } from './element/element-types';
import { conversationLoader } from './loader/conversation-loader';
import { createScriptWidget, type ScriptWidgetHandle } from './loader/script-widget';
import { parseDataAttributes } from './options/data-attributes';
import { validateOptions } from './options/validate-options';

/** Set by the build (vite.config.ts): the SHA-256 digests of the files beside this one (conversation, element, extras, features, locales). */
declare const __FILE_DIGESTS__: string;

type WebchatHandle = ScriptWidgetHandle;

type Command = [name?: unknown, ...args: unknown[]];

interface AgentWebchatGlobal {
  (...command: Command): unknown;
  /** Calls queued by the pre-load stub. */
  q?: ArrayLike<unknown>[];
  init(options: unknown): WebchatHandle;
  widget?: WebchatHandle;
  /** Marks the loaded library: a second copy of the script leaves it alone. */
  loaded?: true;
}

declare global {
  interface Window {
    AgentWebchat?: AgentWebchatGlobal | (((...args: unknown[]) => void) & { q?: ArrayLike<unknown>[] });
  }
}

/** Commands that take no argument and act on the widget. */
const PLAIN_COMMANDS = ['open', 'close', 'toggle', 'newConversation', 'destroy'] as const;
type PlainCommand = (typeof PLAIN_COMMANDS)[number];

const isPlainCommand = (name: unknown): name is PlainCommand => PLAIN_COMMANDS.some((command) => command === name);

function run(api: AgentWebchatGlobal, [name, ...args]: Command): unknown {
  if (name === 'init') return api.init(args[0]);
  const widget = api.widget ?? fail(`"${String(name)}" needs "init" first`);
  if (isPlainCommand(name)) return widget[name]();
  if (name === 'send' || name === 'tease') {
    const [text] = args;
    return typeof text === 'string' ? widget[name](text) : fail(`"${name}" needs a text`);
  }
  if (name !== 'on') return fail(`unknown command "${String(name)}"`);
  const [eventType, listener] = args;
  if (typeof eventType !== 'string' || typeof listener !== 'function') return fail('"on" needs (event, function)');
  return isEventType(eventType) ? widget.on(eventType, (event) => listener(event)) : fail(`unknown event "${eventType}"`);
}

function install(): void {
  const existing = window.AgentWebchat;
  if (existing && 'loaded' in existing && existing.loaded) return; // included twice: no double mount
  // Commands wait here until the page can take the widget: the stub's queue, then any call made
  // between this script running and DOMContentLoaded (a tag in <head> runs before <body> exists).
  const pending: Command[] = existing?.q ? Array.from(existing.q, (call): Command => Array.from(call)) : [];
  let started = false;

  const script = document.currentScript;
  const autoOptions = script instanceof HTMLScriptElement ? parseDataAttributes({ ...script.dataset }) : {};
  const preload = script instanceof HTMLScriptElement ? script.dataset['preload'] : undefined;
  if (preload !== undefined && preload !== 'idle') console.error(`${PREFIX}attribute "data-preload" must be "idle"`);
  // Beside this file, wherever it was loaded from (a CDN copy keeps working).
  const base = (script instanceof HTMLScriptElement && script.src) || document.baseURI;
  const settings = { loader: conversationLoader(base, __FILE_DIGESTS__), preloadWhenIdle: preload === 'idle' };

  const api: AgentWebchatGlobal = Object.assign(
    (...command: Command) => {
      if (!started) return void pending.push(command);
      try {
        return run(api, command);
      } catch (error) {
        const message = error instanceof Error ? error.message : String(error);
        console.error(message.startsWith(PREFIX) ? message : PREFIX + message);
      }
    },
    {
      loaded: true as const,
      init(options: unknown): WebchatHandle {
        const handle = createScriptWidget(validateOptions(options), settings);
        const { destroy } = handle;
        handle.destroy = () => {
          destroy();
          if (api.widget === handle) api.widget = undefined;
        };
        api.widget = handle;
        return handle;
      },
    },
  );
  window.AgentWebchat = api;
  // <agent-webchat>: each element a widget of this loader, its launcher drawn here like the tag's;
  // what the element does is in the file beside this one, fetched when an element first needs it.
  const isElementCode = (detail: unknown): detail is ElementCode => typeof detail === 'object' && detail !== null && 'behaviour' in detail;
  defineWebchatElement(() =>
    settings.loader.loadFile('element', isElementCode).then((code) =>
      code.behaviour({
        create: (options, host) => createScriptWidget(options, settings, host),
        validateOptions,
        parseDataAttributes,
        attributeOptions: ATTRIBUTE_OPTIONS,
        propertyOptions: PROPERTY_OPTIONS,
      }),
    ),
  );

  const start = () => {
    started = true;
    if ('messagingUrl' in autoOptions || 'chatUrl' in autoOptions) api('init', autoOptions);
    for (const call of pending.splice(0)) api(...call);
  };
  if (document.body) start();
  else document.addEventListener('DOMContentLoaded', start, { once: true });
}

install();
