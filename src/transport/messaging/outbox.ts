// PROTOCOL §6.5: a user message stays `sending` until its echo arrives; the store knows which ones
// (status 'sending'), this module only decides WHEN to (re)send. Without an echo: resend after
// 5 s, 10 s and 15 s; 15 s after the third resend the message is `failed`. Timers run only while
// the socket is open — a message waiting for a connection is waiting, not failing.

import type { TimerId } from '../../client/clock';
import type { Timers } from '../timers';

/** Wait after the initial send, after resend 1, resend 2, resend 3 (then: failed). */
const RESEND_DELAYS_MS = [5000, 10_000, 15_000, 15_000];
const MAX_RESENDS = 3;

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

interface Entry {
  resends: number;
  timer?: TimerId;
}

export function createOutbox(d: OutboxDeps) {
  const entries = new Map<string, Entry>();
  const entry = (id: string) => entries.get(id) ?? set(id);
  const set = (id: string) => {
    const e: Entry = { resends: 0 };
    d.timers.clear(entries.get(id)?.timer);
    entries.set(id, e);
    return e;
  };

  /** After `ms`, `then` runs for the message if it still waits for its echo. */
  const later = (id: string, ms: number, then: (m: PendingMessage, e: Entry) => void) => {
    const e = entry(id);
    d.timers.clear(e.timer);
    e.timer = d.timers.set(() => {
      const m = d.pending().find((p) => p.clientEventId === id);
      if (m) then(m, e);
      else entries.delete(id);
    }, ms);
  };

  const transmit = (m: PendingMessage) => {
    if (d.transmit(m)) later(m.clientEventId, RESEND_DELAYS_MS[entry(m.clientEventId).resends] ?? 0, due);
  };

  const due = (m: PendingMessage, e: Entry) => {
    if (e.resends < MAX_RESENDS) {
      e.resends++;
      transmit(m);
    } else {
      entries.delete(m.clientEventId);
      d.fail(m.clientEventId);
    }
  };

  const pause = () => entries.forEach((e) => d.timers.clear(e.timer));

  return {
    /** A new message, or the user's retry of a failed one: a fresh resend budget. */
    send(m: PendingMessage) {
      set(m.clientEventId);
      transmit(m);
    },
    /** After (re)open and replay: send every message whose echo is still missing. */
    flush() {
      d.pending().forEach(transmit);
    },
    /** "High load, try again in a moment" (PROTOCOL §5): resend in 2–5 s, counted as a resend. */
    retryLater(id?: string) {
      for (const { clientEventId } of d.pending()) {
        if (id !== undefined && clientEventId !== id) continue;
        const e = entry(clientEventId);
        e.resends = Math.min(MAX_RESENDS, e.resends + 1);
        later(clientEventId, 2000 + Math.round(d.random() * 3000), transmit);
      }
    },
    /** Socket closed: no resend can succeed until it reopens (then flush()). */
    pause,
    clear() {
      pause();
      entries.clear();
    },
  };
}
