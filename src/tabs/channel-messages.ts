// What tabs say to each other over the BroadcastChannel, and the parser that reads it back.
//
// Design: only store actions and transport calls cross, never state and never a secret.
// - `actions`: the leader posts every action its store applies. With `snapshot`, the list is every
//   action applied so far, which each follower adopts (the reducer is pure: the same actions in
//   the same order give the same state). One message kind, one validator, for both.
// - Server events travel as the wire text of the frame they were parsed from (the transport's
//   frame tap hands it over) and are re-read with the protocol's parser; the other actions are
//   small objects checked against a table of fields.
// - `call`: a follower hands the leader what its "transport" was asked to do (send, typing, …).
// - `hello`: a new tab asks the leader for a snapshot.
// No message says who sent it: a channel never hears its own messages, and every tab but the
// leader acts on a snapshot. Anything that does not parse is ignored, whole. None of these shapes
// has a field for a URL or a token: the leader keeps the only credentials.

import { isRecord } from '../protocol/guards';
import { parseFrame } from '../protocol/parse-frame';
import type { StoreAction } from '../store/state';

/** Tags every message, so another library's traffic on a same-named channel is ignored. */
export const CHANNEL_PROTOCOL = 'agent-webchat/tabs/5';

/** A transport call, named after the Transport method it stands for. */
export type TabCall =
  | { name: 'start' | 'endSession' | 'newConversation' | 'reconnectNow' }
  /** The visitor read the conversation in a follower: the leader clears the unread count for every tab. */
  | { name: 'markRead' }
  /** The leader stamps the time of a follower's message (the echo brings the server's). */
  | { name: 'sendUserMessage'; clientEventId: string; text: string }
  | { name: 'setTyping'; typing: boolean };

/** An action as tabs share it: server events with the wire text of their frame. */
export type SharedAction =
  | { action: Exclude<StoreAction, { type: 'server-events' }> }
  | { action: Extract<StoreAction, { type: 'server-events' }>; frame: string };

export type TabMessage =
  | { kind: 'hello' }
  /** Live actions, or with `snapshot` the actions that make the conversation so far. */
  | { kind: 'actions'; actions: SharedAction[]; snapshot?: true }
  | { kind: 'call'; call: TabCall };

/** The object to post for a message (server events as their frame text). */
export function encodeTabMessage(message: TabMessage): Record<string, unknown> {
  const encoded = { protocol: CHANNEL_PROTOCOL, ...message };
  return message.kind === 'actions' ? { ...encoded, actions: message.actions.map(encodeAction) } : encoded;
}

const encodeAction = (shared: SharedAction) =>
  'frame' in shared ? { type: shared.action.type, frame: shared.frame, history: shared.action.history } : shared.action;

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

/** Each kind of event the client makes itself (LocalEvent), and what its fields must be. */
const LOCAL_EVENTS: Record<string, Check> = {
  'agent-reply': shape({ id, text }),
  'handoff-required': shape({ id, reason: text, queueName: optional(text) }),
  'session-end': shape({ id, reason: text }),
};
const isLocalEvent: Check = (value) =>
  isRecord(value) && typeof value.kind === 'string' && Object.hasOwn(LOCAL_EVENTS, value.kind) && LOCAL_EVENTS[value.kind]!(value);

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
  'local-events': shape({ timestamp: text, events: (value) => Array.isArray(value) && value.every(isLocalEvent) }),
  unread: shape({ count: (value) => Number.isSafeInteger(value) && Number(value) >= 0 }),
};

const CALLS: Record<string, Check> = {
  start: isRecord,
  endSession: isRecord,
  newConversation: isRecord,
  reconnectNow: isRecord,
  markRead: isRecord,
  sendUserMessage: shape({ clientEventId: id, text }),
  setTyping: shape({ typing: oneOf(true, false) }),
};

const isAction = (value: unknown): value is Exclude<StoreAction, { type: 'server-events' }> =>
  isRecord(value) && typeof value.type === 'string' && Object.hasOwn(ACTIONS, value.type) && ACTIONS[value.type]!(value);

const isCall = (value: unknown): value is TabCall =>
  isRecord(value) && typeof value.name === 'string' && Object.hasOwn(CALLS, value.name) && CALLS[value.name]!(value);

export function decodeAction(value: unknown): SharedAction | null {
  if (isRecord(value) && value.type === 'server-events') {
    const { frame } = value;
    if (typeof frame !== 'string') return null;
    const parsed = parseFrame(frame);
    if (!parsed.ok) return null;
    // The frame stays with the action: this tab may lead one day and post its log again.
    return { action: { type: 'server-events', events: parsed.events, ...(value.history === true && { history: true }) }, frame };
  }
  return isAction(value) ? { action: value } : null;
}

/** A channel message → a typed one, or null for anything malformed (ignored by the caller). */
export function parseTabMessage(data: unknown): TabMessage | null {
  if (!isRecord(data) || data.protocol !== CHANNEL_PROTOCOL) return null;
  if (data.kind === 'hello') return { kind: 'hello' };
  if (data.kind === 'call') return isCall(data.call) ? { kind: 'call', call: data.call } : null;
  if (data.kind !== 'actions' || !Array.isArray(data.actions)) return null;
  const actions: SharedAction[] = [];
  for (const item of data.actions) {
    const action = decodeAction(item);
    if (!action) return null;
    actions.push(action);
  }
  return { kind: 'actions', actions, ...(data.snapshot === true && { snapshot: true }) };
}
