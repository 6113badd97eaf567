// What the Chat REST transport takes from the core at run time. For the script tag the transport is
// a file of its own (agent-webchat-rest.js, fetched only by pages with a `chatUrl`), built apart
// from the conversation: it imports these from here, never from their modules, so that its file
// carries none of the core twice — its build leaves this module out and the conversation hands its
// own over (as a feature's file takes src/features/kit.ts). Types come from anywhere.

export { selectFailedUserMessages, selectPendingUserMessages } from '../store/selectors';
export { createAttempts } from './attempts';
export { httpCall, isRetry, JSON_TYPE, serverErrorText } from './http-call';
export { createStoreReports } from './store-reports';
