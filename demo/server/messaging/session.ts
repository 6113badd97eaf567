// One messaging session: its journal (what replay serves), its open sockets (what live events
// fan out to), the demo agent's state and a serial queue for the agent's timed scripts.

import { randomUUID } from 'node:crypto';
import { setTimeout as sleepFor } from 'node:timers/promises';
import { WebSocket } from 'ws';
import { causeCustom } from './event-cause';
import { type OutgoingFaults, OutgoingPipeline } from './outgoing-pipeline';
import type { JsonRecord, ServerEvent } from './wire';

export type Platform = 'web' | 'ios' | 'android' | 'custom';

/** Where a server-managed handoff stands; user messages go to the live agent only when `live`. */
export type HandoffStage = 'none' | 'queued' | 'live';

export interface SessionInit {
  id: string;
  streaming: boolean;
  platform: Platform;
  tokenId: string;
  connectorId: string;
  idleMs: number;
  faults: () => OutgoingFaults;
  onIdle: (session: Session) => void;
  /** Once, when the session ends or is disposed (expiry, shutdown). */
  onFinish?: (session: Session) => void;
}

export interface EmitOptions {
  /** Echoed client metadata (`metadata.custom`); by default the custom of the client event being answered. */
  custom?: JsonRecord | undefined;
  /** Not journaled: `sequence` is null and replay never serves it (typing, heartbeat echoes). */
  transient?: boolean;
}

export class Session {
  readonly id: string;
  readonly streaming: boolean;
  readonly platform: Platform;
  readonly tokenId: string;
  readonly connectorId: string;
  readonly sockets = new Set<WebSocket>();
  /** The demo connector serves the demo project, on its deployed default variant. */
  readonly projectId = 'demo-project';
  joined = false;
  handoff: HandoffStage = 'none';

  private readonly journal: ServerEvent[] = [];
  private nextSequence = 1;
  private state: 'active' | 'ended' | 'disposed' = 'active';
  private readonly abort = new AbortController();
  private agentQueue: Promise<void> = Promise.resolve();
  private agentTasks = 0;
  private readonly onFinish: ((session: Session) => void) | undefined;
  private readonly idleTimer: NodeJS.Timeout;
  private readonly outgoing: OutgoingPipeline;

  constructor(init: SessionInit) {
    this.id = init.id;
    this.streaming = init.streaming;
    this.platform = init.platform;
    this.tokenId = init.tokenId;
    this.connectorId = init.connectorId;
    this.onFinish = init.onFinish;
    this.outgoing = new OutgoingPipeline(init.faults, (frame) => this.writeToSockets(frame));
    this.idleTimer = setTimeout(() => init.onIdle(this), init.idleMs);
    this.idleTimer.unref();
  }

  /** The agent is still working through a script: a message now interrupts it (barge-in). */
  get agentBusy(): boolean {
    return this.agentTasks > 0;
  }

  get ended(): boolean {
    return this.state !== 'active';
  }

  /** Inbound traffic (creation, connect, any frame) keeps the session alive. */
  touch(): void {
    if (this.state !== 'disposed') this.idleTimer.refresh();
  }

  /** Journals (unless transient) and fans out to every open socket. Nothing after the end. */
  emit(type: string, payload: JsonRecord, options: EmitOptions = {}): ServerEvent | undefined {
    if (this.state !== 'active') return undefined;
    const event: ServerEvent = {
      id: `evt_${randomUUID()}`,
      sequence: options.transient ? null : this.nextSequence++,
      timestamp: new Date().toISOString(),
      type,
      payload,
      metadata: { custom: options.custom ?? causeCustom() },
    };
    if (!options.transient) this.journal.push(event);
    this.outgoing.push(event);
    return event;
  }

  eventsAfter(sequence: number): ServerEvent[] {
    return this.journal.filter((event) => event.sequence !== null && event.sequence > sequence);
  }

  /** Agent scripts run one after another, so a reply never interleaves with the previous one. */
  runAgent(task: () => Promise<void>): void {
    this.agentTasks += 1;
    this.agentQueue = this.agentQueue
      .then(() => (this.abort.signal.aborted ? undefined : task()))
      .catch((error: unknown) => {
        if (!this.abort.signal.aborted) console.error(`[platform] agent script failed in ${this.id}:`, error);
      })
      .finally(() => {
        this.agentTasks -= 1;
      });
  }

  /** Rejects once the session ends or expires, which stops the running script. */
  sleep(ms: number): Promise<void> {
    return sleepFor(ms, undefined, { signal: this.abort.signal });
  }

  /** After SESSION_END: accept nothing more and close the sockets once the end has been written. */
  end(): void {
    if (this.state !== 'active') return;
    this.state = 'ended';
    this.onFinish?.(this);
    this.abort.abort();
    this.outgoing.flush();
    this.outgoing.afterDrain(() => {
      for (const socket of this.sockets) socket.close(1000, 'session ended');
    });
  }

  /** The session is gone (expired or server shutdown): stop everything, close the sockets. */
  dispose(closeCode: number, reason: string): void {
    if (this.state === 'disposed') return;
    if (this.state === 'active') this.onFinish?.(this);
    this.state = 'disposed';
    this.abort.abort();
    clearTimeout(this.idleTimer);
    this.outgoing.dispose();
    for (const socket of this.sockets) socket.close(closeCode, reason);
  }

  /** Like a network drop: no close frame, the client sees 1006. */
  terminateSockets(): number {
    const count = this.sockets.size;
    for (const socket of this.sockets) socket.terminate();
    return count;
  }

  /** Raw frames for fault injection, written as-is past the pipeline. */
  writeRaw(frames: readonly string[]): number {
    let reached = 0;
    for (const socket of this.sockets) {
      if (socket.readyState !== WebSocket.OPEN) continue;
      for (const frame of frames) socket.send(frame);
      reached += 1;
    }
    return reached;
  }

  private writeToSockets(frame: string): void {
    for (const socket of this.sockets) {
      if (socket.readyState === WebSocket.OPEN) socket.send(frame);
    }
  }
}
