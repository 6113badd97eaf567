// Wire types of the Messaging API (docs/protocol.md §3–§5), as the widget sees them AFTER parsing.
// Parsers in this folder turn untrusted frames into these shapes; nothing else in the widget
// touches raw wire JSON. Field names are camelCase here; the wire's snake_case stays in the parsers.

/** Client → server event kinds (docs/protocol.md §4): exactly these five. */
export type ClientEventType =
  | 'EVENT_TYPE_REQUEST_SERVICE_AGENT_JOIN'
  | 'EVENT_TYPE_USER_MESSAGE'
  | 'EVENT_TYPE_USER_TYPING'
  | 'EVENT_TYPE_USER_END_SESSION'
  | 'EVENT_TYPE_HEARTBEAT';

export type TypingState = 'TYPING_STATE_STARTED' | 'TYPING_STATE_STOPPED';

export type CustomMetadata = Record<string, unknown>;

/** What the client puts on the wire (serialised by protocol/encode.ts). */
export type ClientEvent =
  | { type: 'EVENT_TYPE_REQUEST_SERVICE_AGENT_JOIN'; custom?: CustomMetadata }
  | { type: 'EVENT_TYPE_USER_MESSAGE'; text: string; clientEventId: string; custom?: CustomMetadata }
  | { type: 'EVENT_TYPE_USER_TYPING'; state: TypingState; custom?: CustomMetadata }
  | { type: 'EVENT_TYPE_USER_END_SESSION'; custom?: CustomMetadata }
  | { type: 'EVENT_TYPE_HEARTBEAT'; custom?: CustomMetadata };

export interface Capabilities {
  streaming: boolean;
  maxMessageSizeBytes: number;
  maxReconnectAttempts: number;
  heartbeatIntervalSeconds: number;
}

export type AttachmentKind = 'url' | 'image';

export interface Attachment {
  kind: AttachmentKind;
  title: string;
  previewImageUrl?: string;
  contentUrl?: string;
  callToActionText?: string;
}

export interface Suggestion {
  text: string;
}

export interface LiveAgent {
  id: string;
  name: string;
  avatarUrl?: string;
}

export type SystemLevel = 'info' | 'warning' | 'error';

export type SessionEndReason = 'REASON_USER_END' | 'REASON_USER_ABANDONED' | 'REASON_NATURAL_END' | (string & {});

export type ClientHandoffReason = 'COMPLEX_QUERY' | 'AGENT_DECISION' | 'POLICY' | (string & {});

/** Body of a server event, discriminated by `type` (the wire name, unchanged). */
export type ServerEventBody =
  | { type: 'EVENT_TYPE_SESSION_START'; capabilities: Capabilities }
  | { type: 'EVENT_TYPE_SERVICE_AGENT_JOINED'; agentName: string; agentAvatarUrl?: string }
  | { type: 'EVENT_TYPE_SERVICE_AGENT_THINKING' }
  | {
      type: 'EVENT_TYPE_SERVICE_AGENT_MESSAGE';
      messageId: string;
      text: string;
      attachments: Attachment[];
      suggestions: Suggestion[];
    }
  | {
      type: 'EVENT_TYPE_SERVICE_AGENT_MESSAGE_CHUNK';
      messageId: string;
      text: string;
      attachments: Attachment[];
      suggestions: Suggestion[];
      chunkIndex: number;
      isComplete: boolean;
    }
  | { type: 'EVENT_TYPE_SERVICE_AGENT_LEFT' }
  | { type: 'EVENT_TYPE_SERVICE_AGENT_TRIGGERED_HANDOFF' }
  | { type: 'EVENT_TYPE_HANDOFF_ACCEPTED' }
  | {
      type: 'EVENT_TYPE_HANDOFF_QUEUE_STATUS';
      queueName?: string;
      positionInQueue?: number;
      estimatedWaitSeconds?: number;
    }
  | { type: 'EVENT_TYPE_HANDOFF_FAILED' }
  | { type: 'EVENT_TYPE_HANDOFF_TIMEOUT' }
  | { type: 'EVENT_TYPE_CLIENT_HANDOFF_REQUIRED'; reason: ClientHandoffReason; queueName?: string }
  | { type: 'EVENT_TYPE_LIVE_AGENT_JOINED'; agent: LiveAgent }
  | { type: 'EVENT_TYPE_LIVE_AGENT_TYPING'; state: TypingState; agentId?: string }
  | {
      type: 'EVENT_TYPE_LIVE_AGENT_MESSAGE';
      messageId: string;
      agentId?: string;
      text: string;
      attachments: Attachment[];
      suggestions: Suggestion[];
    }
  | { type: 'EVENT_TYPE_LIVE_AGENT_LEFT' }
  | { type: 'EVENT_TYPE_SESSION_END'; reason: SessionEndReason }
  | { type: 'EVENT_TYPE_SYSTEM_MESSAGE'; level: SystemLevel; message: string }
  | { type: 'EVENT_TYPE_LANGUAGE_CHANGED'; languageCode: string }
  // Echoes of client events, as recorded in the session's history.
  | { type: 'EVENT_TYPE_USER_MESSAGE'; text: string; messageId?: string }
  | { type: 'EVENT_TYPE_REQUEST_SERVICE_AGENT_JOIN' }
  | { type: 'EVENT_TYPE_USER_END_SESSION' }
  | { type: 'EVENT_TYPE_HEARTBEAT' }
  | { type: 'EVENT_TYPE_USER_TYPING'; state: TypingState };

export type ServerEventType = ServerEventBody['type'];

/** Envelope fields every server event carries (docs/protocol.md §3). */
export interface ServerEventMeta {
  id: string;
  /** null for transient events that are not in the history (typing). */
  sequence: number | null;
  timestamp: string;
  /** `metadata.custom.client_event_id` when it is a string: how echoes find their outbox entry. */
  clientEventId?: string;
}

export type ServerEvent = ServerEventMeta & ServerEventBody;

/** Result of parsing one WebSocket frame: a batch is flattened into its events. */
export type FrameParseResult = { ok: true; events: ServerEvent[]; isBatch: boolean; skipped: number } | { ok: false; error: string };
