// Which client event a server event answers. The platform: server events carry `metadata.custom`,
// "the custom metadata sent by the client, echoed back". A client event is handled inside
// `whileHandling`, and everything that follows from it — the echo, the agent's reply emitted
// seconds later by its script, an error — runs in that async context, so `session.emit` finds the
// custom to echo without every caller passing it along. Events nothing a client sent caused
// (session start, a webhook's result, an idle expiry) carry an empty custom.

import { AsyncLocalStorage } from 'node:async_hooks';
import type { JsonRecord } from './wire';

const cause = new AsyncLocalStorage<JsonRecord>();

export function whileHandling<T>(custom: JsonRecord | undefined, work: () => T): T {
  return cause.run(custom ?? {}, work);
}

/** The custom metadata of the client event being answered; empty when none is. */
export function causeCustom(): JsonRecord {
  return cause.getStore() ?? {};
}
