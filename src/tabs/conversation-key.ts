// Tabs share a conversation when their widgets would hold the same one: the options that pick
// the platform, the credentials and the session's shape. The key is a hash of them, so a lock or
// channel name (visible to any script of the origin, and in devtools) never shows the connector
// token in clear.

import type { ClientOptions } from '../client/types';

/** The options that make two widgets the same conversation (CONTRACT.md, option `tabs`). */
export function conversationOptions(options: ClientOptions): Record<string, unknown> {
  return {
    messagingUrl: options.messagingUrl ?? null,
    connectorToken: options.connectorToken ?? null,
    tokenUrl: options.tokenUrl ?? null,
    host: options.host ?? null,
    chatUrl: options.chatUrl ?? null,
    transport: options.transport ?? 'auto',
    streaming: options.streaming ?? true,
    metadata: options.metadata ?? null,
  };
}

/** JSON with object keys sorted at every depth: equal options give equal text. */
export function canonicalJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(',')}]`;
  if (typeof value === 'object' && value !== null) {
    const entries = Object.entries(value)
      .filter(([, v]) => v !== undefined)
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${canonicalJson(v)}`).join(',')}}`;
  }
  return JSON.stringify(value) ?? 'null';
}

/** A short hex name for the conversation the options describe. */
export async function conversationKey(options: ClientOptions, digest: (text: string) => Promise<string>): Promise<string> {
  return (await digest(`agent-webchat/conversation\n${canonicalJson(conversationOptions(options))}`)).slice(0, 32);
}
