// What tabs say to each other over the BroadcastChannel, and the parser that reads it back.
//
// Design: only store actions and user commands cross, never state and never a secret.
// - The leader posts every action its store applies (`action`), and a newcomer's `snapshot` is the
//   list of every action applied so far: the reducer is pure, so the same actions in the same order
//   give the same state, and one validator serves both.
// - Server events travel as the text of a wire frame and are re-read with the protocol's parser
//   (server-event-wire.ts); the client's own actions are small objects checked field by field.
// - Followers post `command`s: what their "transport" was asked to do (send, typing, …).
// - Anything that does not parse is ignored, whole: a malformed snapshot changes nothing.
// None of these shapes has a field for a URL or a token: the leader keeps the only credentials.

import { isRecord } from '../protocol/guards';
import { parseFrame } from '../protocol/parse-frame';
import type { ConnectionStatus, ErrorCode, Notice, StoreAction, WebchatError, WebchatState } from '../store/state';
import { serverEventsToFrame } from './server-event-wire';

/** Tags every message, so another library's traffic on a same-named channel is ignored. */
export const CHANNEL_PROTOCOL = 'agent-webchat/tabs/1';

/** A store action as it crosses: server events as frame text, the others as they are. */
export type WireAction = Exclude<StoreAction, { type: 'server-events' }> | { type: 'server-events'; frame: string };

export type TabCommand =
  | { name: 'start' }
  | { name: 'send'; clientEventId: string; text: string; timestamp: string }
  | { name: 'typing'; typing: boolean }
  | { name: 'end-session' }
  | { name: 'new-conversation' }
  | { name: 'reconnect-now' };

export type TabMessage =
  /** A follower asks the leader for a snapshot. */
  | { kind: 'hello'; from: string }
  /** A tab just became the leader: followers ask it for a snapshot. */
  | { kind: 'leader'; from: string }
  | { kind: 'snapshot'; from: string; to: string; actions: StoreAction[] }
  | { kind: 'action'; from: string; action: StoreAction }
  | { kind: 'command'; from: string; command: TabCommand };

/** The object to post for a message (server events encoded as frame text). */
export function encodeTabMessage(message: TabMessage): Record<string, unknown> {
  const base = { protocol: CHANNEL_PROTOCOL, kind: message.kind, from: message.from };
  switch (message.kind) {
    case 'snapshot':
      return { ...base, to: message.to, actions: message.actions.map(encodeAction) };
    case 'action':
      return { ...base, action: encodeAction(message.action) };
    case 'command':
      return { ...base, command: message.command };
    default:
      return base;
  }
}

export function encodeAction(action: StoreAction): WireAction {
  return action.type === 'server-events' ? { type: 'server-events', frame: serverEventsToFrame(action.events) } : action;
}

/** A channel message → a typed one, or null for anything malformed (ignored by the caller). */
export function parseTabMessage(data: unknown): TabMessage | null {
  if (!isRecord(data) || data.protocol !== CHANNEL_PROTOCOL || !isId(data.from)) return null;
  const from = data.from;
  switch (data.kind) {
    case 'hello':
    case 'leader':
      return { kind: data.kind, from };
    case 'snapshot': {
      if (!isId(data.to) || !Array.isArray(data.actions)) return null;
      const actions: StoreAction[] = [];
      for (const item of data.actions) {
        const action = decodeAction(item);
        if (!action) return null;
        actions.push(action);
      }
      return { kind: 'snapshot', from, to: data.to, actions };
    }
    case 'action': {
      const action = decodeAction(data.action);
      return action && { kind: 'action', from, action };
    }
    case 'command': {
      const command = decodeCommand(data.command);
      return command && { kind: 'command', from, command };
    }
    default:
      return null;
  }
}

const isId = (value: unknown): value is string => typeof value === 'string' && value.length > 0 && value.length <= 200;
const isString = (value: unknown): value is string => typeof value === 'string';
const isOptionalString = (value: unknown): value is string | undefined => value === undefined || typeof value === 'string';

const STATUSES: readonly ConnectionStatus[] = ['connecting', 'online', 'reconnecting', 'offline', 'ended', 'error'];
const ERROR_CODES: readonly ErrorCode[] = ['config', 'network', 'rate-limited', 'server', 'session-lost', 'protocol', 'message-too-long'];
const pick = <T extends string>(allowed: readonly T[], value: unknown): T | undefined => allowed.find((a) => a === value);

export function decodeAction(value: unknown): StoreAction | null {
  if (!isRecord(value)) return null;
  switch (value.type) {
    case 'server-events': {
      if (!isString(value.frame)) return null;
      const parsed = parseFrame(value.frame);
      return parsed.ok ? { type: 'server-events', events: parsed.events } : null;
    }
    case 'user-send': {
      const { clientEventId, text, timestamp } = value;
      return isId(clientEventId) && isString(text) && isString(timestamp) ? { type: 'user-send', clientEventId, text, timestamp } : null;
    }
    case 'user-failed':
    case 'user-retry':
    case 'user-sent':
      return isId(value.clientEventId) ? { type: value.type, clientEventId: value.clientEventId } : null;
    case 'status': {
      const status = pick(STATUSES, value.status);
      const error = value.error === undefined ? undefined : decodeError(value.error);
      if (!status || error === null) return null;
      return error ? { type: 'status', status, error } : { type: 'status', status };
    }
    case 'typing': {
      const typing = decodeTyping(value.typing);
      return typing === undefined ? null : { type: 'typing', typing };
    }
    case 'notice': {
      const notice = decodeNotice(value.notice);
      return notice && isString(value.timestamp) ? { type: 'notice', notice, timestamp: value.timestamp } : null;
    }
    case 'reset':
      return { type: 'reset' };
    default:
      return null;
  }
}

function decodeError(value: unknown): WebchatError | null {
  if (!isRecord(value)) return null;
  const code = pick(ERROR_CODES, value.code);
  return code && isString(value.message) ? { code, message: value.message } : null;
}

/** undefined when malformed (null is a valid "nobody types"). */
function decodeTyping(value: unknown): WebchatState['typing'] | undefined {
  if (value === null) return null;
  if (!isRecord(value) || !isOptionalString(value.name)) return undefined;
  const who = pick(['agent', 'live-agent'] as const, value.who);
  if (!who) return undefined;
  return value.name === undefined ? { who } : { who, name: value.name };
}

function decodeNotice(value: unknown): Notice | null {
  if (!isRecord(value)) return null;
  const { code, name, reason, queueName, level, message } = value;
  switch (code) {
    case 'agent-joined':
    case 'live-agent-joined':
      return isString(name) ? { code, name } : null;
    case 'live-agent-left':
      return isOptionalString(name) ? (name === undefined ? { code } : { code, name }) : null;
    case 'client-handoff':
      if (!isString(reason) || !isOptionalString(queueName)) return null;
      return queueName === undefined ? { code, reason } : { code, reason, queueName };
    case 'session-ended':
      return isString(reason) ? { code, reason } : null;
    case 'system': {
      const systemLevel = pick(['info', 'warning', 'error'] as const, level);
      return systemLevel && isString(message) ? { code, level: systemLevel, message } : null;
    }
    case 'handoff-started':
    case 'handoff-accepted':
    case 'handoff-failed':
    case 'handoff-timeout':
    case 'session-lost':
    case 'new-conversation':
    case 'fallback-rest':
      return { code };
    default:
      return null;
  }
}

function decodeCommand(value: unknown): TabCommand | null {
  if (!isRecord(value)) return null;
  switch (value.name) {
    case 'send': {
      const { clientEventId, text, timestamp } = value;
      return isId(clientEventId) && isString(text) && isString(timestamp) ? { name: 'send', clientEventId, text, timestamp } : null;
    }
    case 'typing':
      return typeof value.typing === 'boolean' ? { name: 'typing', typing: value.typing } : null;
    case 'start':
    case 'end-session':
    case 'new-conversation':
    case 'reconnect-now':
      return { name: value.name };
    default:
      return null;
  }
}
