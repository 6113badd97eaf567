// What the console reads, through the platform's own public APIs with the demo workspace's keys
// (the values every client of the reference platform uses), plus two read-only console routes
// for facts the platform has no public read for (calls with their history, webhook deliveries).

import { array, flag, isObject, type JsonObject, nullableText, number, object, strings, text, WireError } from './json';

export const KEYS = {
  conversations: 'demo-api-key',
  outbound: 'demo-outbound-token',
  build: 'demo-build-key',
} as const;
const PROJECT_PATH = 'demo-account/demo-project';

export interface Turn {
  userInput: string;
  userAt: string;
  agentResponse: string;
  agentAt: string;
  latencyMs: number | null;
  intents: string[];
  bargeIn: boolean;
  isOod: boolean;
  isSilence: boolean;
}

export interface Conversation {
  id: string;
  startedAt: string;
  channel: string;
  environment: string;
  variantName: string;
  inProgress: boolean;
  numTurns: number;
  totalDuration: number | null;
  serviceDuration: number | null;
  handoff: boolean;
  handoffReason: string;
  handoffDestination: string;
  fromNumber: string;
  toNumber: string;
  state: JsonObject;
  turns: Turn[];
}

export interface ConversationPage {
  conversations: Conversation[];
  cursor: string | null;
}

export interface ConversationQuery {
  environment: string;
  channel: string;
  variantId: string;
  inProgress: '' | 'true' | 'false';
  from: string;
  to: string;
  search: string;
  mode: 'transcript' | 'semantic';
}

export class ApiError extends Error {
  constructor(
    readonly status: number,
    message: string,
  ) {
    super(message);
  }
}

async function getJson(path: string, headers: Record<string, string>, signal?: AbortSignal): Promise<unknown> {
  const response = await fetch(path, { headers, ...(signal ? { signal } : {}) });
  const body: unknown = await response.json().catch(() => undefined);
  if (!response.ok) {
    const message = isObject(body) ? text(body, 'message') || text(body, 'error_message') : '';
    throw new ApiError(response.status, `${response.status} ${message || response.statusText}`.trim());
  }
  return body;
}

// A search needs both bounds; "no bound" becomes the widest range the records can fall in.
const EARLIEST = '2000-01-01T00:00:00.000Z';

/** The v3 query for these filters; the same parameters must go with every cursor of one listing. */
export function conversationParams(query: ConversationQuery, limit: number, now = Date.now()): URLSearchParams {
  const params = new URLSearchParams({ limit: String(limit), include_latency: 'true', client_env: query.environment || 'live' });
  if (query.channel) params.append('channel', query.channel);
  if (query.variantId) params.set('variant_id', query.variantId);
  if (query.inProgress) params.set('in_progress', query.inProgress);
  const search = query.search.trim();
  if (search) {
    params.set('query_type', query.mode);
    params.set('query', search);
    params.set('start_time', query.from || EARLIEST);
    params.set('end_time', query.to || new Date(now + 86_400_000).toISOString());
  } else {
    if (query.from) params.set('start_time', query.from);
    if (query.to) params.set('end_time', query.to);
  }
  return params;
}

export async function fetchConversations(params: URLSearchParams, cursor: string | null, signal?: AbortSignal): Promise<ConversationPage> {
  const withCursor = new URLSearchParams(params);
  if (cursor) withCursor.set('cursor', cursor);
  const body = object(
    await getJson(`/v3/${PROJECT_PATH}/conversations?${withCursor}`, { 'x-api-key': KEYS.conversations }, signal),
    'conversations answer',
  );
  const cursorValue = body['cursor'];
  return {
    conversations: array(body['conversations'], 'conversations').map(parseConversation),
    cursor: typeof cursorValue === 'string' && cursorValue !== '' ? cursorValue : null,
  };
}

/** The most a listing reads (the API's largest page, ten times): beyond, the console says so. */
export const MAX_LISTED = 50_000;
const LARGEST_PAGE = 5_000;

/**
 * Every conversation matching `params`, following the cursor to its end (or MAX_LISTED). The API
 * answers oldest first, so a list that shows the newest first needs them all.
 */
export async function fetchEveryConversation(
  params: URLSearchParams,
  signal?: AbortSignal,
): Promise<{ conversations: Conversation[]; capped: boolean }> {
  const whole = new URLSearchParams(params);
  whole.set('limit', String(LARGEST_PAGE));
  const conversations: Conversation[] = [];
  let cursor: string | null = null;
  do {
    const page = await fetchConversations(whole, cursor, signal);
    conversations.push(...page.conversations);
    cursor = page.cursor;
  } while (cursor && conversations.length < MAX_LISTED);
  return { conversations, capped: cursor !== null };
}

/** One record, found by its start time (the Conversations API has no read by id). */
export async function fetchConversation(id: string, startedAt: string, environment: string, signal?: AbortSignal): Promise<Conversation> {
  const start = Date.parse(startedAt);
  if (Number.isNaN(start)) throw new WireError(`no start time for ${id}`);
  const params = new URLSearchParams({
    client_env: environment || 'live',
    start_time: new Date(start).toISOString(),
    end_time: new Date(start + 1).toISOString(),
    include_latency: 'true',
    limit: '100',
  });
  const page = await fetchConversations(params, null, signal);
  const found = page.conversations.find((conversation) => conversation.id === id);
  if (!found) throw new ApiError(404, `Conversation ${id} was not found`);
  return found;
}

export function parseConversation(value: unknown): Conversation {
  const record = object(value, 'conversation');
  const state = record['state'];
  return {
    id: text(record, 'id'),
    startedAt: text(record, 'started_at'),
    channel: text(record, 'channel'),
    environment: text(record, 'environment'),
    variantName: text(record, 'variant_name'),
    inProgress: flag(record, 'in_progress'),
    numTurns: number(record, 'num_turns') ?? 0,
    totalDuration: number(record, 'total_duration'),
    serviceDuration: number(record, 'service_duration'),
    handoff: flag(record, 'handoff'),
    handoffReason: text(record, 'handoff_reason'),
    handoffDestination: text(record, 'handoff_destination'),
    fromNumber: text(record, 'from_number'),
    toNumber: text(record, 'to_number'),
    state: isObject(state) ? state : {},
    turns: Array.isArray(record['turns']) ? record['turns'].map(parseTurn) : [],
  };
}

function parseTurn(value: unknown): Turn {
  const turn = object(value, 'turn');
  return {
    userInput: text(turn, 'user_input'),
    userAt: text(turn, 'user_input_datetime'),
    agentResponse: text(turn, 'agent_response'),
    agentAt: text(turn, 'agent_response_datetime'),
    latencyMs: number(turn, 'latency'),
    intents: strings(turn, 'intents'),
    bargeIn: flag(turn, 'barge_in'),
    isOod: flag(turn, 'is_ood'),
    isSilence: flag(turn, 'is_silence'),
  };
}

export interface Interval {
  time: number;
  max: number;
}

export interface ConcurrencyRange {
  from: string;
  to: string;
  environment: string;
  variantId: string;
}

async function concurrencyIntervals(range: ConcurrencyRange, sliceByVariant: boolean, signal?: AbortSignal): Promise<JsonObject[]> {
  const params = new URLSearchParams({ start_time: range.from, end_time: range.to, client_env: range.environment || 'live' });
  if (range.variantId) params.set('variant_id', range.variantId);
  if (sliceByVariant) params.set('slice_by', 'variant');
  const body = object(
    await getJson(`/v1/${PROJECT_PATH}/conversations/concurrency?${params}`, { 'x-api-key': KEYS.conversations }, signal),
    'concurrency answer',
  );
  return array(body['intervals'], 'intervals').map((value) => object(value, 'interval'));
}

function intervalOf(interval: JsonObject): Interval {
  return { time: Date.parse(text(interval, 'time')), max: number(interval, 'max_concurrent_conversations') ?? 0 };
}

function inTimeOrder(intervals: Interval[]): Interval[] {
  return intervals.filter((interval) => !Number.isNaN(interval.time)).sort((a, b) => a.time - b.time);
}

export async function fetchConcurrency(range: ConcurrencyRange, signal?: AbortSignal): Promise<Interval[]> {
  return inTimeOrder((await concurrencyIntervals(range, false, signal)).map(intervalOf));
}

export interface VariantSeries {
  variantId: string;
  variantName: string;
  intervals: Interval[];
}

/** `slice_by=variant`: one series per variant that had conversations in the range, in `variant_id` order. */
export async function fetchConcurrencyByVariant(range: ConcurrencyRange, signal?: AbortSignal): Promise<VariantSeries[]> {
  return seriesByVariant(await concurrencyIntervals(range, true, signal));
}

export function seriesByVariant(intervals: readonly JsonObject[]): VariantSeries[] {
  const series = new Map<string, VariantSeries>();
  for (const interval of intervals) {
    const variantId = text(interval, 'variant_id');
    const entry = series.get(variantId) ?? { variantId, variantName: text(interval, 'variant_name'), intervals: [] };
    entry.intervals.push(intervalOf(interval));
    series.set(variantId, entry);
  }
  return [...series.values()]
    .map((entry) => ({ ...entry, intervals: inTimeOrder(entry.intervals) }))
    .sort((a, b) => (a.variantId < b.variantId ? -1 : a.variantId > b.variantId ? 1 : 0));
}

export interface CallStatusChange {
  status: string;
  reason: string;
  at: string;
}

export interface Call {
  sid: string;
  status: string;
  reason: string;
  toNumber: string;
  createdAt: string;
  conversationId: string | null;
  conversationStartedAt: string | null;
  history: CallStatusChange[];
}

export async function fetchCalls(signal?: AbortSignal): Promise<Call[]> {
  const body = object(await getJson('/console/api/calls', { 'X-Service-Auth-Token': KEYS.outbound }, signal), 'calls answer');
  return array(body['data'], 'calls').map((value) => {
    const call = object(value, 'call');
    return {
      sid: text(call, 'call_sid'),
      status: text(call, 'status'),
      reason: text(call, 'reason'),
      toNumber: text(call, 'to_number'),
      createdAt: text(call, 'created_at'),
      conversationId: nullableText(call, 'conversation_id'),
      conversationStartedAt: nullableText(call, 'conversation_started_at'),
      history: array(call['history'] ?? [], 'call history').map((change) => {
        const entry = object(change, 'status change');
        return { status: text(entry, 'status'), reason: text(entry, 'reason'), at: text(entry, 'at') };
      }),
    };
  });
}

export interface AlertRule {
  id: string;
  name: string;
  metric: string;
  operator: string;
  threshold: number | null;
  window: string;
  enabled: boolean;
  state: string;
  since: string | null;
  currentValue: number | null;
  lastEvaluatedAt: string | null;
}

export async function fetchAlertRules(signal?: AbortSignal): Promise<AlertRule[]> {
  const body = object(await getJson('/v1/alert-rules', { 'x-api-key': KEYS.build }, signal), 'alert rules answer');
  return array(body['data'], 'alert rules').map((value) => {
    const rule = object(value, 'alert rule');
    return {
      id: text(rule, 'id'),
      name: text(rule, 'name'),
      metric: text(rule, 'metric'),
      operator: text(rule, 'operator'),
      threshold: number(rule, 'threshold_value'),
      window: text(rule, 'window_duration'),
      enabled: flag(rule, 'enabled'),
      state: text(rule, 'current_state'),
      since: nullableText(rule, 'since'),
      currentValue: number(rule, 'current_value'),
      lastEvaluatedAt: nullableText(rule, 'last_evaluated_at'),
    };
  });
}

export interface Delivery {
  webhookId: string;
  eventType: string;
  attempts: number;
  outcome: string;
  status: number | null;
  error: string | null;
  lastAttemptAt: string;
  nextAttemptAt: string | null;
}

export interface WebhookEndpoint {
  id: string;
  name: string;
  url: string;
  eventTypes: string[];
  deliveries: Delivery[];
}

export async function fetchDeliveries(signal?: AbortSignal): Promise<WebhookEndpoint[]> {
  const body = object(await getJson('/console/api/webhook-deliveries', { 'x-api-key': KEYS.build }, signal), 'deliveries answer');
  return array(body['data'], 'webhook endpoints').map((value) => {
    const endpoint = object(value, 'webhook endpoint');
    return {
      id: text(endpoint, 'id'),
      name: text(endpoint, 'name'),
      url: text(endpoint, 'url'),
      eventTypes: strings(endpoint, 'event_types'),
      deliveries: array(endpoint['deliveries'], 'deliveries').map((entry) => {
        const delivery = object(entry, 'delivery');
        return {
          webhookId: text(delivery, 'webhook_id'),
          eventType: text(delivery, 'event_type'),
          attempts: number(delivery, 'attempts') ?? 0,
          outcome: text(delivery, 'outcome'),
          status: number(delivery, 'status'),
          error: nullableText(delivery, 'error'),
          lastAttemptAt: text(delivery, 'last_attempt_at'),
          nextAttemptAt: nullableText(delivery, 'next_attempt_at'),
        };
      }),
    };
  });
}

export const ENVIRONMENTS = ['sandbox', 'pre-release', 'live'] as const;

export interface EnvironmentView {
  environment: string;
  deploymentId: string | null;
  state: string;
  revision: number | null;
  deployedAt: string;
  behavior: string;
  variables: JsonObject;
}

export interface AgentView {
  agentId: string;
  name: string;
  environments: EnvironmentView[];
}

const buildHeaders = { 'x-api-key': KEYS.build };

export async function fetchDeployments(signal?: AbortSignal): Promise<AgentView[]> {
  const agents = array(object(await getJson('/v1/agents', buildHeaders, signal), 'agents answer')['data'], 'agents');
  return Promise.all(
    agents.map(async (value) => {
      const agent = object(value, 'agent');
      const agentId = text(agent, 'agentId');
      const path = `/v1/agents/${encodeURIComponent(agentId)}`;
      const serving = isObject(agent['environments']) ? agent['environments'] : {};
      // Only the deployments serving an environment are shown: read those, not the agent's whole history.
      const servingIds = [...new Set(ENVIRONMENTS.map((environment) => nullableText(serving, environment)))].filter(
        (id): id is string => id !== null,
      );
      const [deployments, configs] = await Promise.all([
        Promise.all(
          servingIds.map(async (id) =>
            object(await getJson(`${path}/deployments/${encodeURIComponent(id)}`, buildHeaders, signal), 'deployment'),
          ),
        ),
        getJson(`${path}/real-time-configs`, buildHeaders, signal).then((body) =>
          array(object(body, 'real-time configs answer')['data'], 'real-time configs'),
        ),
      ]);
      return {
        agentId,
        name: text(agent, 'name'),
        environments: ENVIRONMENTS.map((environment) => {
          const deploymentId = nullableText(serving, environment);
          const deployment = deployments.find((entry) => text(entry, 'id') === deploymentId);
          const config = configs.map((entry) => object(entry, 'real-time config')).find((entry) => text(entry, 'segment') === environment);
          const variables = config && isObject(config['variables']) ? config['variables'] : {};
          return {
            environment,
            deploymentId,
            state: deployment ? text(deployment, 'state') : '',
            revision: deployment ? number(deployment, 'revision') : null,
            deployedAt: deployment ? text(deployment, 'updatedAt') : '',
            behavior: deployment ? text(deployment, 'behavior') : '',
            variables,
          };
        }),
      };
    }),
  );
}

/** The agent behind the demo project's conversations (CONTRACT.md): its deployments hold their variants. */
export const PROJECT_AGENT = 'demo-agent';

export interface DeployedVariant {
  id: string;
  name: string;
  isDefault: boolean;
}

/**
 * The variants a conversation in `environment` may run: those of the deployment serving there, as
 * the Agents API lists them (the ids the Conversations API's `variant_id` filter takes). None when
 * nothing is deployed there.
 */
export async function fetchDeployedVariants(environment: string, signal?: AbortSignal): Promise<DeployedVariant[]> {
  const path = `/v1/agents/${PROJECT_AGENT}`;
  const agent = object(await getJson(path, buildHeaders, signal), 'agent');
  const serving = isObject(agent['environments']) ? agent['environments'] : {};
  const deploymentId = nullableText(serving, environment);
  if (!deploymentId) return [];
  const deployment = object(await getJson(`${path}/deployments/${encodeURIComponent(deploymentId)}`, buildHeaders, signal), 'deployment');
  return parseVariants(deployment['variants']);
}

export function parseVariants(value: unknown): DeployedVariant[] {
  return array(value, 'variants')
    .map((entry) => {
      const variant = object(entry, 'variant');
      return { id: text(variant, 'id'), name: text(variant, 'name'), isDefault: flag(variant, 'isDefault') };
    })
    .filter((variant) => variant.id !== '');
}

/** What the demo agent greets with in an environment: the real-time `greeting`, else the deployed `Greeting:` line. */
export function greetingOf(environment: EnvironmentView): { text: string; source: 'real-time variable' | 'deployed behavior' } | null {
  const variable = environment.variables['greeting'];
  if (typeof variable === 'string' && variable !== '') return { text: variable, source: 'real-time variable' };
  const line = /^Greeting:[ \t]*(.+)$/m.exec(environment.behavior);
  return line?.[1] ? { text: line[1].trim(), source: 'deployed behavior' } : null;
}
