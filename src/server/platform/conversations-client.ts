// Conversations and Concurrent Calls from a site's backend. `pages()` walks v3 cursor pages with
// the filters kept identical, as the platform requires; `conversations()` yields one record at a
// time across them. The platform names no transient status for these APIs: no retries.

import type { components } from './platform-api';
import { type ClientOptions, callPlatform, isObject, malformed } from './platform-request';
import { WireReader } from './wire-reader';

export interface ConversationsClientOptions extends ClientOptions {
  /** `x-api-key` with Conversations data permission. Keep it on the server. */
  apiKey: string;
  accountId: string;
  projectId: string;
}

export type ClientEnvironment = components['schemas']['ConversationV3']['environment'];

export interface ConversationFilters {
  /** ISO 8601; required with `search` or `sample`. */
  startTime?: string;
  endTime?: string;
  clientEnv?: ClientEnvironment;
  channels?: readonly string[];
  variantId?: string;
  variantName?: string;
  inProgress?: boolean;
  includeLatency?: boolean;
  search?: { type: 'transcript'; query: string; turnType?: 'user' | 'agent' } | { type: 'semantic'; query: string };
  sample?: 'random';
  /** Per page, 1–5000. Default 100. */
  limit?: number;
}

/** A turn as the Conversations API v3 answers it (the OpenAPI document's TurnV3). */
export type ConversationTurn = components['schemas']['TurnV3'];

/** A conversation record as the Conversations API v3 answers it (the OpenAPI document's ConversationV3). */
export type Conversation = components['schemas']['ConversationV3'];

export interface ConversationPage {
  conversations: Conversation[];
  /** Opaque; null on the last page. */
  cursor: string | null;
}

export interface ConcurrencyQuery {
  startTime: string;
  endTime: string;
  clientEnv?: ClientEnvironment;
  variantId?: string;
  variantName?: string;
  language?: string;
  phoneNumber?: string;
  sliceByVariant?: boolean;
}

export interface ConcurrencyInterval {
  time: string;
  maxConcurrentConversations: number;
  variantId?: string;
  variantName?: string;
}

export interface ConversationsClient {
  /** One page (v3). Pass the previous page's cursor for the next one. */
  page(filters: ConversationFilters, cursor?: string, signal?: AbortSignal): Promise<ConversationPage>;
  /** Every page, following the cursor until it is null. */
  pages(filters: ConversationFilters, signal?: AbortSignal): AsyncIterableIterator<ConversationPage>;
  /** Every conversation, page after page. */
  conversations(filters: ConversationFilters, signal?: AbortSignal): AsyncIterableIterator<Conversation>;
  concurrency(query: ConcurrencyQuery, signal?: AbortSignal): Promise<ConcurrencyInterval[]>;
}

const SERVICE = 'Conversations API';

export function createConversationsClient(options: ConversationsClientOptions): ConversationsClient {
  const root = `/${encodeURIComponent(options.accountId)}/${encodeURIComponent(options.projectId)}/conversations`;
  const base = {
    method: 'GET' as const,
    headers: { 'x-api-key': options.apiKey },
    secret: options.apiKey,
    transient: [],
    service: SERVICE,
  };

  const page = async (filters: ConversationFilters, cursor?: string, signal?: AbortSignal): Promise<ConversationPage> => {
    const query = filterQuery(filters);
    if (cursor !== undefined) query.set('cursor', cursor);
    const answer = await callPlatform(options, { ...base, path: `/v3${root}?${query.toString()}` }, signal);
    return parsePage(answer.body);
  };

  async function* pages(filters: ConversationFilters, signal?: AbortSignal): AsyncIterableIterator<ConversationPage> {
    // The same filters object for every request: the cursor is only valid with identical filters.
    const fixed = { ...filters };
    let cursor: string | undefined;
    do {
      const next = await page(fixed, cursor, signal);
      yield next;
      cursor = next.cursor ?? undefined;
    } while (cursor !== undefined && fixed.sample === undefined);
  }

  async function* conversations(filters: ConversationFilters, signal?: AbortSignal): AsyncIterableIterator<Conversation> {
    for await (const next of pages(filters, signal)) yield* next.conversations;
  }

  return {
    page,
    pages,
    conversations,
    async concurrency(query, signal) {
      const params = new URLSearchParams({ start_time: query.startTime, end_time: query.endTime });
      if (query.clientEnv) params.set('client_env', query.clientEnv);
      if (query.variantId !== undefined) params.set('variant_id', query.variantId);
      if (query.variantName !== undefined) params.set('variant_name', query.variantName);
      if (query.language !== undefined) params.set('language', query.language);
      if (query.phoneNumber !== undefined) params.set('phone_number', query.phoneNumber);
      if (query.sliceByVariant) params.set('slice_by', 'variant');
      const answer = await callPlatform(
        options,
        { ...base, service: 'Concurrent Calls API', path: `/v1${root}/concurrency?${params.toString()}` },
        signal,
      );
      const intervals = isObject(answer.body) ? answer.body['intervals'] : undefined;
      if (!Array.isArray(intervals)) throw malformed('Concurrent Calls API', 'intervals');
      return intervals.map(parseInterval);
    },
  };
}

function filterQuery(filters: ConversationFilters): URLSearchParams {
  const query = new URLSearchParams({ limit: String(filters.limit ?? 100) });
  if (filters.startTime !== undefined) query.set('start_time', filters.startTime);
  if (filters.endTime !== undefined) query.set('end_time', filters.endTime);
  if (filters.clientEnv) query.set('client_env', filters.clientEnv);
  for (const channel of filters.channels ?? []) query.append('channel', channel);
  if (filters.variantId !== undefined) query.set('variant_id', filters.variantId);
  if (filters.variantName !== undefined) query.set('variant_name', filters.variantName);
  if (filters.inProgress !== undefined) query.set('in_progress', String(filters.inProgress));
  if (filters.includeLatency) query.set('include_latency', 'true');
  if (filters.search) {
    query.set('query_type', filters.search.type);
    query.set('query', filters.search.query);
    if (filters.search.type === 'transcript' && filters.search.turnType) query.set('turn_type', filters.search.turnType);
  }
  if (filters.sample) query.set('sample', filters.sample);
  return query;
}

function parsePage(body: unknown): ConversationPage {
  if (!isObject(body) || !Array.isArray(body['conversations'])) throw malformed(SERVICE, 'conversations');
  const cursor = body['cursor'];
  if (cursor !== null && typeof cursor !== 'string') throw malformed(SERVICE, 'cursor');
  return { conversations: body['conversations'].map(parseConversation), cursor };
}

const ENVIRONMENTS = ['sandbox', 'pre-release', 'live'] as const;

function parseConversation(value: unknown): Conversation {
  const read = WireReader.of(value, SERVICE, 'conversation');
  const metrics = WireReader.of(read.object('metrics'), SERVICE, 'conversation.metrics');
  const callDuration = metrics.optionalString('CALL_DURATION');
  const callTurns = metrics.optionalStrings('CALL_TURN');
  return {
    id: read.string('id'),
    account_id: read.string('account_id'),
    project_id: read.string('project_id'),
    variant_id: read.string('variant_id'),
    variant_name: read.string('variant_name'),
    environment: read.oneOf('environment', ENVIRONMENTS),
    started_at: read.string('started_at'),
    channel: read.string('channel'),
    from_number: read.string('from_number'),
    to_number: read.string('to_number'),
    in_progress: read.boolean('in_progress'),
    num_turns: read.number('num_turns'),
    total_duration: read.number('total_duration'),
    service_duration: read.number('service_duration'),
    handoff: read.boolean('handoff'),
    handoff_reason: read.string('handoff_reason'),
    handoff_destination: read.string('handoff_destination'),
    num_silences: read.number('num_silences'),
    num_ood: read.number('num_ood'),
    metrics: {
      ...(callDuration === undefined ? {} : { CALL_DURATION: callDuration }),
      ...(callTurns === undefined ? {} : { CALL_TURN: callTurns }),
    },
    state: read.object('state'),
    turns: read.array('turns').map(parseTurn),
  };
}

function parseTurn(value: unknown): ConversationTurn {
  const read = WireReader.of(value, SERVICE, 'turn');
  const turn: ConversationTurn = {
    user_input: read.string('user_input'),
    user_input_dtmf: read.string('user_input_dtmf'),
    user_input_datetime: read.string('user_input_datetime'),
    barge_in: read.boolean('barge_in'),
    agent_response: read.string('agent_response'),
    agent_response_datetime: read.string('agent_response_datetime'),
    intents: read.strings('intents'),
    entities: read.objectOrArray('entities'),
    is_ood: read.boolean('is_ood'),
    is_silence: read.boolean('is_silence'),
  };
  const translated = read.optionalString('translated_user_input');
  const english = read.optionalString('english_agent_response');
  const latency = read.optionalNumber('latency');
  if (translated !== undefined) turn.translated_user_input = translated;
  if (english !== undefined) turn.english_agent_response = english;
  if (latency !== undefined) turn.latency = latency;
  return turn;
}

function parseInterval(value: unknown): ConcurrencyInterval {
  if (!isObject(value)) throw malformed('Concurrent Calls API', 'interval');
  const { time, max_concurrent_conversations: peak, variant_id, variant_name } = value;
  if (typeof time !== 'string' || typeof peak !== 'number') throw malformed('Concurrent Calls API', 'interval');
  const interval: ConcurrencyInterval = { time, maxConcurrentConversations: peak };
  if (typeof variant_id === 'string') interval.variantId = variant_id;
  if (typeof variant_name === 'string') interval.variantName = variant_name;
  return interval;
}
