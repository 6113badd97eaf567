import { h } from 'preact';
import type { WebchatState } from '../store/state';
import type { Strings } from '../strings/strings';

/** "Ana is typing…": role status with data-typing (agent | live-agent). */
export function TypingIndicator({
  typing,
  liveAgentName,
  strings,
}: {
  typing: NonNullable<WebchatState['typing']>;
  liveAgentName: string | undefined;
  strings: Strings;
}) {
  const { translate } = strings;
  const name = (typing.who === 'live-agent' && (typing.name || liveAgentName)) || translate('agent');
  return (
    <div class="typing-indicator" role="status" data-typing={typing.who}>
      {translate('typing', name)}
    </div>
  );
}
