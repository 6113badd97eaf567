// The channel a feature's shared state travels on (src/seam/feature-state.ts): one per feature and
// conversation, named from the conversation's key like the conversation's own channel.

import type { ClientOptions } from '../contract/client';
import type { ChannelLike, TabsEnvironment } from '../contract/tabs-environment';
import { conversationKey } from './conversation-key';
import { browserTabsEnvironment } from './environment';

/** Opens a feature's channel, or undefined for "separate" tabs and where the browser cannot share. */
export function featureChannels(
  options: ClientOptions,
  environment: TabsEnvironment | null | undefined = browserTabsEnvironment(),
): ((feature: string) => Promise<ChannelLike | undefined>) | undefined {
  if (options.tabs === 'separate' || !environment) return undefined;
  return async (feature) =>
    environment.openChannel(`agent-webchat/feature/${feature}/${await conversationKey(options, environment.digest)}`);
}
