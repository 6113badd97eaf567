// The store's state: everything a person may see, nothing secret (no token, no connector token).
// `reduce(state, action)` in reducer/index.ts is the only way it changes.

import { DEFAULT_CAPABILITIES } from '../protocol/capabilities';
import type {
  Attachment,
  Capabilities,
  ClientHandoffReason,
  LiveAgent,
  ServerEvent,
  SessionEndReason,
  Suggestion,
  SystemLevel,
} from '../protocol/types';

/** docs/contract.md `data-connection` values. */
export type ConnectionStatus = 'connecting' | 'online' | 'reconnecting' | 'offline' | 'ended' | 'error';

export type UserMessageStatus = 'sending' | 'sent' | 'failed';

export type HandoffStage =
  | 'none'
  | 'started'
  | 'queued'
  | 'live-agent-joined'
  | 'live-agent-left'
  | 'client-required'
  | 'failed'
  | 'timeout';

/** Machine-readable error codes (host `error` event `code`, UI picks the plain-words text). */
export type ErrorCode =
  | 'config' // bad connector token, host not registered, tokenUrl 401: no retry
  | 'network' // cannot reach the messaging host / socket never opened
  | 'rate-limited'
  | 'server' // 5xx
  | 'session-lost' // docs/protocol.md §6.4: attempts exhausted, token expired, 10 min silence, session not found
  | 'protocol' // malformed frames, error system messages from the server
  | 'message-too-long';

export interface WebchatError {
  code: ErrorCode;
  /** Plain words, safe to show and to emit: never contains a token. */
  message: string;
}

export interface UserMessage {
  kind: 'user';
  /** Stable render key: the client_event_id. */
  key: string;
  clientEventId: string;
  text: string;
  status: UserMessageStatus;
  /** Set once the echo arrives. */
  messageId?: string;
  eventId?: string;
  sequence?: number;
  /** Local send time (ISO) until the echo brings the server's. */
  timestamp: string;
  /** Set when a message counts as sent without an echo (REST): see NoticeItem.afterSequence. */
  afterSequence?: number;
}

export interface AgentMessage {
  kind: 'agent' | 'live-agent';
  /** message_id from the wire. */
  key: string;
  messageId: string;
  text: string;
  attachments: Attachment[];
  suggestions: Suggestion[];
  /** true while a streamed reply still misses chunks or its `is_complete` chunk. */
  streaming: boolean;
  authorName?: string;
  avatarUrl?: string;
  /** Live agent's id (agent_id), to name the message after the right join. */
  agentId?: string;
  sequence?: number;
  timestamp: string;
  /** See NoticeItem.afterSequence. */
  afterSequence?: number;
}

/** System notices are data, not text: the UI renders them through its strings table. */
export type Notice =
  | { code: 'handoff-started' }
  | { code: 'handoff-accepted' }
  | { code: 'live-agent-joined'; name: string }
  | { code: 'live-agent-left'; name?: string }
  | { code: 'handoff-failed' }
  | { code: 'handoff-timeout' }
  | { code: 'client-handoff'; reason: ClientHandoffReason; queueName?: string }
  | { code: 'session-ended'; reason: SessionEndReason }
  | { code: 'system'; level: SystemLevel; message: string }
  | { code: 'session-lost' }
  | { code: 'new-conversation' }
  | { code: 'fallback-rest' };

export interface NoticeItem {
  kind: 'system';
  key: string;
  notice: Notice;
  sequence?: number;
  timestamp: string;
  /**
   * Items without a sequence (local notices, REST messages, events with sequence null) sort right
   * after the event whose sequence was the highest applied when they were added.
   */
  afterSequence?: number;
}

export type TranscriptItem = UserMessage | AgentMessage | NoticeItem;

export interface QueueInfo {
  queueName?: string;
  positionInQueue?: number;
  estimatedWaitSeconds?: number;
}

/** Where a streamed message stands: its text holds chunks 1…through; later ones wait in `parts`. */
export interface ChunkAssembly {
  through: number;
  /** Chunks that came ahead of a missing one, by chunk_index (1-based). */
  parts: Record<number, { text: string; attachments: Attachment[]; suggestions: Suggestion[] }>;
  /** chunk_index of the chunk with is_complete: true, once seen. */
  lastIndex?: number;
}

/** A SERVICE_AGENT_JOINED (live: false) or LIVE_AGENT_JOINED, kept so messages get the name of the join before them. */
export type AgentJoin = { sequence: number } & (
  | { live: false; agent: { id?: undefined; name: string; avatarUrl?: string } }
  | { live: true; agent: LiveAgent }
);

/**
 * Reducer bookkeeping that makes out-of-order delivery converge (§6.2): every "latest wins" field
 * remembers the sequence of the event that set it, so an older event arriving late cannot undo a
 * newer one. The UI never reads this.
 */
export interface ReducerMarks {
  /** Sequence of the event that last set each field; -1 before any. */
  typing: number;
  handoff: number;
  language: number;
  capabilities: number;
  suggestions: number;
  /** message_id whose suggestions are shown (its later chunks may still add some). */
  suggestionsFrom?: string;
  /** Sorted by sequence. */
  joins: AgentJoin[];
}

export interface WebchatState {
  status: ConnectionStatus;
  error?: WebchatError;
  capabilities: Capabilities;
  /** Highest `sequence` applied so far: the resume cursor (`seq:<n>`). 0 before any. */
  lastSequence: number;
  /**
   * Ids of applied server events (dedupe, docs/protocol.md §6.2), in two tiers so that a live frame copies
   * only the small `recent` tier (a list: copying it is a memory copy, not a rehash); it folds into
   * the shared, never-mutated `base` once it grows (a Set: copied several times faster than a record).
   */
  appliedIds: { base: ReadonlySet<string>; recent: readonly string[] };
  /** Transcript in display order: by sequence, unsequenced (pending) user messages last. */
  items: TranscriptItem[];
  chunks: Record<string, ChunkAssembly>;
  /** Who is typing right now, if anyone. */
  typing: null | { who: 'agent' | 'live-agent'; name?: string };
  agent?: { name: string; avatarUrl?: string };
  liveAgent?: LiveAgent;
  /** true once EVENT_TYPE_SERVICE_AGENT_JOINED is in the session's history (§6.1). */
  agentJoined: boolean;
  handoff: { stage: HandoffStage; queue?: QueueInfo; reason?: ClientHandoffReason };
  /** Suggestions of the latest agent message; cleared when the user sends. */
  suggestions: Suggestion[];
  language?: string;
  ended?: { reason: SessionEndReason };
  /** Counts agent/live-agent messages, history included (what the launcher shows is `unread`, below). */
  agentMessageCount: number;
  /**
   * Agent and live-agent messages that came complete since the visitor last read the
   * conversation (`unread` action), history not counted. Absent = 0. Shared by the tabs like the
   * rest of the state, so a read in one tab clears every tab.
   */
  unread?: number;
  /**
   * Counts the times a whole transcript arrived at once — the replay that rebuilds a resumed
   * session on a new page, or a tab's snapshot of the conversation: host events take what came
   * then as history, not news (client/host-events.ts). Absent = never.
   */
  restored?: number;
  /** Reducer bookkeeping (absent = nothing applied yet). Optional so hand-written test states stay valid. */
  marks?: ReducerMarks;
}

/**
 * What the client says happened without a server event: a Chat REST turn (its reply, a handoff it
 * asks for) or the end of a session no server can end (REST's end, an unconnected session). Each
 * has an id, so it is applied once, like a server event.
 */
export type LocalEvent =
  | { kind: 'agent-reply'; id: string; text: string }
  | { kind: 'handoff-required'; id: string; reason: ClientHandoffReason; queueName?: string }
  | { kind: 'session-end'; id: string; reason: SessionEndReason };

/** Everything that changes the store. Transport and client dispatch these; the reducer is pure. */
export type StoreAction =
  /**
   * Parsed server events (a flattened batch or a single frame), applied in one pass. `history`:
   * the replay that rebuilds a resumed session's transcript on a new page (counted in `restored`).
   */
  | { type: 'server-events'; events: ServerEvent[]; history?: true }
  /** Events the client makes itself, applied as the server events they stand for (reducer/local-events.ts). */
  | { type: 'local-events'; events: LocalEvent[]; timestamp: string }
  /** The user sent (or the outbox queued) a message. */
  | { type: 'user-send'; clientEventId: string; text: string; timestamp: string }
  | { type: 'user-failed'; clientEventId: string }
  | { type: 'user-retry'; clientEventId: string }
  /** REST transport: the server accepted a message; no echo exists on that transport. */
  | { type: 'user-sent'; clientEventId: string }
  | { type: 'status'; status: ConnectionStatus; error?: WebchatError }
  | { type: 'typing'; typing: WebchatState['typing'] }
  | { type: 'notice'; notice: Notice; timestamp: string }
  /** A new session starts: the transcript is cleared (the client re-queues unsent messages). */
  | { type: 'reset' }
  /** The unread count: 0 once the visitor read the conversation, or the count this tab remembered. */
  | { type: 'unread'; count: number };

export function createInitialState(): WebchatState {
  return {
    status: 'connecting',
    capabilities: { ...DEFAULT_CAPABILITIES },
    lastSequence: 0,
    appliedIds: { base: new Set(), recent: [] },
    items: [],
    chunks: {},
    typing: null,
    agentJoined: false,
    handoff: { stage: 'none' },
    suggestions: [],
    agentMessageCount: 0,
  };
}
