// Script-tag entry (dist/agent-webchat.js): defines window.AgentWebchat, replays the pre-load
// command queue, and auto-mounts one floating widget from the tag's data-* attributes.

import { mount, type WebchatHandle } from './handle';
import { parseDataAttributes } from './options';

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
    AgentWebchat?: AgentWebchatGlobal | ((...args: unknown[]) => void) & { q?: ArrayLike<unknown>[] };
  }
}

const PREFIX = 'agent-webchat:';

function report(error: unknown): void {
  const message = error instanceof Error ? error.message : String(error);
  console.error(message.startsWith(PREFIX) ? message : `${PREFIX} ${message}`);
}

function run(api: AgentWebchatGlobal, command: Command): unknown {
  const [name, ...args] = command;
  if (name === 'init') return api.init(args[0]);
  const widget = api.widget;
  if (!widget) throw new Error(`${PREFIX} "${String(name)}" needs a widget, and there is none (call "init" first)`);
  switch (name) {
    case 'open':
      return widget.open();
    case 'close':
      return widget.close();
    case 'toggle':
      return widget.toggle();
    case 'newConversation':
      return widget.newConversation();
    case 'destroy':
      return widget.destroy();
    case 'send':
      if (typeof args[0] !== 'string') throw new Error(`${PREFIX} "send" needs the message text`);
      return widget.send(args[0]);
    case 'on': {
      const [type, listener] = args;
      if (typeof type !== 'string' || typeof listener !== 'function') throw new Error(`${PREFIX} "on" needs an event name and a function`);
      return widget.on(eventType(type), (event) => listener(event));
    }
    default:
      throw new Error(`${PREFIX} unknown command "${String(name)}"`);
  }
}

const EVENT_TYPES = ['ready', 'open', 'close', 'status', 'message', 'handoff', 'session-end', 'error'] as const;
function eventType(type: string): (typeof EVENT_TYPES)[number] {
  const found = EVENT_TYPES.find((t) => t === type);
  if (!found) throw new Error(`${PREFIX} unknown event "${type}"`);
  return found;
}

function install(): void {
  const existing = window.AgentWebchat;
  if (existing && 'loaded' in existing && existing.loaded) return; // included twice: no double mount
  // Commands wait here until the page can take the widget: the stub's queue, then any call made
  // between this script running and DOMContentLoaded (a tag in <head> runs before <body> exists).
  const pending: Command[] = existing?.q ? Array.from(existing.q, (call): Command => Array.from(call)) : [];
  let started = false;

  const api: AgentWebchatGlobal = Object.assign((...command: Command) => {
    if (!started) {
      pending.push(command);
      return undefined;
    }
    try {
      return run(api, command);
    } catch (error) {
      report(error);
      return undefined;
    }
  }, {
    loaded: true as const,
    init(options: unknown): WebchatHandle {
      const handle = mount(options);
      const destroy = handle.destroy;
      handle.destroy = () => {
        destroy();
        if (api.widget === handle) api.widget = undefined;
      };
      api.widget = handle;
      return handle;
    },
  });
  window.AgentWebchat = api;

  const script = document.currentScript;
  const autoOptions = script instanceof HTMLScriptElement ? parseDataAttributes({ ...script.dataset }) : {};
  const autoMount = 'messagingUrl' in autoOptions || 'chatUrl' in autoOptions;

  const start = () => {
    started = true;
    if (autoMount) api('init', autoOptions);
    for (const call of pending.splice(0)) api(...call);
  };
  if (document.body) start();
  else document.addEventListener('DOMContentLoaded', start, { once: true });
}

install();
