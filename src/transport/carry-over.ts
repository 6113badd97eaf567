// A new session starts from an empty transcript (store `reset`), but a message the user already
// typed must not be lost: messages still waiting for delivery are put back, with the same
// client_event_id, to be sent in the new session.

import { selectPendingUserMessages } from '../store/selectors';
import type { Notice } from '../store/state';
import type { TransportContext } from './transport';

export function resetCarryingPending(ctx: TransportContext, notice?: Notice): void {
  const pending = selectPendingUserMessages(ctx.getState());
  ctx.dispatch({ type: 'reset' });
  const timestamp = new Date(ctx.clock.now()).toISOString();
  if (notice) ctx.dispatch({ type: 'notice', notice, timestamp });
  for (const m of pending) ctx.dispatch({ type: 'user-send', clientEventId: m.clientEventId, text: m.text, timestamp: m.timestamp });
}
