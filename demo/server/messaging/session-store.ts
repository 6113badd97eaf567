// All live sessions of one server. A session leaves the store when it idles out, when the
// control API expires it, or when the server closes; afterwards every lookup answers 404.

import { randomUUID } from 'node:crypto';
import type { OutgoingFaults } from './outgoing-pipeline';
import { type Platform, Session } from './session';
import { MAX_MESSAGE_SIZE_BYTES } from './wire';

export interface NewSession {
  streaming: boolean;
  platform: Platform;
  tokenId: string;
  connectorId: string;
}

export class SessionStore {
  private readonly sessions = new Map<string, Session>();

  constructor(
    private readonly idleMs: number,
    private readonly faults: () => OutgoingFaults,
    private readonly onFinish: (session: Session) => void = () => undefined,
  ) {}

  create(init: NewSession): Session {
    const session = new Session({
      ...init,
      id: `sess_${randomUUID()}`,
      idleMs: this.idleMs,
      faults: this.faults,
      onIdle: (idle) => this.expire(idle.id),
      onFinish: this.onFinish,
    });
    this.sessions.set(session.id, session);
    session.emit('EVENT_TYPE_SESSION_START', {
      capabilities: {
        streaming: init.streaming,
        max_message_size_bytes: MAX_MESSAGE_SIZE_BYTES,
        max_reconnect_attempts: 5,
        heartbeat_interval_seconds: 30,
      },
    });
    return session;
  }

  get(id: string): Session | undefined {
    return this.sessions.get(id);
  }

  ids(): string[] {
    return [...this.sessions.keys()];
  }

  all(): Session[] {
    return [...this.sessions.values()];
  }

  expire(id: string): boolean {
    const session = this.sessions.get(id);
    if (!session) return false;
    this.sessions.delete(id);
    session.dispose(1001, 'session expired');
    return true;
  }

  closeAll(): void {
    for (const session of this.sessions.values()) session.dispose(1001, 'server shutting down');
    this.sessions.clear();
  }
}
