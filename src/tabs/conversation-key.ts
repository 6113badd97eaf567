// Tabs share a conversation when their widgets would hold the same one: the options that pick
// the platform, the credentials and the session's shape. The key is a hash of them, so a lock or
// channel name (visible to any script of the origin, and in devtools) never shows the connector
// token in clear.

import type { ClientOptions } from '../client/types';

/**
 * The options that make two widgets the same conversation (CONTRACT.md, option `tabs`), in a
 * fixed order: equal options give equal text (`metadata` as the page wrote it).
 */
export const conversationOptions = (options: ClientOptions) => ({
  messagingUrl: options.messagingUrl,
  connectorToken: options.connectorToken,
  tokenUrl: options.tokenUrl,
  host: options.host,
  chatUrl: options.chatUrl,
  transport: options.transport ?? 'auto',
  streaming: options.streaming ?? true,
  metadata: options.metadata,
});

/** A short hex name for the conversation the options describe. */
export async function conversationKey(options: ClientOptions, digest: (text: string) => Promise<string>): Promise<string> {
  return (await digest(`agent-webchat/conversation\n${JSON.stringify(conversationOptions(options))}`)).slice(0, 32);
}
