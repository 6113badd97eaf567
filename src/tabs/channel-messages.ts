// What tabs say to each other over the BroadcastChannel, and the parser that reads it back.
//
// Design: only store actions and transport calls cross, never state and never a secret.
// - `actions`: the leader posts every action its store applies; addressed `to` one tab, the list
//   is that tab's snapshot (every action applied so far: the reducer is pure, so the same actions
//   in the same order give the same state); `to: "*"`, every follower's, from a new leader. One
//   message kind, one validator, for both.
// - Server events travel as the text of a wire frame and are re-read with the protocol's parser
//   (server-event-wire.ts); the other actions are small objects checked against a table of fields.
// - `call`: a follower hands the leader what its "transport" was asked to do (send, typing, …).
// - `hello`: a new tab asks the leader for its snapshot.
// - Anything that does not parse is ignored, whole: a malformed snapshot changes nothing.
// None of these shapes has a field for a URL or a token: the leader keeps the only credentials.

import { isRecord } from '../protocol/guards';
import { parseFrame } from '../protocol/parse-frame';
import type { StoreAction } from '../store/state';
import { serverEventsToFrame } from './server-event-wire';

/** Tags every message, so another library's traffic on a same-named channel is ignored. */
export const CHANNEL_PROTOCOL = 'agent-webchat/tabs/2';

/** A transport call, named after the Transport method it stands for. */
export type TabCall =
  | { name: 'start' | 'endSession' | 'newConversation' | 'reconnectNow' }
  /** The leader stamps the time of a follower's message (the echo brings the server's). */
  | { name: 'sendUserMessage'; clientEventId: string; text: string }
  | { name: 'setTyping'; typing: boolean };

export type TabMessage =
  | { kind: 'hello'; from: string }
  /** Live actions, or with `to` the snapshot of the conversation for that tab ("*": for all). */
  | { kind: 'actions'; from: string; to?: string; actions: StoreAction[] }
  | { kind: 'call'; from: string; call: TabCall };

/** The object to post for a message (server events encoded as frame text). */
export function encodeTabMessage(message: TabMessage): Record<string, unknown> {
  const encoded = { protocol: CHANNEL_PROTOCOL, ...message };
  return message.kind === 'actions' ? { ...encoded, actions: message.actions.map(encodeAction) } : encoded;
}

const encodeAction = (action: StoreAction) =>
  action.type === 'server-events' ? { type: action.type, frame: serverEventsToFrame(action.events), history: action.history } : action;

// — Checks: each a predicate over an unknown value; `shape` checks the named fields of a record.

type Check = (value: unknown) => boolean;
const id: Check = (value) => typeof value === 'string' && value.length > 0 && value.length <= 200;
const text: Check = (value) => typeof value === 'string';
const oneOf =
  (...allowed: unknown[]): Check =>
  (value) =>
    allowed.includes(value);
const optional =
  (check: Check): Check =>
  (value) =>
    value === undefined || check(value);
const shape =
  (fields: Record<string, Check>): Check =>
  (value) =>
    isRecord(value) && Object.keys(fields).every((name) => fields[name]!(value[name]));

const USER_MESSAGE = shape({ clientEventId: id });

/** Every action but `server-events` (parsed apart), and what its fields must be. */
const ACTIONS: Record<string, Check> = {
  'user-send': shape({ clientEventId: id, text, timestamp: text }),
  'user-failed': USER_MESSAGE,
  'user-retry': USER_MESSAGE,
  'user-sent': USER_MESSAGE,
  status: shape({
    status: oneOf('connecting', 'online', 'reconnecting', 'offline', 'ended', 'error'),
    error: optional(
      shape({
        code: oneOf('config', 'network', 'rate-limited', 'server', 'session-lost', 'protocol', 'message-too-long'),
        message: text,
      }),
    ),
  }),
  typing: shape({ typing: (value) => value === null || shape({ who: oneOf('agent', 'live-agent'), name: optional(text) })(value) }),
  // Notices of the client's own (the server's come as events): none carries more than its code.
  notice: shape({ notice: shape({ code: oneOf('session-lost', 'new-conversation', 'fallback-rest') }), timestamp: text }),
  reset: isRecord,
};

const CALLS: Record<string, Check> = {
  start: isRecord,
  endSession: isRecord,
  newConversation: isRecord,
  reconnectNow: isRecord,
  sendUserMessage: shape({ clientEventId: id, text }),
  setTyping: shape({ typing: oneOf(true, false) }),
};

const isAction = (value: unknown): value is StoreAction =>
  isRecord(value) && typeof value.type === 'string' && Object.hasOwn(ACTIONS, value.type) && ACTIONS[value.type]!(value);

const isCall = (value: unknown): value is TabCall =>
  isRecord(value) && typeof value.name === 'string' && Object.hasOwn(CALLS, value.name) && CALLS[value.name]!(value);

export function decodeAction(value: unknown): StoreAction | null {
  if (isRecord(value) && value.type === 'server-events') {
    const parsed = typeof value.frame === 'string' ? parseFrame(value.frame) : undefined;
    if (!parsed?.ok) return null;
    return value.history === true
      ? { type: 'server-events', events: parsed.events, history: true }
      : { type: 'server-events', events: parsed.events };
  }
  return isAction(value) ? value : null;
}

/** A channel message → a typed one, or null for anything malformed (ignored by the caller). */
export function parseTabMessage(data: unknown): TabMessage | null {
  if (!isRecord(data) || data.protocol !== CHANNEL_PROTOCOL || !id(data.from)) return null;
  const from = String(data.from);
  switch (data.kind) {
    case 'hello':
      return { kind: data.kind, from };
    case 'actions': {
      if (!Array.isArray(data.actions) || !optional(id)(data.to)) return null;
      const actions = data.actions.map(decodeAction);
      if (actions.includes(null)) return null;
      return { kind: 'actions', from, to: typeof data.to === 'string' ? data.to : undefined, actions: actions.filter((a) => a !== null) };
    }
    case 'call':
      return isCall(data.call) ? { kind: 'call', from, call: data.call } : null;
    default:
      return null;
  }
}
