// `agent-webchat/server`: fetch-standard handlers for a site's backend. Secrets stay here.
// Reference: docs/server.md.

export { type BindingStore, createMemoryBindingStore, type MemoryBindingStoreOptions, type VisitorBinding } from './binding-store';
export { type ChatProxyOptions, createChatProxy } from './chat-proxy';
export type { ClientLimitOptions } from './client-limit';
export { type FetchHandler, type NodeListenerOptions, type RequestContext, toNodeListener } from './node-adapter';
export { createRedisBindingStore, type RedisBindingStoreOptions, type RedisClientLike } from './redis-binding-store';
export { type ContinuityOptions, createTokenEndpoint, type TokenEndpointOptions } from './token-endpoint';
export type { VisitorCookieOptions } from './visitor-cookie';
