// What a transport tells the store: connection status, faults, notices, the fate of user
// messages, the events the client makes itself, and the carry-over into a new session.

import { PREFIX } from '../contract/errors';
import type { SessionEndReason } from '../protocol/types';
import { selectPendingUserMessages } from '../store/selectors';
import type { ConnectionStatus, LocalEvent, Notice, WebchatError } from '../store/state';
import { type KnownCode, plainError } from './plain-error';
import type { TransportContext } from './transport-contract';

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

  /** docs/protocol.md §6.4: the session is gone; the next send (or "try again") starts a new one. */
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

  /** Events the client makes itself (Chat REST turns, a local end), applied where they arrive. */
  const applyLocalEvents = (events: LocalEvent[]) => dispatch({ type: 'local-events', events, timestamp: nowIso() });

  /** The REST conversation ended, or the user ended an unconnected session: a SESSION_END of our own (one per session, applied once). */
  const endLocally = (reason: SessionEndReason) => applyLocalEvents([{ kind: 'session-end', id: 'local:end', reason }]);

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
    applyLocalEvents,
    carryOverIntoNewSession,
  };
}
