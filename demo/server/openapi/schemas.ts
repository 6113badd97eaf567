// The records the reference platform answers with, as JSON Schema 2020-12 (OpenAPI 3.1's dialect).
// Field notes are the platform's own (docs/platform.md, docs/build-host.md). `x-invalid` on a body
// property is the 400 sentence the double answers when that property breaks its schema.

import { type JsonObject, nullable, ref } from './builders';

const text = { type: 'string' } as const;
const dateTime = { type: 'string', format: 'date-time' } as const;
const environment = { type: 'string', enum: ['sandbox', 'pre-release', 'live'] } as const;
const channel = { type: 'string', description: 'VOICE-SIP, WEBCHAT or CHAT.', examples: ['WEBCHAT'] } as const;

/** A turn; v1 and v2 write null for an empty text, v3 an empty string. */
function turn(version: 'v1' | 'v2' | 'v3'): JsonObject {
  const words = version === 'v3' ? text : nullable(text);
  const extra: Record<string, JsonObject> =
    version === 'v1'
      ? {}
      : {
          translated_user_input: { ...words, description: 'Empty: translation is not enabled on the reference platform.' },
          english_agent_response: { ...words, description: 'Empty: translation is not enabled on the reference platform.' },
          latency: {
            type: 'number',
            description: 'Milliseconds from the input reaching the agent to the last word of the reply; with include_latency=true only.',
          },
        };
  return {
    type: 'object',
    required: [
      'user_input',
      'user_input_dtmf',
      'user_input_datetime',
      'barge_in',
      'agent_response',
      'agent_response_datetime',
      'intents',
      'entities',
      'is_ood',
      'is_silence',
    ],
    properties: {
      user_input: { ...words, description: "The visitor's text as sent (empty for the greeting turn)." },
      user_input_dtmf: { ...words, description: 'Keypad input.' },
      user_input_datetime: { ...dateTime, description: 'When the input reached the agent.' },
      barge_in: { type: 'boolean', description: 'The message arrived while the agent was still busy with the previous one.' },
      agent_response: { ...words, description: 'Everything the agent (or the live agent) said in answer, joined by newlines.' },
      agent_response_datetime: { ...dateTime, description: "When the reply's last word went out." },
      intents: { type: 'array', items: text },
      entities: {
        oneOf: [
          { type: 'object', additionalProperties: true },
          { type: 'array', items: true },
        ],
        description: 'Detected entities, name to value: the platform gives "array/object"; this platform writes an object.',
      },
      is_ood: { type: 'boolean', description: "Nothing in the agent's script matched." },
      is_silence: { type: 'boolean', description: 'A turn without user input.' },
      ...extra,
    },
  };
}

function conversation(version: 'v1' | 'v2' | 'v3'): JsonObject {
  const words = version === 'v3' ? text : nullable(text);
  const full: JsonObject = {
    type: 'object',
    required: [
      'id',
      'account_id',
      'project_id',
      'variant_id',
      'variant_name',
      'environment',
      'started_at',
      'channel',
      'from_number',
      'to_number',
      'in_progress',
      'num_turns',
      'total_duration',
      'service_duration',
      'handoff',
      'handoff_reason',
      'handoff_destination',
      'num_silences',
      'num_ood',
      'metrics',
      'state',
      'turns',
    ],
    properties: {
      id: {
        ...text,
        description: "The Messaging session_id (WEBCHAT), the Chat conversation_id (CHAT), or the call's conversation (VOICE-SIP).",
      },
      account_id: text,
      project_id: text,
      variant_id: words,
      variant_name: words,
      environment,
      started_at: dateTime,
      channel,
      from_number: { ...words, description: "Caller number (for an outbound call, the agent's line)." },
      to_number: { ...words, description: 'Called number.' },
      in_progress: { type: 'boolean' },
      num_turns: { type: 'integer', minimum: 0, description: 'Correct even when turns is empty.' },
      total_duration: { type: 'number', minimum: 0, description: 'Seconds, to the hundredth.' },
      service_duration: { type: 'number', minimum: 0, description: 'Seconds handled by the service.' },
      handoff: { type: 'boolean' },
      handoff_reason: words,
      handoff_destination: words,
      num_silences: { type: 'integer', minimum: 0 },
      num_ood: { type: 'integer', minimum: 0 },
      metrics: {
        type: 'object',
        description: 'CALL_DURATION and CALL_TURN when response metrics are on; {} when off.',
        properties: { CALL_DURATION: text, CALL_TURN: { type: 'array', items: dateTime } },
      },
      state: {
        type: 'object',
        additionalProperties: true,
        description: 'Every conv.state variable: from_, to, and what the conversation stored.',
      },
      turns: { type: 'array', items: ref(`Turn${version.toUpperCase()}`), description: 'Empty when transcripts are off for the project.' },
    },
  };
  if (version !== 'v1') return full;
  // A project may limit v1 output to id, started_at, account_id, project_id.
  return {
    oneOf: [
      full,
      {
        type: 'object',
        required: ['id', 'started_at', 'account_id', 'project_id'],
        additionalProperties: false,
        properties: { id: text, started_at: dateTime, account_id: text, project_id: text },
      },
    ],
  };
}

function page(version: 'v1' | 'v2' | 'v3'): JsonObject {
  return {
    type: 'object',
    required: version === 'v3' ? ['conversations', 'descriptions', 'cursor'] : ['conversations', 'descriptions'],
    properties: {
      conversations: { type: 'array', items: ref(`Conversation${version.toUpperCase()}`), description: 'Ascending start order.' },
      descriptions: { type: 'object', additionalProperties: text, description: 'What each record key means.' },
      next_offset: { type: 'integer', minimum: 1, description: 'Present when more results follow an offset page.' },
      ...(version === 'v3'
        ? { cursor: { ...nullable(text), description: 'Pass as cursor for the next page; null on the last page.' } }
        : {}),
    },
  };
}

/** Fields the platform sets: sending one is refused ("is read-only"), not ignored. */
export function readOnly(names: readonly string[]): Record<string, JsonObject> {
  return Object.fromEntries(
    names.map((name) => [name, { readOnly: true, not: {}, description: 'Set by the platform; refused in a request.' }]),
  );
}

const RULE_READ_ONLY = ['id', 'current_state', 'created_at', 'updated_at', 'since', 'last_evaluated_at', 'current_value'];

const alertRuleFields = {
  name: { type: 'string', minLength: 1, maxLength: 200 },
  project_id: { ...nullable({ type: 'string', maxLength: 128 }), description: 'Null or absent: account-wide.' },
  metric: {
    type: 'string',
    enum: ['turn_latency_p50', 'turn_latency_p95', 'api_errors', 'function_errors', 'call_crashes', 'call_volume'],
  },
  operator: { type: 'string', enum: ['>', '<', '>=', '<='] },
  threshold_value: { type: 'integer', minimum: 0, description: 'Milliseconds for latencies, counts in the window for the rest.' },
  window_duration: { type: 'string', enum: ['5m', '10m', '60m'] },
  enabled: { type: 'boolean' },
} as const;

const variant: JsonObject = {
  type: 'object',
  required: ['id', 'name', 'isDefault', 'attributeValues'],
  properties: {
    id: { type: 'string', pattern: '^var_[A-Za-z0-9]+$' },
    name: { type: 'string', minLength: 1 },
    isDefault: { type: 'boolean' },
    attributeValues: {
      type: 'object',
      required: ['values'],
      properties: { values: { type: 'object', additionalProperties: text, description: 'Attribute name to value.' } },
    },
  },
};

const agent: JsonObject = {
  type: 'object',
  required: ['agentId', 'name', 'description', 'defaultBranch', 'createdAt', 'updatedAt', 'environments'],
  properties: {
    agentId: text,
    name: text,
    description: text,
    defaultBranch: { const: 'main' },
    createdAt: dateTime,
    updatedAt: dateTime,
    environments: {
      type: 'object',
      description: 'Per environment, the id of the deployment it runs, or null.',
      properties: { sandbox: nullable(text), 'pre-release': nullable(text), live: nullable(text) },
    },
  },
};

const branch: JsonObject = {
  type: 'object',
  required: ['id', 'name', 'agentId', 'isDefault', 'baseRevision', 'changes', 'createdAt', 'updatedAt'],
  properties: {
    id: { type: 'string', pattern: '^(main|br_[A-Za-z0-9]+)$' },
    name: text,
    agentId: text,
    isDefault: { type: 'boolean', description: 'True for main.' },
    baseRevision: {
      type: 'integer',
      description: 'The revision of main it was made from or last merged at; for main, its current revision.',
    },
    changes: { type: 'array', items: text, description: 'Parts changed since: behavior, topic:<id>, attribute:<id>, variant:<id>.' },
    createdAt: dateTime,
    updatedAt: dateTime,
  },
};

const deployment: JsonObject = {
  type: 'object',
  required: [
    'id',
    'agentId',
    'state',
    'environments',
    'revision',
    'behavior',
    'topicCount',
    'variantCount',
    'history',
    'createdAt',
    'updatedAt',
  ],
  properties: {
    id: { type: 'string', pattern: '^dep_[A-Za-z0-9]+$' },
    agentId: text,
    state: { type: 'string', enum: ['sandbox', 'pre-release', 'live', 'rolled_back'] },
    environments: { type: 'array', items: environment, description: 'Where it runs now.' },
    revision: { type: 'integer', description: 'The revision of main when published.' },
    behavior: text,
    topicCount: { type: 'integer', minimum: 0 },
    variantCount: { type: 'integer', minimum: 0 },
    history: { type: 'array', items: { type: 'object', required: ['state', 'at'], properties: { state: text, at: dateTime } } },
    createdAt: dateTime,
    updatedAt: dateTime,
  },
};

const connector: JsonObject = {
  type: 'object',
  required: [
    'connectorId',
    'name',
    'accountId',
    'projectId',
    'clientEnv',
    'variantId',
    'asrLangCode',
    'ttsLangCode',
    'voiceName',
    'disableHandoff',
  ],
  properties: {
    connectorId: text,
    name: text,
    accountId: text,
    projectId: text,
    clientEnv: text,
    variantId: text,
    asrLangCode: text,
    ttsLangCode: text,
    voiceName: text,
    disableHandoff: { type: 'boolean' },
  },
};

const alertRule: JsonObject = {
  type: 'object',
  required: [
    'id',
    'name',
    'project_id',
    'metric',
    'operator',
    'threshold_value',
    'window_duration',
    'enabled',
    'current_state',
    'created_at',
    'updated_at',
    'since',
    'last_evaluated_at',
    'current_value',
  ],
  properties: {
    id: { type: 'string', pattern: '^ar_[A-Za-z0-9]+$' },
    ...alertRuleFields,
    project_id: nullable(text),
    enabled: { type: 'boolean' },
    current_state: { type: 'string', enum: ['ok', 'alert', 'no_data', 'unknown'] },
    created_at: dateTime,
    updated_at: dateTime,
    since: { ...nullable(dateTime), description: 'When the rule entered its current state.' },
    last_evaluated_at: nullable(dateTime),
    current_value: { ...nullable({ type: 'integer' }), description: 'The metric at the last evaluation.' },
  },
};

const webhookEndpoint: JsonObject = {
  type: 'object',
  required: ['id', 'name', 'url', 'event_types', 'created_at', 'updated_at'],
  properties: {
    id: { type: 'string', pattern: '^we_[A-Za-z0-9]+$' },
    name: text,
    url: { type: 'string', format: 'uri' },
    event_types: { type: 'array', items: { type: 'string', enum: ['alerts.triggered', 'alerts.resolved'] } },
    created_at: dateTime,
    updated_at: dateTime,
  },
};

export const SCHEMAS: Record<string, JsonObject> = {
  Error: {
    type: 'object',
    description: 'Every error of the runtime APIs: the same sentence in both fields, saying what was wrong.',
    required: ['message', 'error_message'],
    properties: { message: text, error_message: text },
  },
  BuildError: {
    type: 'object',
    description: 'Every error of the Agents and Alerts APIs.',
    required: ['message', 'errors'],
    properties: { message: text, errors: { type: 'array', items: ref('FieldError') } },
  },
  FieldError: { type: 'object', required: ['field', 'message'], properties: { field: text, message: text } },

  AccessToken: {
    type: 'object',
    required: ['access_token', 'expires_in', 'token_type'],
    properties: {
      access_token: { ...text, description: 'A JWT. Keep it in memory; never log or store it.' },
      expires_in: { type: 'integer', minimum: 1, description: 'Seconds.' },
      token_type: { const: 'Bearer' },
    },
  },
  SessionRequest: {
    type: 'object',
    'x-invalid': 'Error parsing request',
    properties: {
      platform: { type: 'string', enum: ['web', 'ios', 'android', 'custom'], default: 'web' },
      streaming_enabled: { type: 'boolean', default: false, description: 'Agent replies arrive as chunks.' },
    },
  },
  Session: { type: 'object', required: ['session_id'], properties: { session_id: text } },

  ChatCreateRequest: {
    type: 'object',
    'x-invalid': 'Invalid JSON body',
    properties: {
      variant_id: {
        type: 'string',
        description: 'Routes the conversation to one variant; accepted on create only.',
        'x-invalid': 'variant_id must be a string',
      },
      integration_attributes: {
        type: 'object',
        additionalProperties: true,
        description: 'Set on the first turn; stored in state.integration_attributes for the whole conversation.',
        'x-invalid': 'integration_attributes must be an object',
      },
    },
  },
  ChatCreated: {
    type: 'object',
    required: ['conversation_id', 'response'],
    properties: { conversation_id: text, response: { ...text, description: "The agent's greeting." } },
  },
  ChatRespondRequest: {
    type: 'object',
    'x-invalid': 'Invalid JSON body',
    required: ['conversation_id'],
    properties: {
      conversation_id: { type: 'string', minLength: 1, 'x-invalid': 'conversation_id is required' },
      message: {
        type: 'string',
        description: 'Omitted: the user was silent and the agent re-prompts.',
        'x-invalid': 'message must be a string',
      },
    },
  },
  ChatReply: {
    type: 'object',
    required: ['conversation_id', 'response', 'end_conversation'],
    properties: {
      conversation_id: text,
      response: text,
      end_conversation: { type: 'boolean' },
      handoff: { type: 'object', required: ['destination', 'reason'], properties: { destination: text, reason: text } },
    },
  },
  ChatCloseRequest: {
    type: 'object',
    'x-invalid': 'Invalid JSON body',
    required: ['conversation_id'],
    properties: { conversation_id: { type: 'string', minLength: 1, 'x-invalid': 'conversation_id is required' } },
  },
  ChatClosed: { type: 'object', required: ['success'], properties: { success: { const: true } } },

  TurnV1: turn('v1'),
  TurnV2: turn('v2'),
  TurnV3: turn('v3'),
  ConversationV1: conversation('v1'),
  ConversationV2: conversation('v2'),
  ConversationV3: conversation('v3'),
  ConversationPageV1: page('v1'),
  ConversationPageV2: page('v2'),
  ConversationPageV3: page('v3'),
  Concurrency: {
    type: 'object',
    required: ['account_id', 'project_id', 'intervals'],
    properties: {
      account_id: { ...text, description: 'Echo of the request.' },
      project_id: { ...text, description: 'Echo of the request.' },
      intervals: { type: 'array', items: ref('ConcurrencyInterval'), description: 'Ascending 5-minute windows.' },
    },
  },
  ConcurrencyInterval: {
    type: 'object',
    required: ['time', 'max_concurrent_conversations'],
    properties: {
      time: { ...dateTime, description: 'Lower bound of the window (UTC).' },
      max_concurrent_conversations: { type: 'integer', minimum: 0 },
      variant_id: { ...text, description: 'With slice_by=variant only.' },
      variant_name: { ...text, description: 'With slice_by=variant only.' },
      language: { ...text, description: 'Reserved by the platform for slicing by language (slice_by=language answers 501).' },
      phone_number: { ...text, description: 'Reserved by the platform for slicing by number (slice_by=phone_number answers 501).' },
    },
  },

  CallRequest: {
    type: 'object',
    'x-invalid': 'Request body must be a JSON object',
    required: ['to_number'],
    properties: {
      to_number: { type: 'string', description: 'E.164, or national together with country_code.', 'x-invalid': 'to_number is required' },
      country_code: {
        type: 'string',
        description: 'ISO 3166-1 alpha-2; leave unset for E.164.',
        'x-invalid': 'country_code must be an ISO 3166-1 alpha-2 code',
      },
      metadata: {
        type: ['object', 'null'],
        additionalProperties: { type: 'string', 'x-invalid': '{field} must be a string' },
        description: 'String values only; its base64 form must stay under 26 KB. Each key reaches the agent as a SIP header.',
        'x-invalid': 'metadata must be an object of string values',
      },
      encryption: {
        type: 'string',
        enum: ['TLS/SRTP', 'TLS/RTP', 'UDP/SRTP', 'UDP/RTP'],
        default: 'TLS/SRTP',
        'x-invalid': 'encryption must be one of TLS/SRTP, TLS/RTP, UDP/SRTP, UDP/RTP',
      },
    },
  },
  CallPlaced: { type: 'object', required: ['call_sid'], properties: { call_sid: { type: 'string', pattern: '^OUT-[0-9a-f]{32}$' } } },
  CallStatus: {
    type: 'object',
    required: ['call_sid', 'status', 'reason'],
    properties: {
      call_sid: text,
      status: { type: 'string', enum: ['queued', 'calling', 'success', 'failure'] },
      reason: { ...text, description: 'Empty except for a failure.' },
    },
  },

  EventQueued: {
    type: 'object',
    required: ['event_id', 'status'],
    properties: { event_id: text, status: { const: 'queued' } },
  },
  BridgeEndedRequest: {
    type: 'object',
    'x-invalid': 'Body must be a JSON object',
    required: ['conversation_id', 'bridge_duration_seconds', 'call_duration_seconds'],
    properties: {
      conversation_id: { type: 'string', minLength: 1, 'x-invalid': 'conversation_id is required' },
      bridge_duration_seconds: { type: 'number', minimum: 0, 'x-invalid': 'bridge_duration_seconds must be a number >= 0' },
      call_duration_seconds: { type: 'number', minimum: 0, 'x-invalid': 'call_duration_seconds must be a number >= 0' },
    },
  },
  BridgeEnded: {
    type: 'object',
    required: ['conversation_id', 'success'],
    properties: { conversation_id: text, success: { const: true } },
  },

  Agent: agent,
  AgentCreated: { allOf: [agent, { type: 'object', required: ['branch'], properties: { branch } }] },
  AgentList: { type: 'object', required: ['data'], properties: { data: { type: 'array', items: ref('Agent') } } },
  Branch: branch,
  BranchList: { type: 'object', required: ['data'], properties: { data: { type: 'array', items: ref('Branch') } } },
  Behavior: { type: 'object', required: ['behavior'], properties: { behavior: text } },
  BehaviorUpdated: {
    type: 'object',
    required: ['behavior', 'branchId', 'updatedAt'],
    properties: { behavior: text, branchId: text, updatedAt: dateTime },
  },
  Topic: {
    type: 'object',
    required: ['id', 'name', 'content', 'createdAt'],
    properties: { id: text, name: text, content: text, createdAt: dateTime },
  },
  TopicList: { type: 'object', required: ['data'], properties: { data: { type: 'array', items: ref('Topic') } } },
  Attribute: { type: 'object', required: ['id', 'name', 'createdAt'], properties: { id: text, name: text, createdAt: dateTime } },
  AttributeList: { type: 'object', required: ['data'], properties: { data: { type: 'array', items: ref('Attribute') } } },
  Variant: variant,
  VariantList: { type: 'object', required: ['data'], properties: { data: { type: 'array', items: ref('Variant') } } },
  MergeResult: {
    type: 'object',
    required: ['merged', 'branchId', 'revision', 'changes'],
    properties: { merged: { const: true }, branchId: text, revision: { type: 'integer' }, changes: { type: 'array', items: text } },
  },
  Deployment: deployment,
  DeploymentList: { type: 'object', required: ['data'], properties: { data: { type: 'array', items: ref('Deployment') } } },
  RolledBack: {
    allOf: [
      deployment,
      {
        type: 'object',
        required: ['restored'],
        properties: {
          restored: {
            type: 'object',
            description: 'Per environment it served, the deployment that serves it now (or null).',
            additionalProperties: nullable(text),
          },
        },
      },
    ],
  },
  RealTimeConfig: {
    type: 'object',
    required: ['segment', 'variables'],
    properties: { segment: environment, variables: { type: 'object', additionalProperties: true } },
  },
  RealTimeConfigList: { type: 'object', required: ['data'], properties: { data: { type: 'array', items: ref('RealTimeConfig') } } },
  Connector: connector,
  ConnectorList: { type: 'object', required: ['data'], properties: { data: { type: 'array', items: ref('Connector') } } },
  ConnectorBatch: {
    type: 'object',
    required: ['found', 'notFound'],
    properties: { found: { type: 'array', items: ref('Connector') }, notFound: { type: 'array', items: text } },
  },

  AlertRule: alertRule,
  AlertRuleList: { type: 'object', required: ['data'], properties: { data: { type: 'array', items: ref('AlertRule') } } },
  AlertRuleCreate: {
    type: 'object',
    required: ['name', 'metric', 'operator', 'threshold_value', 'window_duration'],
    additionalProperties: false,
    properties: {
      ...readOnly(RULE_READ_ONLY),
      ...alertRuleFields,
      enabled: { type: 'boolean', default: true, description: 'Omitted: the rule starts enabled.' },
    },
  },
  AlertRulePatch: {
    type: 'object',
    additionalProperties: false,
    description: 'Any subset of the fields; a field left out keeps its value (leaving out enabled does not re-enable a rule).',
    properties: { ...readOnly(RULE_READ_ONLY), ...alertRuleFields },
  },
  Alert: {
    type: 'object',
    required: [
      'rule_id',
      'name',
      'project_id',
      'metric',
      'operator',
      'threshold_value',
      'window_duration',
      'current_value',
      'since',
      'triggered_at',
      'last_evaluated_at',
    ],
    properties: {
      rule_id: text,
      name: text,
      project_id: nullable(text),
      metric: alertRuleFields.metric,
      operator: alertRuleFields.operator,
      threshold_value: { type: 'integer' },
      window_duration: alertRuleFields.window_duration,
      current_value: nullable({ type: 'integer' }),
      since: nullable(dateTime),
      triggered_at: nullable(dateTime),
      last_evaluated_at: nullable(dateTime),
    },
  },
  AlertList: { type: 'object', required: ['data'], properties: { data: { type: 'array', items: ref('Alert') } } },
  WebhookEndpointCreate: {
    type: 'object',
    required: ['name', 'url', 'event_types'],
    additionalProperties: false,
    properties: {
      ...readOnly(['id', 'signing_secret']),
      name: { type: 'string', minLength: 1, maxLength: 200 },
      url: { type: 'string', maxLength: 2048, description: 'https://, or http:// to a loopback host (127.0.0.1, localhost).' },
      event_types: { type: 'array', minItems: 1, items: { type: 'string', enum: ['alerts.triggered', 'alerts.resolved'] } },
    },
  },
  WebhookEndpoint: webhookEndpoint,
  WebhookEndpointWithSecret: {
    allOf: [
      webhookEndpoint,
      {
        type: 'object',
        required: ['signing_secret'],
        properties: { signing_secret: { type: 'string', pattern: '^whsec_', description: 'Shown only here; keep it on your server.' } },
      },
    ],
  },
  WebhookEndpointList: { type: 'object', required: ['data'], properties: { data: { type: 'array', items: ref('WebhookEndpoint') } } },
  AlertWebhookEvent: {
    type: 'object',
    required: ['event_type', 'alert'],
    properties: {
      event_type: { type: 'string', enum: ['alerts.triggered', 'alerts.resolved'] },
      alert: {
        type: 'object',
        required: ['id', 'name', 'project_id', 'metric', 'operator', 'threshold_value', 'current_value', 'previous_state', 'triggered_at'],
        properties: {
          id: text,
          name: text,
          project_id: nullable(text),
          metric: text,
          operator: text,
          threshold_value: { type: 'integer' },
          current_value: nullable({ type: 'integer' }),
          previous_state: { type: 'string', enum: ['ok', 'alert', 'no_data', 'unknown'] },
          triggered_at: { ...dateTime, description: 'When the alert opened.' },
          resolved_at: { ...dateTime, description: 'alerts.resolved only.' },
        },
      },
    },
  },
};
