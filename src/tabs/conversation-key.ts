// Tabs share a conversation when their widgets would hold the same one: the options that pick
// the platform, the credentials and the session's shape. The key is a hash of them, so a lock or
// channel name (visible to any script of the origin, and in devtools) never shows the connector
// token in clear.

import type { ClientOptions } from '../contract/client';

/**
 * A short hex name for the conversation the options describe: those that make two widgets the same
 * conversation (docs/contract.md, option `tabs`), in a fixed order, so equal options give equal text
 * (`metadata` as the page wrote it).
 */
export async function conversationKey(options: ClientOptions, digest: (text: string) => Promise<string>): Promise<string> {
  const { messagingUrl, connectorToken, tokenUrl, host, chatUrl, transport = 'auto', streaming = true, metadata } = options;
  const described = { messagingUrl, connectorToken, tokenUrl, host, chatUrl, transport, streaming, metadata };
  return (await digest(`agent-webchat/conversation\n${JSON.stringify(described)}`)).slice(0, 32);
}
