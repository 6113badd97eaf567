// A Chat REST turn has no event stream: its answer becomes the store actions the Messaging API
// would have produced, so the transcript, handoff stage and host events work the same way.

import type { ChatRespondResult } from '../../protocol/http';
import type { ServerEvent } from '../../protocol/types';
import type { StoreAction } from '../../store/state';

/**
 * `id` names this turn (`rest-<conversation>-<n>`), unique per conversation and turn, so replies
 * and the synthetic handoff event are applied once.
 */
export function turnActions(clientEventId: string, result: ChatRespondResult, id: string, timestamp: string): StoreAction[] {
  const actions: StoreAction[] = [{ type: 'user-sent', clientEventId }];
  if (result.response) actions.push({ type: 'agent-reply', messageId: id, text: result.response, timestamp });
  const handoff = result.handoff;
  if (handoff) {
    // The client-managed handoff event is the closest the Messaging API has: through the reducer
    // it gives the `client-handoff` notice, stage `client-required` and the host `handoff` event.
    const event: ServerEvent = { id: `${id}-handoff`, sequence: null, timestamp, type: 'EVENT_TYPE_CLIENT_HANDOFF_REQUIRED', reason: handoff.reason, queueName: handoff.destination };
    actions.push({ type: 'server-events', events: [event] });
  }
  if (result.endConversation) actions.push({ type: 'session-ended', reason: 'REASON_NATURAL_END', timestamp });
  return actions;
}
