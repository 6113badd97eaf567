// A conversation record as the Conversations API shows it, computed from the model: counts and
// durations from the turns, handoff and bridge data; the project's settings decide whether
// turns and metrics are shown. v3 writes empty strings, never null, and so does v2 (the same
// schema); v1, the legacy pipeline, writes null for an empty text, lacks v3's extra turn fields
// and may be limited to a whitelist of fields.

import type { ConversationRecord, ProjectSettings, TurnRecord } from '../model/types';
import { isoTime } from './iso-time';
import type { Version } from './query-params';

export interface ViewOptions {
  version: Version;
  settings: ProjectSettings;
  includeLatency: boolean;
  now: number;
}

export function conversationView(record: ConversationRecord, options: ViewOptions): Record<string, unknown> {
  const { version, settings } = options;
  const text = (value: string): string | null => (version !== 'v1' || value !== '' ? value : null);
  const startedAt = isoTime(record.startedAt);
  if (version === 'v1' && settings.v1FieldWhitelist) {
    return { id: record.id, started_at: startedAt, account_id: record.accountId, project_id: record.projectId };
  }
  const totalSeconds = totalDuration(record, options.now);
  return {
    id: record.id,
    account_id: record.accountId,
    project_id: record.projectId,
    variant_id: text(record.variantId),
    variant_name: text(record.variantName),
    environment: record.environment,
    started_at: startedAt,
    channel: record.channel,
    from_number: text(record.fromNumber),
    to_number: text(record.toNumber),
    in_progress: record.endedAt === undefined,
    num_turns: record.turns.length,
    total_duration: totalSeconds,
    service_duration: serviceDuration(record, totalSeconds),
    handoff: record.handoff !== undefined,
    handoff_reason: text(record.handoff?.reason ?? ''),
    handoff_destination: text(record.handoff?.destination ?? ''),
    num_silences: count(record.turns, (turn) => turn.isSilence),
    num_ood: count(record.turns, (turn) => turn.isOod),
    metrics: settings.responseMetrics ? metrics(record, totalSeconds) : {},
    state: { from_: record.fromNumber, to: record.toNumber, ...record.state },
    turns: settings.transcripts ? record.turns.map((turn) => turnView(turn, options, text)) : [],
  };
}

function turnView(turn: TurnRecord, options: ViewOptions, text: (value: string) => string | null): Record<string, unknown> {
  const view: Record<string, unknown> = {
    user_input: text(turn.userInput),
    user_input_dtmf: text(turn.userInputDtmf),
    user_input_datetime: isoTime(turn.userInputAt),
    barge_in: turn.bargeIn,
    agent_response: text(turn.agentResponse),
    agent_response_datetime: isoTime(turn.agentResponseAt),
    intents: turn.intents,
    entities: turn.entities,
    is_ood: turn.isOod,
    is_silence: turn.isSilence,
  };
  if (options.version !== 'v1') {
    // Translation is not enabled on the reference platform: the fields are there, empty.
    view['translated_user_input'] = text('');
    view['english_agent_response'] = text('');
    if (options.includeLatency) view['latency'] = turn.latencyMs;
  }
  return view;
}

/** Seconds, to the hundredth: the bridge's call duration when one ended, else start to end (or now). */
function totalDuration(record: ConversationRecord, now: number): number {
  if (record.bridge) return record.bridge.callDurationSeconds;
  return seconds((record.endedAt ?? now) - record.startedAt);
}

/** The part the service handled: up to a handoff, or the call minus its bridged part. */
function serviceDuration(record: ConversationRecord, total: number): number {
  if (record.bridge) return Math.max(0, record.bridge.callDurationSeconds - record.bridge.bridgeDurationSeconds);
  if (record.handoff) return Math.min(total, seconds(record.handoff.at - record.startedAt));
  return total;
}

function metrics(record: ConversationRecord, totalSeconds: number): Record<string, unknown> {
  return {
    CALL_DURATION: String(totalSeconds),
    CALL_TURN: record.turns.map((turn) => isoTime(turn.userInputAt)),
  };
}

function seconds(ms: number): number {
  return Math.round(Math.max(0, ms) / 10) / 100;
}

function count(turns: readonly TurnRecord[], test: (turn: TurnRecord) => boolean): number {
  let total = 0;
  for (const turn of turns) if (test(turn)) total += 1;
  return total;
}

/** What each record key means, in the order records carry them. */
const RECORD_DESCRIPTIONS: Readonly<Record<string, string>> = {
  id: 'Conversation id',
  account_id: 'Account id',
  project_id: 'Project id',
  variant_id: 'Variant id',
  variant_name: 'Variant name',
  environment: 'Client environment: live, sandbox or pre-release',
  started_at: 'When the conversation started (ISO 8601, UTC)',
  channel: 'Channel: VOICE-SIP, WEBCHAT or CHAT',
  from_number: 'Caller number (the agent line on an outbound call)',
  to_number: 'Agent number (the number called on an outbound call)',
  in_progress: 'Whether the conversation is still active',
  num_turns: 'Number of turns (correct even when turns is empty)',
  total_duration: 'Duration in seconds',
  service_duration: 'Seconds handled by the service',
  handoff: 'Whether the conversation was handed off',
  handoff_reason: 'Why it was handed off',
  handoff_destination: 'Where it was handed off to',
  num_silences: 'Number of silence turns',
  num_ood: 'Number of out-of-domain turns',
  metrics: 'Response metrics (CALL_DURATION, CALL_TURN); empty when response metrics are off',
  state: 'Conversation state variables, built-in and custom',
  turns: 'Ordered turns; empty when transcripts are off for the project',
};

/** What each turn key means; the last three are v2/v3 only, latency only with include_latency. */
const TURN_DESCRIPTIONS: Readonly<Record<string, string>> = {
  user_input: "Turn: the user's text as received",
  user_input_dtmf: 'Turn: keypad input',
  user_input_datetime: 'Turn: when the agent received the input (ISO 8601, UTC)',
  barge_in: 'Turn: whether the user interrupted the agent',
  agent_response: 'Turn: what the agent answered',
  agent_response_datetime: "Turn: when the answer's last word went out (ISO 8601, UTC)",
  intents: 'Turn: intents detected in the input',
  entities: 'Turn: entities detected in the input, name to value',
  is_ood: 'Turn: whether the input was out of domain',
  is_silence: 'Turn: whether the turn was a silence',
  translated_user_input: 'Turn: the input translated, when translation is enabled',
  english_agent_response: 'Turn: the answer in English, when translation is enabled',
  latency: 'Turn: milliseconds from the input to the answer',
};

const WHITELISTED_V1_KEYS = ['id', 'started_at', 'account_id', 'project_id'];
const V1_TURN_KEYS = Object.keys(TURN_DESCRIPTIONS).slice(0, 10);
const V3_TURN_KEYS = Object.keys(TURN_DESCRIPTIONS).slice(0, 12);

/**
 * The envelope's `descriptions`: every key the answer's records and turns carry, and no other
 * (the v1 whitelist cuts the records down to four keys; hidden transcripts have no turn keys).
 */
export function descriptionsFor(options: Omit<ViewOptions, 'now'>): Record<string, string> {
  const { version, settings } = options;
  const recordKeys = version === 'v1' && settings.v1FieldWhitelist ? WHITELISTED_V1_KEYS : Object.keys(RECORD_DESCRIPTIONS);
  const turnKeys =
    !recordKeys.includes('turns') || !settings.transcripts
      ? []
      : version === 'v1'
        ? V1_TURN_KEYS
        : options.includeLatency
          ? [...V3_TURN_KEYS, 'latency']
          : V3_TURN_KEYS;
  const descriptions: Record<string, string> = {};
  for (const key of recordKeys) descriptions[key] = RECORD_DESCRIPTIONS[key] ?? '';
  for (const key of turnKeys) descriptions[key] = TURN_DESCRIPTIONS[key] ?? '';
  return descriptions;
}
