// Webhook endpoints: create (the signing secret shown once), list, read, delete, rotate the
// secret. URLs are https, or http to a loopback host only (a local receiver in tests).

import { conflict, forbidden, malformedId, notFound } from '../build-host/api-error';
import { FieldReader } from '../build-host/fields';
import { matchesId, newId } from '../build-host/ids';
import type { BuildPrincipal } from '../build-host/keys';
import { created, noContent, ok, type Route } from '../build-host/router';
import { type AlertEventType, type AlertsModel, EVENT_TYPES, endpointView, MAX_ENDPOINTS_PER_ACCOUNT, type WebhookEndpoint } from './model';
import { newSigningSecret } from './signing';

const ENDPOINT_ID = /^we_[A-Za-z0-9]+$/;
const LOOPBACK = new Set(['127.0.0.1', 'localhost', '[::1]']);

export function endpointRoutes(model: AlertsModel, now: () => Date): Route[] {
  const findEndpoint = (principal: BuildPrincipal, id: string): WebhookEndpoint => {
    if (!matchesId(ENDPOINT_ID, id)) throw malformedId('endpoint_id', ENDPOINT_ID.source);
    const endpoint = model.endpoints.get(id);
    if (!endpoint) throw notFound('Webhook endpoint', id);
    if (endpoint.account !== principal.account) throw forbidden('webhook endpoint');
    return endpoint;
  };

  return [
    {
      method: 'POST',
      path: '/v1/webhook-endpoints',
      handle: ({ principal, body }) => {
        const fields = new FieldReader('createWebhookEndpoint', body);
        const name = fields.string('name');
        const url = fields.string('url');
        if (url !== undefined && !fields.refused('url')) {
          const problem = urlProblem(url);
          if (problem) fields.fail('url', problem);
        }
        const types = fields.stringArray('event_types');
        const eventTypes: AlertEventType[] = [];
        for (const type of types ?? []) {
          const known = EVENT_TYPES.find((candidate) => candidate === type);
          if (known && !eventTypes.includes(known)) eventTypes.push(known);
        }
        fields.check();
        if (model.endpointsOf(principal.account).length >= MAX_ENDPOINTS_PER_ACCOUNT)
          throw conflict(`Limit exceeded: an account has at most ${MAX_ENDPOINTS_PER_ACCOUNT} webhook endpoints`);
        const at = now().toISOString();
        const endpoint: WebhookEndpoint = {
          id: newId('we_'),
          account: principal.account,
          name: name ?? '',
          url: url ?? '',
          event_types: eventTypes,
          signingSecret: newSigningSecret(),
          created_at: at,
          updated_at: at,
        };
        model.endpoints.set(endpoint.id, endpoint);
        return created({ ...endpointView(endpoint), signing_secret: endpoint.signingSecret });
      },
    },
    {
      method: 'GET',
      path: '/v1/webhook-endpoints',
      handle: ({ principal }) => ok({ data: model.endpointsOf(principal.account).map(endpointView) }),
    },
    {
      method: 'GET',
      path: '/v1/webhook-endpoints/:endpointId',
      handle: ({ principal, params }) => ok(endpointView(findEndpoint(principal, params['endpointId'] ?? ''))),
    },
    {
      method: 'DELETE',
      path: '/v1/webhook-endpoints/:endpointId',
      handle: ({ principal, params }) => {
        model.endpoints.delete(findEndpoint(principal, params['endpointId'] ?? '').id);
        return noContent();
      },
    },
    {
      method: 'POST',
      path: '/v1/webhook-endpoints/:endpointId/rotate-signing-secret',
      handle: ({ principal, params }) => {
        const endpoint = findEndpoint(principal, params['endpointId'] ?? '');
        // The old secret stops at once: every later delivery, retries included, uses the new one.
        endpoint.signingSecret = newSigningSecret();
        endpoint.updated_at = now().toISOString();
        return ok({ ...endpointView(endpoint), signing_secret: endpoint.signingSecret });
      },
    },
  ];
}

function urlProblem(raw: string): string | undefined {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    return 'must be an absolute URL';
  }
  if (url.username !== '' || url.password !== '') return 'must not carry credentials';
  if (url.protocol === 'https:') return undefined;
  if (url.protocol === 'http:' && LOOPBACK.has(url.hostname)) return undefined;
  return 'must be https://, or http:// to a loopback host (127.0.0.1, localhost)';
}
