// The fault-injection and inspection API. In-process it is always available (server.control);
// over HTTP only when the server was started with `control: true` (see control-routes.ts).

import type { AccessTokens } from '../messaging/access-tokens';
import type { OutgoingFaults } from '../messaging/outgoing-pipeline';
import type { SessionStore } from '../messaging/session-store';
import type { JsonRecord, ServerEvent, SessionEndReason } from '../messaging/wire';
import type { FaultCount, FaultState, HttpFaultSpec } from './fault-state';
import type { PlatformRecord, Recorder } from './recorder';

export interface PlatformControl {
  /** Clears faults and records; sessions stay. */
  reset(): void;
  /** Terminates sockets like a network drop (client sees 1006). Returns how many. */
  dropSockets(sessionId?: string): number;
  /** The next `count` upgrades (or all, until 0) get their TCP socket destroyed. */
  refuseUpgrades(count: FaultCount): void;
  /** The next `count` upgrades (default all, until `refuseUpgrades(0)`) get a real HTTP `status`. */
  refuseUpgradesWith(status: number, count?: FaultCount): void;
  /** The session is gone: open sockets close, the next connect gets 404. */
  expireSession(sessionId: string): boolean;
  /** Every token issued so far stops working (401 on socket and session creation). */
  expireTokens(): void;
  /** Replaces the outgoing fault set; `{}` turns everything off. */
  setOutgoing(faults: OutgoingFaults): void;
  /** Writes raw frames as-is to every open socket of the session. Returns sockets reached. */
  inject(sessionId: string, frames: string[]): number;
  /** Arms an HTTP fault for the next `count` matching API requests (faults queue up). */
  httpFaults(spec: HttpFaultSpec): void;
  /** Server-initiated end (e.g. REASON_USER_ABANDONED). False when the session is unknown or over. */
  endSession(sessionId: string, reason?: SessionEndReason): boolean;
  /** Emits a well-formed server event into a session (journaled unless transient). */
  emit(sessionId: string, type: string, payload: JsonRecord, options?: { transient?: boolean }): ServerEvent | undefined;
  record(): PlatformRecord;
  sessionIds(): string[];
  openSocketCount(sessionId: string): number;
  /** The session's journal: every event replay serves from `seq:0` (empty for an unknown session). */
  journal(sessionId: string): ServerEvent[];
}

export interface ControlDeps {
  store: SessionStore;
  tokens: AccessTokens;
  faults: FaultState;
  recorder: Recorder;
}

export function createControl({ store, tokens, faults, recorder }: ControlDeps): PlatformControl {
  return {
    reset() {
      faults.reset();
      recorder.clear();
    },
    dropSockets(sessionId) {
      const sessions = sessionId === undefined ? store.all() : [store.get(sessionId)];
      return sessions.reduce((dropped, session) => dropped + (session?.terminateSockets() ?? 0), 0);
    },
    refuseUpgrades(count) {
      faults.refuseUpgrades(count);
    },
    refuseUpgradesWith(status, count = 'all') {
      faults.refuseUpgrades(count, status);
    },
    expireSession(sessionId) {
      return store.expire(sessionId);
    },
    expireTokens() {
      tokens.expireAll();
    },
    setOutgoing(outgoing) {
      faults.outgoing = { ...outgoing };
    },
    inject(sessionId, frames) {
      return store.get(sessionId)?.writeRaw(frames) ?? 0;
    },
    httpFaults(spec) {
      faults.addHttpFault(spec);
    },
    endSession(sessionId, reason = 'REASON_USER_ABANDONED') {
      const session = store.get(sessionId);
      if (!session || session.ended) return false;
      session.emit('EVENT_TYPE_SESSION_END', { reason });
      session.end();
      return true;
    },
    emit(sessionId, type, payload, options = {}) {
      return store.get(sessionId)?.emit(type, payload, options);
    },
    record() {
      return recorder.snapshot();
    },
    sessionIds() {
      return store.ids();
    },
    openSocketCount(sessionId) {
      return store.get(sessionId)?.sockets.size ?? 0;
    },
    journal(sessionId) {
      return store.get(sessionId)?.eventsAfter(0) ?? [];
    },
  };
}
