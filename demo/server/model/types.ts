// The facts every API reads: conversations with their turns, and time-stamped incidents.
// Times are epoch milliseconds; the APIs format them.

export const ENVIRONMENTS = ['sandbox', 'pre-release', 'live'] as const;
export type Environment = (typeof ENVIRONMENTS)[number];

export const CHANNELS = ['WEBCHAT', 'CHAT', 'VOICE-SIP'] as const;
export type Channel = (typeof CHANNELS)[number];

export function isEnvironment(value: unknown): value is Environment {
  return typeof value === 'string' && (ENVIRONMENTS as readonly string[]).includes(value);
}

export interface TurnRecord {
  /** The visitor's text as sent ('' for the greeting turn and for silence). */
  userInput: string;
  userInputDtmf: string;
  userInputAt: number;
  agentResponse: string;
  agentResponseAt: number;
  /** From the input reaching the agent to the reply's last word being sent. */
  latencyMs: number;
  intents: readonly string[];
  entities: Readonly<Record<string, string>>;
  isOod: boolean;
  isSilence: boolean;
  bargeIn: boolean;
}

export interface HandoffRecord {
  reason: string;
  destination: string;
  /** When the agent handed over; service time ends here. */
  at: number;
}

export interface BridgeRecord {
  bridgeDurationSeconds: number;
  callDurationSeconds: number;
  at: number;
}

export interface ConversationRecord {
  readonly id: string;
  /** Insertion order; breaks ties between conversations started in the same millisecond. */
  readonly seq: number;
  readonly accountId: string;
  readonly projectId: string;
  readonly environment: Environment;
  readonly channel: Channel;
  readonly variantId: string;
  readonly variantName: string;
  readonly fromNumber: string;
  readonly toNumber: string;
  readonly language: string;
  readonly startedAt: number;
  endedAt: number | undefined;
  /** `conv.state`: built-ins (from_, to, call_sid…) and whatever the conversation stored. */
  readonly state: Record<string, unknown>;
  handoff: HandoffRecord | undefined;
  bridge: BridgeRecord | undefined;
  readonly turns: TurnRecord[];
}

export interface NewConversation {
  id: string;
  projectId: string;
  environment: Environment;
  channel: Channel;
  /** One of the variants deployed in `environment`; omitted: the deployed default. */
  variantId?: string;
  fromNumber?: string;
  toNumber?: string;
  language?: string;
  startedAt?: number;
  endedAt?: number;
  state?: Record<string, unknown>;
}

export type IncidentKind = 'api_error' | 'function_error' | 'call_crash';

export interface MetricsWindow {
  /** The account (slug) whose figures count: nothing of another tenant's leaks into a rule. */
  accountId: string;
  /** Epoch ms, inclusive. */
  from: number;
  /** Epoch ms, exclusive. */
  to: number;
  /** Either form (`demo-project` or `PROJECT-demo0001`); omitted means the whole account. */
  projectId?: string;
}

export interface WindowMetrics {
  turnLatenciesMs: number[];
  apiErrors: number;
  functionErrors: number;
  callCrashes: number;
  callVolume: number;
}

export interface ProjectSettings {
  /** Off: records answer `turns: []` while `num_turns` stays right. */
  transcripts: boolean;
  /** Off: `metrics` is `{}`. */
  responseMetrics: boolean;
  /** On: v1 answers only id, started_at, account_id, project_id. */
  v1FieldWhitelist: boolean;
}
