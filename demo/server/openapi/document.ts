// The reference platform's OpenAPI 3.1 document: the one description from which the double
// validates requests (request-validation.ts), tests check its answers (response-validation.ts),
// the typed clients take their types (src/server/platform/platform-api.ts, generated) and
// /docs/ renders the reference. Served at GET /openapi.json.

import type { JsonObject } from './builders';
import { BUILD_PATHS, BUILD_SCHEMAS } from './paths-build';
import { CONVERSATIONS_PATHS } from './paths-conversations';
import { RUNTIME_PATHS } from './paths-runtime';
import { SCHEMAS } from './schemas';

const apiKey = (name: string, description: string): JsonObject => ({ type: 'apiKey', in: 'header', name, description });

export const OPENAPI_DOCUMENT: JsonObject = {
  openapi: '3.1.0',
  info: {
    title: 'Reference platform (agent-webchat)',
    version: '1.0.0',
    summary: 'A local double of the conversational agent platform: every API on one port, computed from what happened on it.',
    description: [
      "Every API of the platform on one machine: the Messaging API and Chat REST (the widget's transports), the Conversations API, Concurrent Calls, Outbound Calling, External Events and bridge-ended (the runtime host), the Agents and Alerts APIs (the build host). Nothing is canned: each answer is computed from one shared model of what happened here.",
      '',
      'Credentials: Messaging `X-Token: demo-connector-token` for `X-Host: 127.0.0.1` or `localhost`; Chat `X-API-KEY: demo-api-key` + `X-TOKEN: demo-connector-token`; Conversations and Concurrent Calls `x-api-key: demo-api-key`; Outbound Calling `X-Service-Auth-Token: demo-outbound-token`; External Events and bridge-ended `X-Api-Key: demo-events-key`; Agents and Alerts `x-api-key: demo-build-key`. Account `demo-account` (or `ACCOUNT-demo0001`), project `demo-project` (or `PROJECT-demo0001`).',
      '',
      'Checks run in one order on every route: key (401) → account or project (404, then 403) → method (405) → parameters and body (400) → the resource (404). Runtime errors are `{message, error_message}`; build-host errors `{message, errors: [{field, message}]}`. Every answer is readable cross-origin (`Access-Control-Allow-Origin: *`, `Retry-After` exposed) and every route answers a CORS preflight (`OPTIONS`) with 204. A route that does not exist answers 404 JSON pointing to `/docs/`.',
    ].join('\n'),
    license: { name: 'MIT', identifier: 'MIT' },
  },
  servers: [{ url: '/', description: 'This server (every host of the platform on one origin).' }],
  tags: [
    { name: 'Messaging', description: 'HTTP handshake, then a WebSocket with replay, streaming, typing and handoff.' },
    { name: 'Chat', description: 'Turn-based REST chat: create, respond, close.' },
    { name: 'Conversations', description: 'Conversation records with filters, transcript and semantic search, sampling.' },
    { name: 'Concurrent Calls', description: 'Peak concurrent conversations in 5-minute intervals.' },
    { name: 'Outbound Calling', description: 'Place a call (simulated telephony) and poll its status.' },
    { name: 'External Events', description: 'Results of asynchronous workflows, and the bridge-ended notification.' },
    { name: 'Agents', description: 'Build host: agents, branches, content, deployments, runtime values, telephony.' },
    { name: 'Alerts', description: 'Build host: alert rules on agent metrics and their signed webhooks.' },
  ],
  paths: { ...RUNTIME_PATHS, ...CONVERSATIONS_PATHS, ...BUILD_PATHS },
  webhooks: {
    'alerts.triggered': alertWebhook('alerts.triggered', 'A rule entered `alert` while no alert was open for it.'),
    'alerts.resolved': alertWebhook('alerts.resolved', 'A rule with an open alert is back to `ok`.'),
  },
  components: {
    schemas: { ...SCHEMAS, ...BUILD_SCHEMAS },
    securitySchemes: {
      ConnectorToken: apiKey('X-Token', 'The Messaging connector token (with `X-Host`): `demo-connector-token`.'),
      AccessTokenQuery: {
        type: 'apiKey',
        in: 'query',
        name: 'access_token',
        description: 'The socket takes the access token that created the session as a query parameter.',
      },
      AccessToken: {
        type: 'http',
        scheme: 'bearer',
        bearerFormat: 'JWT',
        description: 'The access token from `POST /api/v1/access-token`.',
      },
      ChatApiKey: apiKey('X-API-KEY', 'Chat API key: `demo-api-key`.'),
      ChatConnectorToken: apiKey('X-TOKEN', 'Chat connector token: `demo-connector-token`.'),
      ConversationsApiKey: apiKey('x-api-key', 'Conversations data permission: `demo-api-key`.'),
      OutboundToken: apiKey('X-Service-Auth-Token', 'Outbound calling: `demo-outbound-token`.'),
      EventsApiKey: apiKey('X-Api-Key', 'External events key: `demo-events-key`.'),
      BuildApiKey: apiKey('x-api-key', 'Build host (workspace `demo-workspace`): `demo-build-key`.'),
    },
  },
};

function alertWebhook(eventType: string, when: string): JsonObject {
  return {
    post: {
      tags: ['Alerts'],
      operationId: eventType === 'alerts.triggered' ? 'alertTriggered' : 'alertResolved',
      summary: `${eventType} delivery`,
      description: `${when} Sent to every endpoint of the account subscribed to the type, signed per Standard Webhooks: \`webhook-signature: v1,<base64 HMAC-SHA256 of "<webhook-id>.<webhook-timestamp>.<raw body>">\` keyed by the base64 part of the \`whsec_…\` secret. Retried after 5 s, 30 s, 2 min and 10 min until a 2xx; drop duplicates by \`webhook-id\`. \`verifyAlertWebhook\` from \`agent-webchat/server\` checks it.`,
      // The receiver authenticates the delivery by its signature headers, not by a key.
      security: [],
      parameters: [
        { name: 'webhook-id', in: 'header', required: true, schema: { type: 'string' }, example: 'msg_4f1e2d3c4b5a69788796a5b4' },
        { name: 'webhook-timestamp', in: 'header', required: true, schema: { type: 'string', pattern: '^\\d+$' }, example: '1764069733' },
        {
          name: 'webhook-signature',
          in: 'header',
          required: true,
          schema: { type: 'string' },
          example: 'v1,K5oZfzN95Z9UVu1EsfQmfVNQhnkZ2pj9o9NDN/H/pI4=',
        },
      ],
      requestBody: {
        required: true,
        content: {
          'application/json': {
            schema: { $ref: '#/components/schemas/AlertWebhookEvent' },
            example: {
              event_type: eventType,
              alert: {
                id: 'ar_9a605405fa8bf974',
                name: 'Slow replies',
                project_id: null,
                metric: 'turn_latency_p95',
                operator: '>',
                threshold_value: 400,
                current_value: eventType === 'alerts.triggered' ? 1034 : 120,
                previous_state: eventType === 'alerts.triggered' ? 'ok' : 'alert',
                triggered_at: '2026-11-25T11:22:13.921Z',
                ...(eventType === 'alerts.resolved' ? { resolved_at: '2026-11-25T11:40:03.114Z' } : {}),
              },
            },
          },
        },
      },
      responses: { '2XX': { description: 'Received; any 2xx stops the retries.' } },
    },
  };
}
