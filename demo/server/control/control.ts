// The fault-injection and inspection API. In-process it is always available (server.control);
// over HTTP only when the server was started with `control: true` (see control-routes.ts).

import type { AccessTokens } from '../messaging/access-tokens';
import type { OutgoingFaults } from '../messaging/outgoing-pipeline';
import type { SessionStore } from '../messaging/session-store';
import type { JsonRecord, ServerEvent, SessionEndReason } from '../messaging/wire';
import type { PlatformModel } from '../model/platform-model';
import { seedHistory } from '../model/seed-history';
import type { IncidentKind, ProjectSettings } from '../model/types';
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
  /** Adds `count` past conversations (deterministic for a given seed). Returns how many. */
  seedHistory(count: number, seed?: number): number;
  /** Changes a project's settings (transcripts, response metrics, v1 field whitelist). */
  projectSettings(projectId: string, change: Partial<ProjectSettings>): ProjectSettings;
  /** Records incidents as a fault would (function errors, call crashes, API errors), now or at `at`. */
  incident(kind: IncidentKind, projectId?: string, count?: number, at?: number): void;
  /** Ends an in-progress conversation abruptly and counts a call crash. False when unknown or over. */
  crashConversation(conversationId: string): boolean;
}

export interface ControlDeps {
  store: SessionStore;
  tokens: AccessTokens;
  faults: FaultState;
  recorder: Recorder;
  model: PlatformModel;
}

export function createControl({ store, tokens, faults, recorder, model }: ControlDeps): PlatformControl {
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
    seedHistory(count, seed = 1) {
      return seedHistory(model, { count, seed });
    },
    projectSettings(projectId, change) {
      return model.changeSettings(projectId, change);
    },
    incident(kind, projectId, count = 1, at = Date.now()) {
      for (let index = 0; index < count; index += 1) model.recordIncident(kind, projectId, at);
    },
    crashConversation(conversationId) {
      const record = model.conversations.get(conversationId);
      if (!record || record.endedAt !== undefined) return false;
      model.recordIncident('call_crash', record.projectId);
      const session = store.get(conversationId);
      // A crashed call leaves no goodbye: the socket drops and the session is gone.
      if (session) store.expire(conversationId);
      model.endConversation(conversationId);
      return true;
    },
  };
}
