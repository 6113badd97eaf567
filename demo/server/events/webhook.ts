// External Events webhook: POST /v1/external-events/webhook?event_id_location=…&event_id_path=…
// &account_id=…&project_id=…, header X-Api-Key. Finds the event id where the query says, binds
// the payload to the conversation waiting for that id and updates its state; the conversation's
// agent tells the visitor the result (demo-agent.ts, chat-rest.ts).

import type { IncomingMessage, ServerResponse } from 'node:http';
import { CREDENTIALS, keyPermitsProject } from '../http/credentials';
import { header, readBody, sendError, sendJson } from '../http/http-io';
import type { PlatformModel } from '../model/platform-model';
import { isAccount, projectSlug } from '../model/tenancy';
import { checkQuery } from '../openapi/request-validation';
import { type BodyKind, bodyKind, parseBody, textField, valueAt } from './event-body';

export const WEBHOOK_PATH = '/v1/external-events/webhook';

const LOCATIONS = ['headers', 'querystring', 'payload'] as const;
type Location = (typeof LOCATIONS)[number];
const MAX_EVENT_ID_LENGTH = 256;

/** Answers 401 itself and returns false when the events key is missing or wrong. */
export function checkEventsKey(req: IncomingMessage, res: ServerResponse): boolean {
  const key = header(req, 'x-api-key');
  if (key === undefined) {
    sendError(res, 401, 'Missing X-Api-Key header');
    return false;
  }
  if (key !== CREDENTIALS.eventsApiKey) {
    sendError(res, 401, 'Invalid API key');
    return false;
  }
  return true;
}

export async function handleWebhook(req: IncomingMessage, res: ServerResponse, url: URL, model: PlatformModel): Promise<void> {
  const text = await readBody(req);
  if (!checkEventsKey(req, res)) return;
  if (req.method !== 'POST') return sendError(res, 405, 'Method not allowed', { Allow: 'POST' });

  const query = url.searchParams;
  const account = query.get('account_id');
  const project = query.get('project_id');
  if (!account || !project) return sendError(res, 400, 'account_id and project_id are required');
  const slug = projectSlug(project);
  // The platform's table for this route lists 400, 401 and 500 only: a project that does not exist
  // is a malformed request, one the key may not post to makes the key invalid for it.
  if (!isAccount(account) || slug === undefined) return sendError(res, 400, 'account_id and project_id name no project');
  if (!keyPermitsProject(slug)) return sendError(res, 401, 'API key not authorized for this project');

  // The query's shape is the OpenAPI document's (postExternalEvent).
  const checked = checkQuery('postExternalEvent', query);
  if (!checked.ok) return sendError(res, 400, checked.message);
  const location = query.get('event_id_location');
  const path = query.get('event_id_path');
  if (!isLocation(location) || !path) return sendError(res, 400, 'event_id_location and event_id_path are required');

  const kind = bodyKind(header(req, 'content-type'));
  if (kind === undefined)
    return sendError(res, 400, 'Content-Type must be application/json, application/x-www-form-urlencoded, application/xml or text/plain');
  const body = await parseBody(kind, text);
  if (!body.ok) return sendError(res, 400, body.error);

  const eventId = findEventId(location, path, { req, query, kind, value: body.value });
  if (eventId === undefined) return sendError(res, 400, `Event id not found at ${location} "${path}"`);
  if (model.externalEvents.conversationFor(eventId) === undefined) return sendError(res, 400, 'Unknown event id');

  const status = resultStatus(kind, body.value);
  const arrived = model.externalEvents.deliver(eventId, body.value, status);
  if (arrived) {
    const record = model.conversations.get(arrived.conversationId);
    if (record) {
      const events = record.state['external_events'];
      const known = typeof events === 'object' && events !== null && !Array.isArray(events) ? events : {};
      model.setState(record.id, 'external_events', {
        ...known,
        [eventId]: { payload: body.value, status, received_at: new Date(arrived.receivedAt).toISOString() },
      });
      model.setState(record.id, 'payment_status', status);
    }
  }
  sendJson(res, 201, { event_id: eventId, status: 'queued' });
}

function isLocation(value: string | null): value is Location {
  return value !== null && (LOCATIONS as readonly string[]).includes(value);
}

interface Source {
  req: IncomingMessage;
  query: URLSearchParams;
  kind: BodyKind;
  value: unknown;
}

function findEventId(location: Location, path: string, source: Source): string | undefined {
  let found: unknown;
  if (location === 'headers') found = header(source.req, path);
  else if (location === 'querystring') found = source.query.get(path) ?? undefined;
  else if (typeof source.value === 'string') found = textField(source.value, path);
  else found = valueAt(source.value, path);
  if (typeof found === 'number' && Number.isFinite(found)) found = String(found);
  if (typeof found !== 'string') return undefined;
  const id = found.trim();
  return id === '' || id.length > MAX_EVENT_ID_LENGTH ? undefined : id;
}

/** The result the agent announces: field `status` of a structured body, the whole text of a plain one. */
function resultStatus(kind: BodyKind, value: unknown): string {
  if (kind === 'text' && typeof value === 'string') return value.trim();
  const status = valueAt(value, 'status');
  if (typeof status === 'string') return status;
  if (typeof status === 'number' || typeof status === 'boolean') return String(status);
  return 'received';
}
