// What a transport tells the store: connection status, faults, notices, the fate of user
// messages, the server events the client makes itself, and the carry-over into a new session.

import { PREFIX } from '../contract/errors';
import { parseFrame } from '../protocol/parse-frame';
import type { SessionEndReason } from '../protocol/types';
import { selectPendingUserMessages } from '../store/selectors';
import type { ConnectionStatus, Notice, WebchatError } from '../store/state';
import { type KnownCode, plainError } from './plain-error';
import type { TransportContext } from './transport-contract';

/**
 * A server event the client makes itself, as the wire carries it (PROTOCOL §3) but for its
 * sequence (null: placed where it arrives) and timestamp (now), which applyWireEvents adds.
 */
export interface LocalWireEvent {
  id: string;
  type: string;
  payload: Record<string, unknown>;
}

export type StoreReports = ReturnType<typeof createStoreReports>;

export function createStoreReports({ clock, dispatch, getState }: Pick<TransportContext, 'clock' | 'dispatch' | 'getState'>) {
  let configErrorLogged = false;

  const nowIso = () => new Date(clock.now()).toISOString();

  // A status that changes nothing leaves the state as it is (the reducer keeps it): nothing to check here.
  const setStatus = (status: ConnectionStatus, error?: WebchatError) => dispatch({ type: 'status', status, error });
  const markUserMessage = (type: 'user-failed' | 'user-retry' | 'user-sent', clientEventId: string) => dispatch({ type, clientEventId });
  const failPendingMessages = () => {
    for (const message of selectPendingUserMessages(getState())) markUserMessage('user-failed', message.clientEventId);
  };
  const addNotice = (notice: Notice) => dispatch({ type: 'notice', notice, timestamp: nowIso() });

  /** Status `error` with the plain words of `code`. */
  const reportFault = (code: KnownCode) => {
    const error = plainError(code);
    setStatus('error', error);
    return error;
  };

  /** PROTOCOL §6.4: the session is gone; the next send (or "try again") starts a new one. */
  const reportSessionLost = () => {
    addNotice({ code: 'session-lost' });
    return reportFault('session-lost');
  };

  /** A configuration error: logged once, never retried; what waits for delivery fails. */
  const reportConfigError = (message: string) => {
    if (!configErrorLogged) console.error(PREFIX + message);
    configErrorLogged = true;
    setStatus('error', { code: 'config', message });
    failPendingMessages();
  };

  /**
   * Server events the client makes itself (Chat REST turns, a local end), written as the wire
   * would have them: applied like a socket frame, read by the protocol's parser, with the frame
   * text the other tabs re-read (src/tabs).
   */
  const applyWireEvents = (events: LocalWireEvent[]) => {
    const timestamp = nowIso();
    const frame = JSON.stringify({
      type: 'EVENT_TYPE_EVENT_BATCH',
      payload: { events: events.map((event) => ({ ...event, sequence: null, timestamp })) },
    });
    const parsed = parseFrame(frame);
    if (parsed.ok) dispatch({ type: 'server-events', events: parsed.events, frame });
  };

  /** The REST conversation ended, or the user ended an unconnected session: a SESSION_END of our own (one per session, applied once). */
  const endLocally = (reason: SessionEndReason) =>
    applyWireEvents([{ id: 'local:end', type: 'EVENT_TYPE_SESSION_END', payload: { reason } }]);

  /**
   * A new session starts empty, but messages still waiting are put back (same ids) to go out in it.
   * With `withNotice`, a notice says that what follows is a new conversation.
   */
  const carryOverIntoNewSession = (withNotice?: boolean) => {
    const pending = selectPendingUserMessages(getState());
    dispatch({ type: 'reset' });
    if (withNotice) addNotice({ code: 'new-conversation' });
    for (const { clientEventId, text, timestamp } of pending) dispatch({ type: 'user-send', clientEventId, text, timestamp });
  };

  return {
    setStatus,
    reportFault,
    reportSessionLost,
    markUserMessage,
    failPendingMessages,
    reportConfigError,
    endLocally,
    applyWireEvents,
    carryOverIntoNewSession,
  };
}
