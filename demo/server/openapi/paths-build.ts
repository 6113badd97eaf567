// The build and monitoring host: the Agents API and the Alerts API (docs/build-host.md). Their
// errors are `{message, errors: [{field, message}]}`; a 400 names every field to fix.

import { buildErrorResponse, isObject, type JsonObject, jsonBody, jsonResponse, pathParam, ref } from './builders';
import { readOnly } from './schemas';

type Status = '400' | '403' | '404' | '409' | '422';

const ERRORS: Record<Status | '401' | '405' | '413', JsonObject> = {
  '400': buildErrorResponse(
    'Validation: a missing, mistyped or out-of-range field, a body that is not a JSON object, an unknown or read-only field, bad query filters.',
    'Validation failed: name is required',
    [{ field: 'name', message: 'is required' }],
  ),
  '401': buildErrorResponse('x-api-key missing or unknown.', 'Missing API key (x-api-key)'),
  '403': buildErrorResponse(
    'The resource belongs to another workspace or account (the key lacks permission for it).',
    'This key has no permission for this agent',
  ),
  '404': buildErrorResponse('Unknown resource (its id well-formed) or unknown path.', 'Agent agt_0123456789abcdef not found'),
  '405': buildErrorResponse('A known path with another method; `Allow` lists the methods.', 'Method DELETE not allowed on /v1/agents'),
  '409': buildErrorResponse('A conflict: see the operation.', 'A branch named "spring" already exists', [
    { field: 'name', message: 'is already taken' },
  ]),
  '413': buildErrorResponse('A body over 256 KB.', 'Request body too large'),
  '422': buildErrorResponse('A malformed id in the path.', 'Malformed agentId', [
    { field: 'agentId', message: 'must match ^[A-Za-z0-9][A-Za-z0-9_-]{0,63}$' },
  ]),
};

/** Every answer of a build-host operation: its success, 401/405 always, the rest as listed. */
function answers(success: Record<string, JsonObject>, statuses: readonly Status[], conflict?: string): JsonObject {
  const responses: Record<string, JsonObject> = { ...success, '401': ERRORS['401'], '405': ERRORS['405'] };
  for (const status of statuses) responses[status] = ERRORS[status];
  if (conflict && responses['409']) responses['409'] = { ...responses['409'], description: conflict };
  return responses;
}

const withBody = (statuses: readonly Status[]): Status[] => ['400', ...statuses];

function op(tag: 'Agents' | 'Alerts', operationId: string, summary: string, responses: JsonObject, extra: JsonObject = {}): JsonObject {
  return {
    tags: [tag],
    operationId,
    summary,
    security: [{ BuildApiKey: [] }],
    ...extra,
    responses: { ...responses, ...EVERY_OPERATION[tag] },
  };
}

const INTERNAL_ERROR = buildErrorResponse(
  'An internal error; retry with exponential backoff. Answered here only when a test arms a fault through the control API.',
  'Internal error',
);

/** What the platform's table of common statuses lists for every operation of the API. */
const EVERY_OPERATION: Record<'Agents' | 'Alerts', JsonObject> = {
  Agents: {
    '403': ERRORS['403'],
    '500': INTERNAL_ERROR,
  },
  Alerts: {
    '500': INTERNAL_ERROR,
    '502': buildErrorResponse(
      'The monitoring backend could not be synced; retry later. Answered here only when a test arms a fault through the control API.',
      'Monitoring backend sync failure',
    ),
  },
};

/** Rules belong to the account: a project_id of another account is 403, one that does not exist 404. */
function projectScoped(responses: JsonObject): JsonObject {
  return {
    ...responses,
    '403': buildErrorResponse(
      'The rule, or the project_id given, belongs to another account.',
      'This key has no permission for this project',
    ),
    '404': buildErrorResponse('The rule, or the project_id given, does not exist.', 'Project nope not found'),
  };
}

const ok = (description: string, schema: string, example?: JsonObject): Record<string, JsonObject> => ({
  '200': jsonResponse(description, ref(schema), example),
});
const created = (description: string, schema: string, example?: JsonObject): Record<string, JsonObject> => ({
  '201': jsonResponse(description, ref(schema), example),
});
const noContent: Record<string, JsonObject> = { '204': { description: 'Deleted.' } };
const withSize = (responses: JsonObject): JsonObject => ({ ...responses, '413': ERRORS['413'] });

const agentId = pathParam('agentId', 'The agent.', { type: 'string', pattern: '^[A-Za-z0-9][A-Za-z0-9_-]{0,63}$' }, 'demo-agent');
const branchId = pathParam('branchId', '`main` or a branch id.', { type: 'string', pattern: '^(main|br_[A-Za-z0-9]+)$' }, 'main');
const deploymentId = pathParam('deploymentId', 'A deployment.', { type: 'string', pattern: '^dep_[A-Za-z0-9]+$' }, 'dep_0123456789abcdef');
const variantId = pathParam('variantId', 'A variant.', { type: 'string', pattern: '^var_[A-Za-z0-9]+$' }, 'var_default');
const segment = pathParam(
  'segment',
  'The environment whose runtime values these are.',
  { type: 'string', enum: ['sandbox', 'pre-release', 'live'] },
  'live',
);
const ruleId = pathParam('ruleId', 'An alert rule.', { type: 'string', pattern: '^ar_[A-Za-z0-9]+$' }, 'ar_9a605405fa8bf974');
const endpointId = pathParam('endpointId', 'A webhook endpoint.', { type: 'string', pattern: '^we_[A-Za-z0-9]+$' }, 'we_1b2c3d4e5f607182');

const agentIds = ['403', '404', '422'] as const;
const branchIds = agentIds;

const name = (max: number): JsonObject => ({ type: 'string', minLength: 1, maxLength: max });
const closed = (properties: JsonObject, required: readonly string[] = []): JsonObject => ({
  type: 'object',
  additionalProperties: false,
  ...(required.length > 0 ? { required: [...required] } : {}),
  properties,
});

const PATHS: Record<string, JsonObject> = {
  '/v1/agents': {
    get: op('Agents', 'listAgents', "List the workspace's agents", answers(ok('The agents.', 'AgentList'), [])),
    post: op(
      'Agents',
      'createAgent',
      'Create an agent',
      withSize(answers(created('The agent with its main branch.', 'AgentCreated'), withBody([]))),
      {
        requestBody: jsonBody(
          closed({ ...readOnly(['agentId']), name: name(128), description: { type: 'string', maxLength: 2000 } }, ['name']),
          {
            name: 'Support agent',
            description: 'Answers billing questions',
          },
        ),
      },
    ),
  },
  '/v1/agents/{agentId}': {
    parameters: [agentId],
    get: op('Agents', 'getAgent', 'Read an agent', answers(ok('The agent.', 'Agent'), [...agentIds])),
  },
  '/v1/agents/{agentId}/branches': {
    parameters: [agentId],
    get: op('Agents', 'listBranches', 'List branches', answers(ok('The branches.', 'BranchList'), [...agentIds])),
    post: op(
      'Agents',
      'createBranch',
      'Branch from main',
      withSize(answers(created('The branch.', 'Branch'), withBody([...agentIds, '409']), 'A branch with this name exists.')),
      {
        requestBody: jsonBody(closed({ name: name(128) }, ['name']), { name: 'spring-sale' }),
      },
    ),
  },
  '/v1/agents/{agentId}/branches/{branchId}': {
    parameters: [agentId, branchId],
    get: op('Agents', 'getBranch', 'Read a branch', answers(ok('The branch.', 'Branch'), [...branchIds])),
  },
  '/v1/agents/{agentId}/branches/{branchId}/merge': {
    parameters: [agentId, branchId],
    post: op(
      'Agents',
      'mergeBranch',
      'Merge a branch into main',
      answers(
        ok('Merged.', 'MergeResult'),
        [...branchIds, '409'],
        'Main changed the same parts since the branch was made (or the branch is main).',
      ),
    ),
  },
  '/v1/agents/{agentId}/branches/{branchId}/behavior': {
    parameters: [agentId, branchId],
    get: op('Agents', 'getBehavior', 'Read the behavior', answers(ok('The behavior.', 'Behavior'), [...branchIds])),
    patch: op(
      'Agents',
      'updateBehavior',
      'Replace the behavior (system prompt and rules)',
      withSize(answers(ok('The behavior.', 'BehaviorUpdated'), withBody([...branchIds]))),
      {
        requestBody: jsonBody(closed({ behavior: { type: 'string', maxLength: 100000 } }, ['behavior']), {
          behavior: 'Greeting: Welcome to the spring sale!',
        }),
      },
    ),
  },
  '/v1/agents/{agentId}/branches/{branchId}/knowledge-base/topics': {
    parameters: [agentId, branchId],
    get: op('Agents', 'listTopics', 'List knowledge-base topics', answers(ok('The topics.', 'TopicList'), [...branchIds])),
    post: op(
      'Agents',
      'createTopic',
      'Add a knowledge-base topic',
      withSize(answers(created('The topic.', 'Topic'), withBody([...branchIds]))),
      {
        requestBody: jsonBody(closed({ name: name(200), content: { type: 'string', maxLength: 100000 } }, ['name', 'content']), {
          name: 'Refunds',
          content: 'Refunds take 5 days.',
        }),
      },
    ),
  },
  '/v1/agents/{agentId}/branches/{branchId}/attributes': {
    parameters: [agentId, branchId],
    get: op(
      'Agents',
      'listAttributes',
      'List attributes (the dimensions of variants)',
      answers(ok('The attributes.', 'AttributeList'), [...branchIds]),
    ),
    post: op(
      'Agents',
      'createAttribute',
      'Add an attribute',
      withSize(answers(created('The attribute.', 'Attribute'), withBody([...branchIds, '409']), 'An attribute with this name exists.')),
      {
        requestBody: jsonBody(closed({ name: name(64) }, ['name']), { name: 'region' }),
      },
    ),
  },
  '/v1/agents/{agentId}/branches/{branchId}/variants': {
    parameters: [agentId, branchId],
    get: op('Agents', 'listVariants', 'List variants', answers(ok('The variants.', 'VariantList'), [...branchIds])),
    post: op('Agents', 'createVariant', 'Add a variant', withSize(answers(created('The variant.', 'Variant'), withBody([...branchIds]))), {
      requestBody: jsonBody(
        closed({ ...readOnly(['id']), name: name(128), attributeValues: ref('VariantAttributeValues'), isDefault: { type: 'boolean' } }, [
          'name',
        ]),
        { name: 'UK Site', attributeValues: { values: { region: 'uk' } } },
      ),
    }),
  },
  '/v1/agents/{agentId}/branches/{branchId}/variants/{variantId}': {
    parameters: [agentId, branchId, variantId],
    patch: op('Agents', 'updateVariant', 'Change a variant', withSize(answers(ok('The variant.', 'Variant'), withBody([...branchIds]))), {
      requestBody: jsonBody(
        closed({ ...readOnly(['id']), name: name(128), attributeValues: ref('VariantAttributeValues'), isDefault: { type: 'boolean' } }),
        {
          isDefault: true,
        },
      ),
    }),
  },
  '/v1/agents/{agentId}/deployments': {
    parameters: [agentId],
    get: op('Agents', 'listDeployments', 'List deployments', answers(ok('The deployments.', 'DeploymentList'), [...agentIds])),
  },
  '/v1/agents/{agentId}/deployments/{deploymentId}': {
    parameters: [agentId, deploymentId],
    get: op('Agents', 'getDeployment', 'Read a deployment', answers(ok('The deployment.', 'Deployment'), [...agentIds])),
  },
  '/v1/agents/{agentId}/deployments/publish': {
    parameters: [agentId],
    post: op(
      'Agents',
      'publishDraft',
      'Publish main to sandbox',
      withSize(answers(created('The deployment, serving sandbox.', 'Deployment'), withBody([...agentIds]))),
      {
        requestBody: jsonBody(
          closed(
            {
              environment: {
                const: 'sandbox',
                description: 'A draft is published to sandbox; promote a deployment to reach pre-release and live.',
                'x-invalid': 'a draft is published to sandbox; promote a deployment to reach pre-release and live',
              },
            },
            ['environment'],
          ),
          { environment: 'sandbox' },
        ),
      },
    ),
  },
  '/v1/agents/{agentId}/deployments/{deploymentId}/promote': {
    parameters: [agentId, deploymentId],
    post: op(
      'Agents',
      'promoteDeployment',
      'Promote sandbox → pre-release → live',
      answers(ok('The deployment.', 'Deployment'), [...agentIds, '409'], 'The deployment cannot move (live already, or rolled back).'),
    ),
  },
  '/v1/agents/{agentId}/deployments/{deploymentId}/rollback': {
    parameters: [agentId, deploymentId],
    post: op(
      'Agents',
      'rollbackDeployment',
      'Roll a deployment back',
      answers(
        ok('The deployment and what serves its environments now.', 'RolledBack'),
        [...agentIds, '409'],
        'The deployment serves no environment.',
      ),
    ),
  },
  '/v1/agents/{agentId}/real-time-configs': {
    parameters: [agentId],
    get: op(
      'Agents',
      'listRealTimeConfigs',
      'Runtime values of every environment',
      answers(ok('One config per environment.', 'RealTimeConfigList'), [...agentIds]),
    ),
  },
  '/v1/agents/{agentId}/real-time-configs/{segment}/variables': {
    parameters: [agentId, segment],
    get: op(
      'Agents',
      'getRealTimeVariables',
      'Runtime values of one environment',
      answers(ok('The variables.', 'RealTimeConfig'), [...agentIds]),
    ),
    patch: op(
      'Agents',
      'updateRealTimeVariables',
      'Change runtime values (at once, without publishing)',
      withSize(
        answers(
          ok('The variables.', 'RealTimeConfig', { segment: 'live', variables: { greeting: 'Hello from the spring sale' } }),
          withBody([...agentIds]),
        ),
      ),
      {
        description:
          'A merge patch: named variables are set, `null` removes one. `greeting` overrides the deployed greeting for conversations started after it.',
        requestBody: jsonBody(closed({ variables: { type: 'object', additionalProperties: true } }, ['variables']), {
          variables: { greeting: 'Hello from the spring sale' },
        }),
      },
    ),
  },
  '/v1/agents/{agentId}/telephony/connectors': {
    parameters: [agentId],
    get: op(
      'Agents',
      'listConnectors',
      "List the agent's telephony connectors",
      answers(ok('The connectors.', 'ConnectorList'), [...agentIds]),
    ),
  },
  '/v1/agents/{agentId}/telephony/connectors/batch': {
    parameters: [agentId],
    post: op(
      'Agents',
      'findConnectors',
      'Look up connectors by id',
      withSize(answers(ok('Found and not found.', 'ConnectorBatch'), withBody([...agentIds]))),
      {
        requestBody: jsonBody(
          closed({ connectorIds: { type: 'array', minItems: 1, maxItems: 100, items: { type: 'string' } } }, ['connectorIds']),
          {
            connectorIds: ['demo-voice-connector', 'nope'],
          },
        ),
      },
    ),
  },

  '/v1/alert-rules': {
    get: op('Alerts', 'listAlertRules', 'List alert rules', projectScoped(answers(ok("The account's rules.", 'AlertRuleList'), ['400'])), {
      parameters: [
        { name: 'enabled', in: 'query', schema: { type: 'boolean', 'x-invalid': 'must be true or false' } },
        {
          name: 'metric',
          in: 'query',
          schema: {
            type: 'string',
            enum: ['turn_latency_p50', 'turn_latency_p95', 'api_errors', 'function_errors', 'call_crashes', 'call_volume'],
          },
        },
        { name: 'project_id', in: 'query', schema: { type: 'string' } },
        { name: 'state', in: 'query', schema: { type: 'string', enum: ['ok', 'alert', 'no_data', 'unknown'] } },
      ],
    }),
    post: op(
      'Alerts',
      'createAlertRule',
      'Create an alert rule',
      withSize(projectScoped(answers(created('The rule.', 'AlertRule'), ['400', '409'], 'The account has 10 rules already.'))),
      {
        requestBody: jsonBody(ref('AlertRuleCreate'), {
          name: 'Slow replies',
          metric: 'turn_latency_p95',
          operator: '>',
          threshold_value: 400,
          window_duration: '5m',
        }),
      },
    ),
  },
  '/v1/alert-rules/{ruleId}': {
    parameters: [ruleId],
    get: op('Alerts', 'getAlertRule', 'Read an alert rule', answers(ok('The rule.', 'AlertRule'), ['403', '404', '422'])),
    patch: op(
      'Alerts',
      'updateAlertRule',
      'Change an alert rule',
      withSize(projectScoped(answers(ok('The rule.', 'AlertRule'), ['400', '403', '404', '422']))),
      {
        requestBody: jsonBody(ref('AlertRulePatch'), { threshold_value: 800, enabled: false }),
      },
    ),
    delete: op('Alerts', 'deleteAlertRule', 'Delete an alert rule', answers(noContent, ['403', '404', '422'])),
  },
  '/v1/alerts': {
    get: op(
      'Alerts',
      'listAlerts',
      'Active alerts (the rules in state alert)',
      projectScoped(answers(ok('The firing rules.', 'AlertList'), [])),
      {
        parameters: [{ name: 'project_id', in: 'query', schema: { type: 'string' } }],
      },
    ),
  },
  '/v1/webhook-endpoints': {
    get: op(
      'Alerts',
      'listWebhookEndpoints',
      'List webhook endpoints',
      answers(ok('The endpoints (never their secrets).', 'WebhookEndpointList'), []),
    ),
    post: op(
      'Alerts',
      'createWebhookEndpoint',
      'Register a webhook endpoint',
      withSize(
        answers(
          created('The endpoint and its signing secret, shown this once.', 'WebhookEndpointWithSecret'),
          ['400', '409'],
          'The account has 5 endpoints already.',
        ),
      ),
      {
        requestBody: jsonBody(ref('WebhookEndpointCreate'), {
          name: 'Ops',
          url: 'https://ops.example.com/alerts',
          event_types: ['alerts.triggered', 'alerts.resolved'],
        }),
      },
    ),
  },
  '/v1/webhook-endpoints/{endpointId}': {
    parameters: [endpointId],
    get: op(
      'Alerts',
      'getWebhookEndpoint',
      'Read a webhook endpoint',
      answers(ok('The endpoint.', 'WebhookEndpoint'), ['403', '404', '422']),
    ),
    delete: op('Alerts', 'deleteWebhookEndpoint', 'Delete a webhook endpoint', answers(noContent, ['403', '404', '422'])),
  },
  '/v1/webhook-endpoints/{endpointId}/rotate-signing-secret': {
    parameters: [endpointId],
    post: op(
      'Alerts',
      'rotateSigningSecret',
      'Issue a new signing secret (the old one stops at once)',
      answers(ok('The endpoint and its new secret.', 'WebhookEndpointWithSecret'), ['403', '404', '422']),
    ),
  },
};

/** Every POST and PATCH reads a JSON body, so any of them can answer 400 (not JSON) and 413 (too large). */
function withBodyErrors(paths: Record<string, JsonObject>): Record<string, JsonObject> {
  return Object.fromEntries(
    Object.entries(paths).map(([path, item]) => [
      path,
      Object.fromEntries(
        Object.entries(item).map(([method, operation]) => {
          if ((method !== 'post' && method !== 'patch') || !isObject(operation) || !isObject(operation['responses']))
            return [method, operation];
          return [
            method,
            {
              ...operation,
              responses: { ...operation['responses'], '400': operation['responses']['400'] ?? ERRORS['400'], '413': ERRORS['413'] },
            },
          ];
        }),
      ),
    ]),
  );
}

export const BUILD_PATHS = withBodyErrors(PATHS);

export const BUILD_SCHEMAS: Record<string, JsonObject> = {
  VariantAttributeValues: {
    type: 'object',
    required: ['values'],
    additionalProperties: false,
    properties: {
      values: {
        type: 'object',
        additionalProperties: { type: 'string' },
        description: 'Attribute name to value; only attributes the branch has.',
      },
    },
  },
};
