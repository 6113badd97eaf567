// The Conversations API's parameters and rules, read into one checked query: each parameter
// against the OpenAPI document, then the rules between parameters. Anything malformed is a 400
// with a sentence saying why.

import { type Channel, ENVIRONMENTS, type Environment, isEnvironment } from '../model/types';
import { checkQuery } from '../openapi/request-validation';
import { parseIsoInstant } from './iso-instant';

export type Version = 'v1' | 'v2' | 'v3';

export interface ConversationsQuery {
  version: Version;
  startTime: number | undefined;
  endTime: number | undefined;
  environment: Environment;
  /** Channels as records name them; a channel no record has (SMS) stays, and matches nothing. */
  channels: readonly string[] | undefined;
  variantId: string | undefined;
  variantName: string | undefined;
  inProgress: boolean | undefined;
  limit: number;
  offset: number;
  cursor: string | undefined;
  includeLatency: boolean;
  mode:
    | { kind: 'list' }
    | { kind: 'transcript'; query: string; turnType: 'user' | 'agent' | undefined }
    | { kind: 'semantic'; query: string }
    | { kind: 'sample' };
}

export type ParsedQuery = { ok: true; query: ConversationsQuery } | { ok: false; error: string };

/** Channel names are matched without regard to case; `voice` and `chat` are the documented short forms. */
const CHANNEL_ALIASES: Record<string, Channel> = { voice: 'VOICE-SIP', 'voice-sip': 'VOICE-SIP', chat: 'CHAT', webchat: 'WEBCHAT' };

const OPERATIONS: Record<Version, string> = { v1: 'listConversationsV1', v2: 'listConversationsV2', v3: 'listConversationsV3' };

/**
 * Each parameter's type, range and enum are the OpenAPI document's (checkQuery, with its error
 * texts); the rules that tie parameters together are here.
 */
export function parseConversationsQuery(version: Version, params: URLSearchParams): ParsedQuery {
  if (version !== 'v3' && params.has('cursor')) return fail('cursor pagination is available on v3 only');
  const checked = checkQuery(OPERATIONS[version], params);
  if (!checked.ok) return fail(checked.message);
  const value = checked.value;
  const get = (name: string): string | undefined => {
    const item = value[name];
    return typeof item === 'string' ? item : undefined;
  };
  const bool = (name: string): boolean | undefined => {
    const item = value[name];
    return typeof item === 'boolean' ? item : undefined;
  };
  const count = (name: string, fallback: number): number => {
    const item = value[name];
    return typeof item === 'number' ? item : fallback;
  };

  const startTime = time(get('start_time'));
  const endTime = time(get('end_time'));
  if (startTime === null) return fail('start_time must be an ISO 8601 date-time');
  if (endTime === null) return fail('end_time must be an ISO 8601 date-time');
  if (startTime !== undefined && endTime !== undefined && startTime > endTime) return fail('start_time must not be after end_time');

  const environment = get('client_env') ?? 'live';
  if (!isEnvironment(environment)) return fail(`client_env must be one of ${ENVIRONMENTS.join(', ')}`);

  const channelValues = params.getAll('channel');
  // The platform gives channels as examples, not a closed set (its Chat API serves SMS too): a
  // channel this platform has no records of is a filter that matches nothing, not a bad request.
  const channels =
    channelValues.length > 0 ? channelValues.map((value) => CHANNEL_ALIASES[value.toLowerCase()] ?? value.toUpperCase()) : undefined;

  const variantId = get('variant_id');
  const variantName = get('variant_name');
  if (variantId !== undefined && variantName !== undefined) return fail('Give only one of variant_id and variant_name');

  const mode = retrievalMode(get('query_type'), get('sample'), get('query'), get('turn_type'));
  if (!mode.ok) return mode;
  if (mode.value.kind !== 'list' && (startTime === undefined || endTime === undefined))
    return fail('start_time and end_time are required with query_type or sample');

  return {
    ok: true,
    query: {
      version,
      startTime,
      endTime,
      environment,
      channels,
      variantId,
      variantName,
      inProgress: bool('in_progress'),
      limit: count('limit', 5),
      offset: count('offset', 0),
      cursor: get('cursor'),
      includeLatency: bool('include_latency') ?? false,
      mode: mode.value,
    },
  };
}

type Mode = ConversationsQuery['mode'];

function retrievalMode(
  queryType: string | undefined,
  sample: string | undefined,
  query: string | undefined,
  turnType: string | undefined,
): { ok: true; value: Mode } | { ok: false; error: string } {
  if (queryType !== undefined && sample !== undefined) return fail('Only one retrieval mode per request: query_type or sample');
  if (turnType !== undefined && queryType !== 'transcript') return fail('turn_type applies to query_type=transcript only');
  if (sample !== undefined) {
    if (query !== undefined) return fail('query needs query_type, not sample');
    return { ok: true, value: { kind: 'sample' } };
  }
  if (queryType === undefined) {
    if (query !== undefined) return fail('query needs query_type (transcript or semantic)');
    return { ok: true, value: { kind: 'list' } };
  }
  if (query === undefined || query.trim() === '') return fail('query is required with query_type');
  if (queryType === 'semantic') return { ok: true, value: { kind: 'semantic', query } };
  return { ok: true, value: { kind: 'transcript', query, turnType: turnType === 'user' || turnType === 'agent' ? turnType : undefined } };
}

function fail(error: string): { ok: false; error: string } {
  return { ok: false, error };
}

/** Undefined when absent, null when not an instant the calendar has. */
function time(raw: string | undefined): number | undefined | null {
  if (raw === undefined) return undefined;
  return parseIsoInstant(raw) ?? null;
}

/** What must stay identical between cursor pages: everything but limit, offset and cursor. */
export function filterFingerprint(query: ConversationsQuery): string {
  const { limit: _limit, offset: _offset, cursor: _cursor, ...filters } = query;
  return JSON.stringify(filters);
}
