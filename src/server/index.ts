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
  createCallbackEndpoint,
  type CallbackEndpointOptions,
  type CallbackHookContext,
  type CallbackLimits,
} from './callback-endpoint';
export type { ChatTurn } from './call-metadata';
export { createMemoryCallStore, type CallStatus, type CallStore, type VisitorCall } from './call-store';
