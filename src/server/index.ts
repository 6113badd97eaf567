// `agent-webchat/server`: fetch-standard handlers for a site's backend. Secrets stay here.
// Reference: docs/server.md.

export { type BindingStore, createMemoryBindingStore, type MemoryBindingStoreOptions, type VisitorBinding } from './binding-store';
export type { ChatTurn } from './call-metadata';
export { type CallStore, createMemoryCallStore, type VisitorCall } from './call-store';
export {
  type CallbackEndpointOptions,
  type CallbackHookContext,
  type CallbackLimits,
  createCallbackEndpoint,
} from './callback-endpoint';
export { type ChatProxyOptions, createChatProxy } from './chat-proxy';
export { createDiskStorage, type DiskStorageOptions } from './disk-storage';
export { createHistoryEndpoint, type HistoryEndpointOptions } from './history-endpoint';
export { DEFAULT_RETENTION_DAYS, type Identify } from './history-key';
export type { HistorySummary, HistoryTurn } from './history-records';
export type { ClientLimitOptions } from './limiter';
export { type FetchHandler, type NodeListenerOptions, type RequestContext, toNodeListener } from './node-adapter';
export {
  type ClientEnvironment,
  type ConcurrencyInterval,
  type ConcurrencyQuery,
  type Conversation,
  type ConversationFilters,
  type ConversationPage,
  type ConversationsClient,
  type ConversationsClientOptions,
  type ConversationTurn,
  createConversationsClient,
} from './platform/conversations-client';
export {
  type BridgeEnded,
  createExternalEventsClient,
  type EventIdLocation,
  type ExternalEvent,
  type ExternalEventBody,
  type ExternalEventsClient,
  type ExternalEventsClientOptions,
} from './platform/external-events-client';
export {
  type CallEncryption,
  type CallState,
  type CallStatus,
  createOutboundCallingClient,
  type OutboundCallingClient,
  type OutboundCallingClientOptions,
  type PollOptions,
  type TriggerCallRequest,
} from './platform/outbound-calling-client';
export { type ClientOptions, PlatformApiError } from './platform/platform-request';
export {
  createRatingEndpoint,
  MAX_COMMENT_CHARS,
  type Rating,
  type RatingEndpointOptions,
  type RatingHookContext,
} from './rating-endpoint';
export { createRedisBindingStore, type RedisBindingStoreOptions, type RedisClientLike } from './redis-binding-store';
export { createS3Storage, type S3StorageOptions } from './s3-storage';
export { REDIS_PREFIX, type SiteRedisClient } from './shared-state';
export { type ContinuityOptions, createTokenEndpoint, type TokenEndpointOptions } from './token-endpoint';
export {
  createUploadEndpoint,
  type UploadCheck,
  type UploadEndpointOptions,
  type UploadLimits,
  type UploadRefusal,
} from './upload-endpoint';
export type { FileSource, FoundFile, StoredFile, UploadStorage } from './upload-storage';
export { DEFAULT_UPLOAD_TYPES, NEVER_ACCEPTED_TYPES } from './upload-type';
export {
  type AlertWebhookEvent,
  type AlertWebhookVerification,
  type VerifyAlertWebhookOptions,
  verifyAlertWebhook,
} from './verify-alert-webhook';
export type { VisitorCookieOptions } from './visitor-cookie';
export type { HistoryChannel, HistoryEntry, HistoryRedisClient, VisitorHistory } from './visitor-history';
