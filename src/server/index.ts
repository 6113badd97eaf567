// `agent-webchat/server`: fetch-standard handlers for a site's backend. Secrets stay here.
// Reference: docs/server.md.
export { createTokenEndpoint, type ContinuityOptions, type TokenEndpointOptions } from './token-endpoint';
export { createChatProxy, type ChatProxyOptions } from './chat-proxy';
export { toNodeListener, type FetchHandler, type NodeListenerOptions, type RequestContext } from './node-adapter';
export { createMemoryBindingStore, type BindingStore, type MemoryBindingStoreOptions, type VisitorBinding } from './binding-store';
export { createRedisBindingStore, type RedisBindingStoreOptions, type RedisClientLike } from './redis-binding-store';
export type { ClientLimitOptions } from './client-limit';
export type { VisitorCookieOptions } from './visitor-cookie';
export {
  verifyAlertWebhook,
  type AlertWebhookEvent,
  type AlertWebhookVerification,
  type VerifyAlertWebhookOptions,
} from './verify-alert-webhook';
export {
  createConversationsClient,
  type ConversationsClient,
  type ConversationsClientOptions,
  type ConversationFilters,
  type Conversation,
  type ConversationTurn,
  type ConversationPage,
  type ConcurrencyQuery,
  type ConcurrencyInterval,
  type ClientEnvironment,
} from './platform/conversations-client';
export {
  createOutboundCallingClient,
  type OutboundCallingClient,
  type OutboundCallingClientOptions,
  type TriggerCallRequest,
  type CallState,
  type CallStatus,
  type CallEncryption,
  type PollOptions,
} from './platform/outbound-calling-client';
export {
  createExternalEventsClient,
  type ExternalEventsClient,
  type ExternalEventsClientOptions,
  type ExternalEvent,
  type ExternalEventBody,
  type EventIdLocation,
  type BridgeEnded,
} from './platform/external-events-client';
export { PlatformApiError, type ClientOptions } from './platform/platform-request';
