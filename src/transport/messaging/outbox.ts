// Echo-confirmed delivery (docs/protocol.md §6.5): a user message stays `sending` until its echo; without
// one it is resent after 5 s, 10 s and 15 s, and 15 s after the third resend it is `failed`. The
// store is the queue (messages `sending`); this keeps, per message, its resends and echo timer.
// Timers run only while the socket is open: `pause()` stops them on a drop.

import type { TimerId } from '../../contract/clock';
import { encodeClientEvent } from '../../protocol/encode';
import type { CustomMetadata } from '../../protocol/types';
import { selectPendingUserMessages, selectUserMessage } from '../../store/selectors';
import type { WebchatState } from '../../store/state';
import type { Attempts } from '../attempts';
import { plainError } from '../plain-error';
import type { StoreReports } from '../store-reports';
import { echoWaitMs, MAX_RESENDS } from './timings';

interface OutgoingMessage {
  clientEventId: string;
  text: string;
}

interface Delivery {
  resends: number;
  echoTimer?: TimerId;
}

export interface OutboxDeps {
  timers: Pick<Attempts, 'setTimer' | 'clearTimer'>;
  reports: Pick<StoreReports, 'markUserMessage' | 'setStatus'>;
  getState(): WebchatState;
  metadata: CustomMetadata | undefined;
  /** Sends a frame on the open socket; false when none is open. */
  sendFrame(frame: string): boolean;
  random(): number;
}

export type Outbox = ReturnType<typeof createOutbox>;

export function createOutbox({ timers, reports, getState, metadata, sendFrame, random }: OutboxDeps) {
  const deliveries = new Map<string, Delivery>();

  const deliveryOf = (clientEventId: string, startOver?: boolean) => {
    let delivery = deliveries.get(clientEventId);
    if (!delivery || startOver) {
      timers.clearTimer(delivery?.echoTimer);
      delivery = { resends: 0 };
      deliveries.set(clientEventId, delivery);
    }
    return delivery;
  };

  /** After `ms`, `then` runs for the message if it still waits for its echo. */
  const unlessEchoedWithin = (clientEventId: string, ms: number, then: (message: OutgoingMessage, delivery: Delivery) => void) => {
    const delivery = deliveryOf(clientEventId);
    timers.clearTimer(delivery.echoTimer);
    delivery.echoTimer = timers.setTimer(() => {
      const message = selectUserMessage(getState(), clientEventId);
      if (message?.status === 'sending') then(message, delivery);
      else deliveries.delete(clientEventId);
    }, ms);
  };

  function transmit(message: OutgoingMessage) {
    const { clientEventId } = message;
    const frame = encodeClientEvent({ type: 'EVENT_TYPE_USER_MESSAGE', text: message.text, clientEventId }, metadata);
    if (new TextEncoder().encode(frame).length > getState().capabilities.maxMessageSizeBytes) {
      // The server would close the socket on it (docs/protocol.md §2), and resending would not help.
      reports.markUserMessage('user-failed', clientEventId);
      reports.setStatus(getState().status, plainError('message-too-long'));
    } else if (sendFrame(frame)) {
      unlessEchoedWithin(clientEventId, echoWaitMs(deliveryOf(clientEventId).resends), (pending, delivery) => {
        if (delivery.resends++ < MAX_RESENDS) transmit(pending);
        else {
          deliveries.delete(clientEventId);
          reports.markUserMessage('user-failed', clientEventId);
        }
      });
    }
  }

  return {
    /** A message sent (or retried) by the user: a delivery of its own, from the first send. */
    sendNew(message: OutgoingMessage) {
      deliveryOf(message.clientEventId, true);
      transmit(message);
    },
    /** Everything still waiting for its echo goes out (again), in send order. */
    sendAllPending() {
      for (const message of selectPendingUserMessages(getState())) transmit(message);
    },
    /**
     * The server asked to try again in a moment: resend in 2–5 s, counted as a resend. Only the
     * message named, or every pending one when none is named.
     */
    resendSoon(clientEventId: string | undefined) {
      for (const message of selectPendingUserMessages(getState())) {
        if (clientEventId !== undefined && message.clientEventId !== clientEventId) continue;
        const delivery = deliveryOf(message.clientEventId);
        delivery.resends = Math.min(MAX_RESENDS, delivery.resends + 1);
        unlessEchoedWithin(message.clientEventId, 2000 + Math.round(random() * 3000), transmit);
      }
    },
    /** The socket dropped: echo timers stop; the next open resends what still lacks its echo. */
    pause() {
      for (const delivery of deliveries.values()) timers.clearTimer(delivery.echoTimer);
    },
    /** A new session: nothing of the old deliveries counts (the attempts' reset cleared their timers). */
    clear() {
      deliveries.clear();
    },
  };
}
