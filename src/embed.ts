// Script-tag entry (dist/agent-webchat.js): defines window.AgentWebchat, replays the pre-load
// command queue, and auto-mounts one floating widget from the tag's data-* attributes.

import { mount, type WebchatHandle } from './handle';
import { fail, parseDataAttributes, PREFIX } from './options';
import type { WebchatEventType } from './client/types';

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
const PLAIN = 'open close toggle newConversation destroy'.split(' ');
const EVENT_TYPES = 'ready open close status message handoff session-end error voice'.split(' ');

function run(api: AgentWebchatGlobal, [name, a, b]: Command): unknown {
  if (name === 'init') return api.init(a);
  const widget = api.widget ?? fail(`"${String(name)}" needs "init" first`);
  if (PLAIN.includes(name as string)) return widget[name as 'open']();
  if (name === 'send') return typeof a === 'string' ? widget.send(a) : fail('"send" needs a text');
  if (name !== 'on') return fail(`unknown command "${String(name)}"`);
  if (typeof a !== 'string' || typeof b !== 'function') return fail('"on" needs (event, function)');
  return EVENT_TYPES.includes(a) ? widget.on(a as WebchatEventType, (event) => b(event)) : fail(`unknown event "${a}"`);
}

function install(): void {
  const existing = window.AgentWebchat;
  if (existing && 'loaded' in existing && existing.loaded) return; // included twice: no double mount
  // Commands wait here until the page can take the widget: the stub's queue, then any call made
  // between this script running and DOMContentLoaded (a tag in <head> runs before <body> exists).
  const pending: Command[] = existing?.q ? Array.from(existing.q, (call): Command => Array.from(call)) : [];
  let started = false;

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
        const handle = mount(options);
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

  const script = document.currentScript;
  const autoOptions = script instanceof HTMLScriptElement ? parseDataAttributes({ ...script.dataset }) : {};

  const start = () => {
    started = true;
    if ('messagingUrl' in autoOptions || 'chatUrl' in autoOptions) api('init', autoOptions);
    for (const call of pending.splice(0)) api(...call);
  };
  if (document.body) start();
  else document.addEventListener('DOMContentLoaded', start, { once: true });
}

install();
