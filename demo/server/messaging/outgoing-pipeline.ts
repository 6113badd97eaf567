// The path every live event of a session takes to its sockets. Normally a straight write; the
// control API can make it misbehave the way real networks and servers do, so the widget's
// dedupe, ordering and chunk assembly are tested against the wire rather than assumed.

import type { ServerEvent } from './wire';

export interface OutgoingFaults {
  /** Every live frame is written this much later. */
  delayMs?: number;
  /** Every live frame is written twice. */
  duplicate?: boolean;
  /** Adjacent live events are swapped (a lone event is released after a short hold). */
  reorder?: boolean;
  /** The chunks of a streamed message are held until the last one, then written shuffled. */
  chunksOutOfOrder?: boolean;
}

/** How long a reorder-held event waits for a partner before it goes out alone. */
const REORDER_HOLD_MS = 60;

export class OutgoingPipeline {
  private readonly chunkBuffers = new Map<string, ServerEvent[]>();
  private held: ServerEvent | undefined;
  private heldTimer: NodeJS.Timeout | undefined;
  private readonly timers = new Set<NodeJS.Timeout>();

  constructor(
    private readonly faults: () => OutgoingFaults,
    private readonly write: (frame: string) => void,
  ) {}

  push(event: ServerEvent): void {
    const messageId = event.payload['message_id'];
    if (this.faults().chunksOutOfOrder && event.type === 'EVENT_TYPE_SERVICE_AGENT_MESSAGE_CHUNK' && typeof messageId === 'string') {
      const buffer = this.chunkBuffers.get(messageId) ?? [];
      buffer.push(event);
      this.chunkBuffers.set(messageId, buffer);
      if (event.payload['is_complete'] === true) {
        this.chunkBuffers.delete(messageId);
        for (const chunk of shuffled(buffer)) this.reorderStage(chunk);
      }
      return;
    }
    this.reorderStage(event);
  }

  /** Releases everything held back (buffered chunks, a reorder-held event) in order. */
  flush(): void {
    for (const buffer of this.chunkBuffers.values()) for (const chunk of buffer) this.writeStage(chunk);
    this.chunkBuffers.clear();
    this.releaseHeld();
  }

  /** Runs `task` once every frame pushed so far has been written (delays included). */
  afterDrain(task: () => void): void {
    const delayMs = this.faults().delayMs ?? 0;
    if (delayMs > 0) this.schedule(task, delayMs);
    else task();
  }

  dispose(): void {
    for (const timer of this.timers) clearTimeout(timer);
    this.timers.clear();
    if (this.heldTimer) clearTimeout(this.heldTimer);
    this.held = undefined;
    this.chunkBuffers.clear();
  }

  private reorderStage(event: ServerEvent): void {
    if (!this.faults().reorder) {
      this.releaseHeld();
      this.writeStage(event);
      return;
    }
    const first = this.held;
    if (first) {
      this.held = undefined;
      if (this.heldTimer) clearTimeout(this.heldTimer);
      this.writeStage(event);
      this.writeStage(first);
      return;
    }
    this.held = event;
    this.heldTimer = setTimeout(() => this.releaseHeld(), REORDER_HOLD_MS);
  }

  private releaseHeld(): void {
    if (this.heldTimer) clearTimeout(this.heldTimer);
    const held = this.held;
    this.held = undefined;
    if (held) this.writeStage(held);
  }

  private writeStage(event: ServerEvent): void {
    const faults = this.faults();
    const frame = JSON.stringify(event);
    const copies = faults.duplicate ? 2 : 1;
    const delayMs = faults.delayMs ?? 0;
    for (let copy = 0; copy < copies; copy += 1) {
      if (delayMs > 0) this.schedule(() => this.write(frame), delayMs);
      else this.write(frame);
    }
  }

  private schedule(task: () => void, delayMs: number): void {
    const timer = setTimeout(() => {
      this.timers.delete(timer);
      task();
    }, delayMs);
    this.timers.add(timer);
  }
}

/** A shuffle that never returns the original order when there are two or more items. */
function shuffled<T>(items: readonly T[]): T[] {
  const copy = [...items];
  for (let index = copy.length - 1; index > 0; index -= 1) {
    const other = Math.floor(Math.random() * (index + 1));
    const a = copy[index];
    const b = copy[other];
    if (a === undefined || b === undefined) continue;
    copy[index] = b;
    copy[other] = a;
  }
  if (copy.length > 1 && copy.every((item, index) => item === items[index])) copy.reverse();
  return copy;
}
