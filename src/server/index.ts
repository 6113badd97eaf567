// `agent-webchat/server`: fetch-standard handlers for a site's backend. Secrets stay here.
export { createTokenEndpoint, type TokenEndpointOptions } from './token-endpoint';
export { createChatProxy, type ChatProxyOptions } from './chat-proxy';
export { toNodeListener, type FetchHandler } from './node-adapter';
