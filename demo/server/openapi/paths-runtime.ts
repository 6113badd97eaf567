// The runtime host's routes: the Messaging handshake and socket, Chat REST, Outbound Calling,
// External Events and bridge-ended. (Conversations and Concurrent Calls: paths-conversations.ts.)

import {
  errorResponse,
  internalError,
  type JsonObject,
  jsonBody,
  jsonResponse,
  pathParam,
  queryParam,
  RETRY_AFTER,
  ref,
  TOO_LARGE,
} from './builders';

const TENANT_PARAMS: JsonObject[] = [
  pathParam('account_id', 'The account: slug or prefixed form.', { type: 'string' }, 'demo-account'),
  pathParam('project_id', 'The project: slug or prefixed form.', { type: 'string' }, 'demo-project'),
];

const tenantErrors = {
  '403': errorResponse('The key holds no permission on this project.', 'API key not authorized for this project'),
  '404': errorResponse('Unknown account or project.', 'Account or project not found'),
};

const methodNotAllowed = (allow: string): JsonObject =>
  errorResponse(`Another method on this path; \`Allow\` says ${allow}.`, 'Method not allowed', {
    Allow: { schema: { type: 'string' }, example: allow },
  });

const chatErrors = (allow: string): Record<string, JsonObject> => ({
  '400': errorResponse(
    'The body is not a JSON object, a field has the wrong type, `variant_id` names no variant of the deployed agent (create), or `variant_id` is sent after create (respond).',
    'Invalid JSON body',
  ),
  '401': errorResponse('X-API-KEY or X-TOKEN missing or wrong.', 'Missing authentication headers'),
  ...tenantErrors,
  '405': methodNotAllowed(allow),
  '413': TOO_LARGE,
  '415': errorResponse(
    'Content-Type missing or not application/json: the platform lists it among the headers of every Chat request, empty bodies included.',
    'Content-Type must be application/json',
  ),
  '429': errorResponse('More than 120 requests a minute with one API key.', 'Too many requests', RETRY_AFTER),
});

const chatTurnErrors = {
  '404': errorResponse('Unknown account or project, or no Chat conversation with this id.', 'Conversation not found'),
  '410': errorResponse('The conversation has ended or was closed.', 'Conversation has ended'),
};

const eventsAuth = {
  '401': errorResponse('X-Api-Key missing or wrong.', 'Missing X-Api-Key header'),
};

export const RUNTIME_PATHS: Record<string, JsonObject> = {
  '/api/v1/access-token': {
    post: {
      tags: ['Messaging'],
      operationId: 'createAccessToken',
      summary: 'Exchange the connector token for an access token',
      description:
        "The first step of the Messaging handshake. The connector token goes in `X-Token` and the page's host in `X-Host`; the host must be the connector's registered domain or one of its subdomains (the port is ignored). The body carries nothing the platform reads; send `{}`. The answer's JWT is the Bearer of session creation and the `access_token` of the socket.",
      security: [{ ConnectorToken: [] }],
      parameters: [
        {
          name: 'X-Host',
          in: 'header',
          required: true,
          description: "The page's host, e.g. `localhost`.",
          schema: { type: 'string' },
          example: '127.0.0.1',
        },
      ],
      requestBody: jsonBody({ type: 'object' }, {}, false, 'An empty JSON object.'),
      responses: {
        '200': jsonResponse('A signed access token.', ref('AccessToken'), {
          access_token: 'eyJhbGciOiJIUzI1NiJ9.…',
          expires_in: 3600,
          token_type: 'Bearer',
        }),
        '400': errorResponse('The body is not JSON.', 'Error parsing request'),
        '401': errorResponse(
          '`Missing authentication headers` (X-Token or X-Host missing), `Connector token does not exist`, `Failed to validate connector` (X-Host does not match), `Connector missing host domain`.',
          'Connector token does not exist',
        ),
        '405': methodNotAllowed('POST'),
        '413': TOO_LARGE,
        '429': errorResponse('More than 60 tokens a minute for one connector.', 'Too many requests', RETRY_AFTER),
        '500': errorResponse('The token could not be signed.', 'Failed to create access token'),
      },
    },
  },
  '/api/v1/sessions': {
    post: {
      tags: ['Messaging'],
      operationId: 'createSession',
      summary: 'Create a Messaging session',
      description:
        "A session lives about 10 minutes after its last traffic and is bound to the token that created it. Connect its socket next (see `GET /ws`); a new session's agent joins only when the client sends `EVENT_TYPE_REQUEST_SERVICE_AGENT_JOIN`. An empty body means `{}`.",
      security: [{ AccessToken: [] }],
      requestBody: jsonBody(ref('SessionRequest'), { platform: 'web', streaming_enabled: true }, false),
      responses: {
        '200': jsonResponse('The session.', ref('Session'), { session_id: '7f0c1a52-4c1e-4b5e-9d57-3a4c0f2b9e11' }),
        '400': errorResponse(
          '`Missing access token` (no Authorization header), or `Error parsing request` (not a JSON object, unknown platform, non-boolean streaming_enabled).',
          'Error parsing request',
        ),
        '401': errorResponse(
          '`Missing authentication headers` (not in Bearer form) or `Invalid access token` (malformed, expired or tampered).',
          'Invalid access token',
        ),
        '405': methodNotAllowed('POST'),
        '413': TOO_LARGE,
        '429': errorResponse('More than 30 sessions a minute for one connector.', 'Too many requests', RETRY_AFTER),
        '500': errorResponse('The session could not be created.', 'Failed to create session'),
      },
    },
  },
  '/ws': {
    get: {
      tags: ['Messaging'],
      operationId: 'openSocket',
      security: [{ AccessTokenQuery: [] }],
      summary: 'Open the Messaging WebSocket',
      description: [
        'A WebSocket upgrade (`ws://` here; `wss://` on the platform). Every message is a JSON event `{type, payload}`; server events also carry `id`, `timestamp`, `sequence` and `metadata`, whose `custom` echoes the client event that caused the event (a reply echoes the message it answers) and is `{}` on events no client event caused.',
        '',
        '- On open the server replays the history after `cursor` in one or more `EVENT_TYPE_EVENT_BATCH` events (an empty batch when nothing is newer). An invalid cursor replays from `seq:0`.',
        '- On a new session send `EVENT_TYPE_REQUEST_SERVICE_AGENT_JOIN` (payload `{}`); on reconnect skip it when the replay holds `EVENT_TYPE_SERVICE_AGENT_JOINED`.',
        '- Client events: the join request, `EVENT_TYPE_USER_MESSAGE` (`{text}`), `EVENT_TYPE_USER_TYPING` (`{state}`), `EVENT_TYPE_HEARTBEAT`, `EVENT_TYPE_USER_END_SESSION`. Anything else earns a `EVENT_TYPE_SYSTEM_MESSAGE` at level `SYSTEM_MESSAGE_LEVEL_ERROR` and the socket stays open.',
        '- Up to 10 sockets per session; a frame over 131 072 bytes is refused with an error event.',
        '',
        'The refusals below are answered before the upgrade, as plain text. docs/protocol.md is the full wire contract.',
      ].join('\n'),
      parameters: [
        queryParam('session_id', 'From `POST /api/v1/sessions`.', { type: 'string' }, { required: true }),
        queryParam('cursor', '`seq:<n>`: replay what came after event n.', { type: 'string' }, { example: 'seq:12' }),
      ],
      responses: {
        '101': { description: 'Switching Protocols: the socket is open and the replay follows.' },
        '400': {
          description: 'session_id or access_token missing.',
          content: { 'text/plain': { schema: { type: 'string' }, example: 'invalid connection parameters' } },
        },
        '401': {
          description: 'Invalid, expired or mismatched access token.',
          content: { 'text/plain': { schema: { type: 'string' }, example: 'authentication failed' } },
        },
        '404': {
          description: 'Unknown or expired session (plain text). A request without an upgrade gets the JSON not-found answer.',
          content: {
            'text/plain': { schema: { type: 'string' }, example: 'session not found' },
            'application/json': { schema: ref('Error'), example: { message: 'Not found', error_message: 'Not found' } },
          },
        },
        '429': {
          description: 'More simultaneous sockets than the session allows (10).',
          content: { 'text/plain': { schema: { type: 'string' }, example: 'connection limit exceeded for session' } },
        },
      },
    },
  },

  '/v1/{account_id}/{project_id}/chat/create': {
    parameters: TENANT_PARAMS,
    post: {
      tags: ['Chat'],
      operationId: 'createChatConversation',
      summary: 'Start a Chat conversation',
      description:
        'Turn-based chat for non-voice channels. The conversation runs the live environment; it is a `CHAT` record of the Conversations API from this moment on. An empty body means `{}`.',
      security: [{ ChatApiKey: [], ChatConnectorToken: [] }],
      requestBody: jsonBody(
        ref('ChatCreateRequest'),
        { variant_id: 'variant-spring', integration_attributes: { customer_tier: 'gold' } },
        false,
      ),
      responses: {
        '200': jsonResponse("The conversation and the agent's greeting.", ref('ChatCreated'), {
          conversation_id: 'conv_3f6e0f4e-8c0b-4a57-9e3c-1d2f6b7a8c90',
          response: 'Hi! I am the demo agent. How can I help?',
        }),
        ...chatErrors('POST'),
      },
    },
  },
  '/v1/{account_id}/{project_id}/chat/respond': {
    parameters: TENANT_PARAMS,
    post: {
      tags: ['Chat'],
      operationId: 'respondInChatConversation',
      summary: "Send a message and get the agent's reply",
      description:
        'One user turn. `variant_id` is accepted on create only; sending it here is refused. A handoff ends the conversation (`end_conversation: true` with `handoff`).',
      security: [{ ChatApiKey: [], ChatConnectorToken: [] }],
      requestBody: jsonBody(ref('ChatRespondRequest'), {
        conversation_id: 'conv_3f6e0f4e-8c0b-4a57-9e3c-1d2f6b7a8c90',
        message: 'I want to talk to a human',
      }),
      responses: {
        '200': jsonResponse("The agent's reply.", ref('ChatReply'), {
          conversation_id: 'conv_3f6e0f4e-8c0b-4a57-9e3c-1d2f6b7a8c90',
          response: 'Connecting you to a member of our team.',
          end_conversation: true,
          handoff: { destination: 'live-agent-queue', reason: 'USER_REQUESTED' },
        }),
        ...chatErrors('POST'),
        ...chatTurnErrors,
      },
    },
  },
  '/v1/{account_id}/{project_id}/chat/close': {
    parameters: TENANT_PARAMS,
    put: {
      tags: ['Chat'],
      operationId: 'closeChatConversation',
      summary: 'Close a Chat conversation',
      security: [{ ChatApiKey: [], ChatConnectorToken: [] }],
      requestBody: jsonBody(ref('ChatCloseRequest'), { conversation_id: 'conv_3f6e0f4e-8c0b-4a57-9e3c-1d2f6b7a8c90' }),
      responses: {
        '200': jsonResponse('Closed, now or before: a close is safe to repeat.', ref('ChatClosed'), { success: true }),
        ...chatErrors('PUT'),
        '404': chatTurnErrors['404'],
      },
    },
  },

  '/v1/outbound-calling': {
    post: {
      tags: ['Outbound Calling'],
      operationId: 'triggerCall',
      summary: 'Place an outbound call',
      description:
        'The call is simulated: `+12025550100` is answered, `…0101` not answered, `…0102` busy, `…0103` times out in the queue, `…0104` cannot be placed (500); any other valid number is answered. An answered call is a `VOICE-SIP` conversation with `state.call_sid`.',
      security: [{ OutboundToken: [] }],
      requestBody: jsonBody(ref('CallRequest'), { to_number: '(202) 555-0100', country_code: 'US', metadata: { order: 'A-17' } }),
      responses: {
        '200': jsonResponse('Queued.', ref('CallPlaced'), { call_sid: 'OUT-0b6f3c2a9e8d4f1a2b3c4d5e6f708192' }),
        '400': errorResponse(
          'Bad JSON, an unparseable to_number (national without country_code), a non-string metadata value, metadata over 26 KB in base64, an unknown encryption.',
          'to_number must be E.164 or come with country_code',
        ),
        '401': errorResponse(
          'Token missing or wrong, or its connector is not configured for outbound calling.',
          'Invalid service auth token',
        ),
        '405': methodNotAllowed('POST'),
        '413': TOO_LARGE,
        '500': errorResponse('The call could not be placed; retry with exponential backoff.', 'The call could not be placed'),
      },
    },
  },
  '/v1/outbound-calling/{call_sid}/status': {
    get: {
      tags: ['Outbound Calling'],
      operationId: 'getCallStatus',
      summary: "Read a call's status",
      description:
        'Poll every 2–5 s while `queued` or `calling`; `success` and `failure` never change. The status is kept about 2 hours after the call ends, then 404.',
      security: [{ OutboundToken: [] }],
      parameters: [pathParam('call_sid', 'From the trigger.', { type: 'string' }, 'OUT-0b6f3c2a9e8d4f1a2b3c4d5e6f708192')],
      responses: {
        '200': jsonResponse('The status.', ref('CallStatus'), {
          call_sid: 'OUT-0b6f3c2a9e8d4f1a2b3c4d5e6f708192',
          status: 'failure',
          reason: 'call queueing exceeded its maximum timeout',
        }),
        '400': errorResponse('The SID is not shaped `OUT-<8–64 letters or digits>`.', 'Invalid call SID format'),
        '401': errorResponse('Token missing or wrong.', 'Missing X-Service-Auth-Token header'),
        '404': errorResponse('Unknown SID, or its status has expired.', 'Call not found or its status has expired'),
        '405': methodNotAllowed('GET'),
        '413': TOO_LARGE,
        '500': internalError('The status could not be read.', 'Failed to retrieve the call status'),
      },
    },
  },

  '/v1/external-events/webhook': {
    post: {
      tags: ['External Events'],
      operationId: 'postExternalEvent',
      summary: 'Push an external result into a conversation',
      description:
        'The whole body is the result. The event id is found where `event_id_location` says, at `event_id_path` (a header name, a query parameter name, or a dotted path in JSON, form or XML; in plain text a `name: value` line). The payload is bound to the conversation waiting for that id (`state.external_events`, `state.payment_status`) and its agent tells the visitor the result.',
      security: [{ EventsApiKey: [] }],
      parameters: [
        queryParam(
          'event_id_location',
          'Where the event id is.',
          { type: 'string', enum: ['headers', 'querystring', 'payload'] },
          {
            required: true,
            invalid: 'event_id_location must be one of headers, querystring, payload',
            example: 'payload',
          },
        ),
        queryParam(
          'event_id_path',
          'Name or dotted path of the id in that location.',
          { type: 'string', minLength: 1 },
          {
            required: true,
            invalid: 'event_id_path is required',
            example: 'data.reference',
          },
        ),
        queryParam(
          'account_id',
          'Account id.',
          { type: 'string', minLength: 1 },
          { required: true, invalid: 'account_id and project_id are required', example: 'demo-account' },
        ),
        queryParam(
          'project_id',
          'Project id.',
          { type: 'string', minLength: 1 },
          { required: true, invalid: 'account_id and project_id are required', example: 'demo-project' },
        ),
      ],
      requestBody: {
        required: true,
        description: 'The result, in any of four types (`text/xml` is read as XML too).',
        content: {
          'application/json': {
            schema: { description: 'Any JSON value.' },
            example: { data: { reference: 'pay_4f0c2d9a8b7e6f5a4b3c2d1e' }, status: 'paid' },
          },
          'application/x-www-form-urlencoded': {
            schema: { type: 'object', additionalProperties: { type: 'string' } },
            example: { reference: 'pay_4f0c2d9a8b7e6f5a4b3c2d1e', status: 'paid' },
          },
          'application/xml': {
            schema: { type: 'string' },
            example: '<result><reference>pay_4f0c2d9a8b7e6f5a4b3c2d1e</reference><status>paid</status></result>',
          },
          'text/plain': { schema: { type: 'string' }, example: 'paid' },
        },
      },
      responses: {
        '201': jsonResponse('Bound to its conversation; the agent tells the visitor.', ref('EventQueued'), {
          event_id: 'pay_4f0c2d9a8b7e6f5a4b3c2d1e',
          status: 'queued',
        }),
        '400': errorResponse(
          'A missing query parameter, an account_id or project_id that names no project, another content type, bad JSON or XML, the id not found at its location (or empty, or over 256 characters), or an id no conversation waits for.',
          'Event id not found at payload "data.reference"',
        ),
        '401': errorResponse('X-Api-Key missing or wrong, or not valid for the project named by project_id.', 'Missing X-Api-Key header'),
        '405': methodNotAllowed('POST'),
        '413': TOO_LARGE,
        '500': internalError('A transient processing error.', 'Transient processing error'),
      },
    },
  },
  '/internal/v1/agentic-dial/bridge-ended': {
    post: {
      tags: ['External Events'],
      operationId: 'notifyBridgeEnded',
      summary: 'A bridged call ended',
      description:
        'Sent when the bridged (transferred) leg of a call ends: the call must be a `VOICE-SIP` conversation still in progress. It takes the durations (`state.bridge_duration_seconds`, `state.call_duration_seconds`, `state.bridged`), its durations follow them, and it ends.',
      security: [{ EventsApiKey: [] }],
      requestBody: jsonBody(ref('BridgeEndedRequest'), {
        conversation_id: 'conv_3f6e0f4e-8c0b-4a57-9e3c-1d2f6b7a8c90',
        bridge_duration_seconds: 40,
        call_duration_seconds: 100,
      }),
      responses: {
        '200': jsonResponse('Recorded; the conversation has ended.', ref('BridgeEnded'), {
          conversation_id: 'conv_3f6e0f4e-8c0b-4a57-9e3c-1d2f6b7a8c90',
          success: true,
        }),
        '400': errorResponse(
          'Not a JSON object, a missing or invalid field, or a bridge longer than the call.',
          'bridge_duration_seconds cannot exceed call_duration_seconds',
        ),
        ...eventsAuth,
        '403': errorResponse(
          'The conversation belongs to a project the key has no permission on.',
          'API key not authorized for this project',
        ),
        '404': errorResponse('Unknown conversation.', 'Conversation not found'),
        '409': errorResponse(
          'The conversation is not a call (a Chat or Messaging conversation has no bridge), or the call already ended: its record is not rewritten.',
          'Call voice_3f6e0f4e already ended: its record is not rewritten',
        ),
        '405': methodNotAllowed('POST'),
        '413': TOO_LARGE,
      },
    },
  },
};
