// Entry of src/tabs for the client: share the conversation with the other tabs, or not.

import type { ClientOptions } from '../contract/client';
import type { TabsEnvironment } from '../contract/tabs-environment';
import type { WebchatStore } from '../store/create-store';
import { browserTabsEnvironment } from './environment';
import { type SharedConversation, shareConversation } from './shared-conversation';

export type { TabsEnvironment } from '../contract/tabs-environment';
export type { SharedConversation, TabRole } from './shared-conversation';

/**
 * The conversation shared with the other tabs (option `tabs`, default "shared"), or undefined
 * for "separate" and where Web Locks, BroadcastChannel or Web Crypto is missing. `null` as the
 * environment means "none" (tests of one tab).
 */
export function joinTabs(
  options: ClientOptions,
  local: WebchatStore,
  environment: TabsEnvironment | null | undefined = browserTabsEnvironment(),
): SharedConversation | undefined {
  if (options.tabs === 'separate' || !environment) return undefined;
  return shareConversation(options, local, environment);
}
