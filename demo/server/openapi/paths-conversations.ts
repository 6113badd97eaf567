// Conversations API v1–v3 and Concurrent Calls. The query parameters carry the platform's rules;
// the rules that tie parameters together (one retrieval mode, start before end, variant_id xor
// variant_name, cursor on v3 only) are checked in code and listed in each 400's description.

import { errorResponse, internalError, type JsonObject, jsonResponse, pathParam, queryParam, ref } from './builders';

const ISO_TIME = '^\\d{4}-\\d{2}-\\d{2}(T\\d{2}:\\d{2}(:\\d{2}(\\.\\d{1,9})?)?(Z|[+\\- ]\\d{2}:?\\d{2})?)?$';
const isoTime = {
  type: 'string',
  pattern: ISO_TIME,
  description:
    'ISO 8601: a date (midnight UTC), or a date-time with Z, an offset, or neither (read as UTC). A day, hour or minute the calendar lacks (2026-11-31, 24:00) is refused, never rolled over.',
} as const;
const environment = { type: 'string', enum: ['sandbox', 'pre-release', 'live'], default: 'live' } as const;
const flag = { type: 'boolean' } as const;

const TENANT_PARAMS: JsonObject[] = [
  pathParam('account_id', 'The account: slug or prefixed form.', { type: 'string' }, 'demo-account'),
  pathParam('project_id', 'The project: slug or prefixed form.', { type: 'string' }, 'demo-project'),
];

function conversationParams(version: 'v1' | 'v2' | 'v3'): JsonObject[] {
  return [
    queryParam('start_time', 'Lower bound on started_at (inclusive). Required with query_type or sample.', isoTime, {
      invalid: 'start_time must be an ISO 8601 date-time',
      example: '2026-11-01T00:00:00Z',
    }),
    queryParam('end_time', 'Upper bound on started_at (exclusive). Required with query_type or sample.', isoTime, {
      invalid: 'end_time must be an ISO 8601 date-time',
    }),
    queryParam('client_env', 'The environment.', environment, { invalid: 'client_env must be one of sandbox, pre-release, live' }),
    {
      ...queryParam(
        'channel',
        'Repeatable. WEBCHAT, CHAT, VOICE-SIP or the short forms voice, chat, webchat, any case. Any other channel (SMS) is a filter that matches no record here, not an error.',
        {
          type: 'array',
          items: { type: 'string', examples: ['WEBCHAT', 'voice'] },
        },
      ),
      style: 'form',
      explode: true,
    },
    queryParam(
      'variant_id',
      'Only one of variant_id and variant_name.',
      { type: 'string', minLength: 1 },
      {
        invalid: 'variant_id and variant_name must not be empty',
      },
    ),
    queryParam(
      'variant_name',
      'Only one of variant_id and variant_name; spaces encoded %20.',
      { type: 'string', minLength: 1 },
      {
        invalid: 'variant_id and variant_name must not be empty',
      },
    ),
    queryParam('in_progress', 'true: in progress only; false: finished only; omitted: all.', flag, {
      invalid: 'in_progress must be true or false',
    }),
    queryParam(
      'limit',
      'Records per page.',
      { type: 'integer', minimum: 1, maximum: 5000, default: 5 },
      { invalid: 'limit must be an integer from 1 to 5000' },
    ),
    queryParam(
      'offset',
      'Offset paging: pass back next_offset.',
      { type: 'integer', minimum: 0, default: 0 },
      { invalid: 'offset must be an integer >= 0' },
    ),
    ...(version === 'v3'
      ? [
          queryParam(
            'cursor',
            'From the previous page; keep every other filter identical. Wins over offset.',
            { type: 'string', minLength: 1 },
            {
              invalid: 'Malformed cursor',
            },
          ),
        ]
      : []),
    queryParam('include_latency', 'Adds latency to each turn (v2, v3).', flag, { invalid: 'include_latency must be true or false' }),
    queryParam(
      'query_type',
      'Retrieval mode; requires query. Not with sample.',
      { type: 'string', enum: ['transcript', 'semantic'] },
      {
        invalid: 'query_type must be transcript or semantic',
      },
    ),
    queryParam(
      'sample',
      'Random sample of limit records; not with query_type.',
      { type: 'string', enum: ['random'] },
      { invalid: 'sample must be random' },
    ),
    queryParam('query', 'Search text; required with query_type.', { type: 'string' }, { example: 'refund' }),
    queryParam(
      'turn_type',
      'Transcript search only: one side of the turns.',
      { type: 'string', enum: ['user', 'agent'] },
      { invalid: 'turn_type must be user or agent' },
    ),
  ];
}

const commonErrors: Record<string, JsonObject> = {
  '401': errorResponse('x-api-key missing or wrong.', 'Missing x-api-key header'),
  '403': errorResponse('The key holds no permission on this project.', 'API key not authorized for this project'),
  '404': errorResponse('Unknown account or project.', 'Account or project not found'),
  '405': errorResponse('Another method than GET.', 'Method not allowed', { Allow: { schema: { type: 'string' }, example: 'GET' } }),
};

function conversationsPath(version: 'v1' | 'v2' | 'v3'): JsonObject {
  const upper = version.toUpperCase();
  const notes: Record<typeof version, string> = {
    v3: 'Current. Empty texts are empty strings; turns carry translated_user_input, english_agent_response and (on request) latency; cursor paging.',
    v2: 'The v3 schema with empty texts as null; no cursor.',
    v1: 'Legacy: empty texts as null, no latency or translation fields, no cursor; a project may limit records to id, started_at, account_id, project_id.',
  };
  return {
    parameters: TENANT_PARAMS,
    get: {
      tags: ['Conversations'],
      operationId: `listConversations${upper}`,
      summary: `List conversation records (${version})`,
      description: `${notes[version]} Every Messaging session, Chat conversation and answered call of the project, in ascending start order. One retrieval mode per request: a list, \`query_type=transcript|semantic\` with \`query\`, or \`sample=random\`. HEAD is answered like GET, without the body.`,
      security: [{ ConversationsApiKey: [] }],
      parameters: conversationParams(version),
      responses: {
        '200': jsonResponse('A page of records.', ref(`ConversationPage${upper}`), {
          conversations: [],
          descriptions: { id: 'Conversation id' },
          ...(version === 'v3' ? { cursor: null } : {}),
        }),
        '400': errorResponse(
          'A parameter breaks its schema or is given twice (except channel); start_time after end_time; both variant_id and variant_name; query without query_type; query_type with sample; turn_type without a transcript search; start_time/end_time missing with query_type or sample; a malformed cursor, or one used with other filters' +
            (version === 'v3' ? '.' : '; any cursor (v3 only).'),
          'limit must be an integer from 1 to 5000',
        ),
        ...commonErrors,
      },
    },
  };
}

export const CONVERSATIONS_PATHS: Record<string, JsonObject> = {
  '/v3/{account_id}/{project_id}/conversations': conversationsPath('v3'),
  '/v2/{account_id}/{project_id}/conversations': conversationsPath('v2'),
  '/v1/{account_id}/{project_id}/conversations': conversationsPath('v1'),
  '/v1/{account_id}/{project_id}/conversations/concurrency': {
    parameters: TENANT_PARAMS,
    get: {
      tags: ['Concurrent Calls'],
      operationId: 'getConcurrency',
      summary: 'Peak concurrent conversations per 5 minutes',
      description:
        'Start is rounded down and end up to 5-minute marks (at most 31 days). Each interval counts the most conversations running at once inside it, from the same records as the Conversations API. HEAD is answered like GET, without the body.',
      security: [{ ConversationsApiKey: [] }],
      parameters: [
        queryParam('start_time', 'Rounded down to a 5-minute mark.', isoTime, {
          required: true,
          invalid: 'start_time and end_time are required ISO 8601 date-times',
          example: '2026-11-25T10:00:00Z',
        }),
        queryParam('end_time', 'Rounded up to a 5-minute mark.', isoTime, {
          required: true,
          invalid: 'start_time and end_time are required ISO 8601 date-times',
          example: '2026-11-25T11:00:00Z',
        }),
        queryParam('client_env', 'The environment.', environment, { invalid: 'client_env must be one of sandbox, pre-release, live' }),
        queryParam('variant_id', 'Only one of variant_id and variant_name.', { type: 'string' }),
        queryParam('variant_name', 'Only one of variant_id and variant_name.', { type: 'string' }),
        queryParam(
          'language',
          'A language code.',
          { type: 'string', pattern: '^[A-Za-z]{2,3}(-[A-Za-z0-9]{2,8})*$' },
          { invalid: 'language must be a language code such as en-GB', example: 'en-GB' },
        ),
        queryParam(
          'phone_number',
          'Either number of the conversation, E.164.',
          { type: 'string', pattern: '^\\+[1-9]\\d{6,14}$' },
          { invalid: 'phone_number must be E.164' },
        ),
        queryParam(
          'slice_by',
          '`variant`: one series per variant. `language` and `phone_number` are planned (501).',
          {
            type: 'string',
            enum: ['variant', 'language', 'phone_number'],
          },
          { invalid: 'slice_by must be variant, language or phone_number' },
        ),
      ],
      responses: {
        '200': jsonResponse('The intervals, ascending.', ref('Concurrency'), {
          account_id: 'demo-account',
          project_id: 'demo-project',
          intervals: [{ time: '2026-11-25T10:00:00.000Z', max_concurrent_conversations: 3 }],
        }),
        '400': errorResponse(
          'A missing or malformed parameter, a parameter given twice, start not before end, a range over 31 days, both variant_id and variant_name.',
          'Invalid time range: start_time must be before end_time',
        ),
        ...commonErrors,
        '404': errorResponse('Unknown account or project; Concurrent Calls on /v2 or /v3.', 'Account or project not found'),
        '500': internalError('An internal error.'),
        '501': errorResponse('slice_by=language or phone_number.', 'slice_by=language is not implemented yet'),
      },
    },
  },
};
