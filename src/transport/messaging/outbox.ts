// PROTOCOL §6.5: a user message stays `sending` until its echo arrives; the store knows which ones
// (status 'sending'), this module only decides WHEN to (re)send. Without an echo: resend after
// 5 s, 10 s and 15 s; 15 s after the third resend the message is `failed`. Timers run only while
// the socket is open — a message waiting for a connection is waiting, not failing.

import type { TimerId } from '../../client/clock';
import type { Timers } from '../timers';

/** Wait after the initial send, after resend 1, resend 2, resend 3 (then: failed). */
export const RESEND_DELAYS_MS = [5000, 10_000, 15_000, 15_000] as const;
const MAX_RESENDS = RESEND_DELAYS_MS.length - 1;

export interface PendingMessage {
  clientEventId: string;
  text: string;
}

export interface OutboxDeps {
  timers: Timers;
  random(): number;
  /** Messages whose echo is still missing, in transcript order. */
  pending(): PendingMessage[];
  /** Puts the message on the wire; false when the socket is not open. */
  transmit(message: PendingMessage): boolean;
  fail(clientEventId: string): void;
}

export function createOutbox(d: OutboxDeps) {
  const entries = new Map<string, { resends: number; timer?: TimerId }>();

  const entry = (id: string) => {
    let e = entries.get(id);
    if (!e) entries.set(id, (e = { resends: 0 }));
    return e;
  };

  const schedule = (id: string, ms: number) => {
    const e = entry(id);
    d.timers.clear(e.timer);
    e.timer = d.timers.set(() => due(id), ms);
  };

  const transmit = (m: PendingMessage) => {
    if (d.transmit(m)) schedule(m.clientEventId, RESEND_DELAYS_MS[entry(m.clientEventId).resends] ?? 0);
  };

  const due = (id: string) => {
    const e = entries.get(id);
    const m = d.pending().find((p) => p.clientEventId === id);
    if (!e || !m) {
      entries.delete(id);
      return;
    }
    e.timer = undefined;
    if (e.resends >= MAX_RESENDS) {
      entries.delete(id);
      d.fail(id);
      return;
    }
    e.resends++;
    transmit(m);
  };

  return {
    /** A new message, or the user's retry of a failed one: a fresh resend budget. */
    send(m: PendingMessage) {
      d.timers.clear(entries.get(m.clientEventId)?.timer);
      entries.set(m.clientEventId, { resends: 0 });
      transmit(m);
    },
    /** After (re)open and replay: send every message whose echo is still missing. */
    flush() {
      for (const m of d.pending()) transmit(m);
    },
    /** "High load, try again in a moment" (PROTOCOL §5): resend in 2–5 s, counted as a resend. */
    retryLater(id?: string) {
      for (const m of d.pending()) {
        if (id !== undefined && m.clientEventId !== id) continue;
        const e = entry(m.clientEventId);
        if (e.resends < MAX_RESENDS) e.resends++;
        const delay = 2000 + Math.round(d.random() * 3000);
        d.timers.clear(e.timer);
        e.timer = d.timers.set(() => {
          e.timer = undefined;
          const still = d.pending().find((p) => p.clientEventId === m.clientEventId);
          if (still) transmit(still);
        }, delay);
      }
    },
    /** Socket closed: no resend can succeed until it reopens (then flush()). */
    pause() {
      for (const e of entries.values()) d.timers.clear(e.timer);
    },
    clear() {
      this.pause();
      entries.clear();
    },
  };
}
