// External Events and bridge-ended from a site's backend (or a payment provider's relay):
// push a workflow's result into the conversation waiting for its event id.

import type { operations } from './platform-api';
import { type ClientOptions, callPlatform } from './platform-request';

export interface ExternalEventsClientOptions extends ClientOptions {
  /** `X-Api-Key`, the key scoped to external events. Keep it on the server. */
  apiKey: string;
  accountId: string;
  projectId: string;
}

/** Where the event id is: a header, a query parameter or a field of the body (name or dotted path). */
/** The OpenAPI document's event_id_location. */
export type EventIdLocation = operations['postExternalEvent']['parameters']['query']['event_id_location'];

export type ExternalEventBody = { json: unknown } | { form: Record<string, string> } | { xml: string } | { text: string };

export interface ExternalEvent {
  eventIdLocation: EventIdLocation;
  eventIdPath: string;
  body: ExternalEventBody;
  /** Extra headers (e.g. the one carrying the id when the location is `headers`). */
  headers?: Record<string, string>;
  /** Extra query parameters (e.g. the id when the location is `querystring`). */
  query?: Record<string, string>;
}

export interface BridgeEnded {
  conversationId: string;
  bridgeDurationSeconds: number;
  callDurationSeconds: number;
}

export interface ExternalEventsClient {
  /** Resolves once the platform queued the event (201). */
  postExternalEvent(event: ExternalEvent, signal?: AbortSignal): Promise<void>;
  notifyBridgeEnded(notice: BridgeEnded, signal?: AbortSignal): Promise<void>;
}

export function createExternalEventsClient(options: ExternalEventsClientOptions): ExternalEventsClient {
  const base = { secret: options.apiKey, service: 'External Events' };
  return {
    async postExternalEvent(event, signal) {
      const query = new URLSearchParams({
        ...event.query,
        event_id_location: event.eventIdLocation,
        event_id_path: event.eventIdPath,
        account_id: options.accountId,
        project_id: options.projectId,
      });
      const { contentType, text } = encode(event.body);
      await callPlatform(
        options,
        {
          ...base,
          method: 'POST',
          path: `/v1/external-events/webhook?${query.toString()}`,
          headers: { ...event.headers, 'Content-Type': contentType, 'X-Api-Key': options.apiKey },
          body: text,
          // "500: transient processing error." A lost connection is not retried: the event may have arrived.
          transient: [500],
        },
        signal,
      );
    },

    async notifyBridgeEnded(notice, signal) {
      await callPlatform(
        options,
        {
          ...base,
          service: 'Bridge-ended',
          method: 'POST',
          path: '/internal/v1/agentic-dial/bridge-ended',
          headers: { 'Content-Type': 'application/json', 'X-Api-Key': options.apiKey },
          body: JSON.stringify({
            conversation_id: notice.conversationId,
            bridge_duration_seconds: notice.bridgeDurationSeconds,
            call_duration_seconds: notice.callDurationSeconds,
          }),
          // The platform names no transient status for this notification: no retries.
          transient: [],
        },
        signal,
      );
    },
  };
}

function encode(body: ExternalEventBody): { contentType: string; text: string } {
  if ('json' in body) return { contentType: 'application/json', text: JSON.stringify(body.json) };
  if ('form' in body) return { contentType: 'application/x-www-form-urlencoded', text: new URLSearchParams(body.form).toString() };
  if ('xml' in body) return { contentType: 'application/xml', text: body.xml };
  return { contentType: 'text/plain; charset=utf-8', text: body.text };
}
