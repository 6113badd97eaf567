import { h } from 'preact';
import { useRef, useState } from 'preact/hooks';
import type { WebchatClient } from '../client/types';
import type { WebchatState } from '../store/state';
import { Composer } from './Composer';
import { ConnectionBanner } from './ConnectionBanner';
import { EndChatConfirm } from './EndChatConfirm';
import type { FocusTargets } from './hooks/useFocusOnOpenAndEnd';
import { useFitToVisualViewport } from './hooks/useFitToVisualViewport';
import { PanelHeader } from './PanelHeader';
import { QueueStatus } from './QueueStatus';
import { SessionEnded } from './SessionEnded';
import type { Strings } from './strings';
import { Suggestions } from './Suggestions';
import { Transcript } from './Transcript';
import { TypingIndicator } from './TypingIndicator';

export interface PanelProps {
  client: WebchatClient;
  state: WebchatState;
  strings: Strings;
  title: string;
  panelId: string;
  open: boolean;
  ended: boolean;
  inline: boolean;
  focusTargets: FocusTargets;
  onClose(): void;
  /** Agent text as Markdown. */
  markdown: boolean;
  onRetry(clientEventId: string): void;
}

/** The non-modal dialog: header, banners, transcript, and what sits between it and the composer. */
export function Panel({
  client,
  state,
  strings,
  title,
  panelId,
  open,
  ended,
  inline,
  focusTargets,
  markdown,
  onClose,
  onRetry,
}: PanelProps) {
  const [confirmingEnd, setConfirmingEnd] = useState(false);
  const panel = useRef<HTMLDivElement>(null);
  const endChatButton = useRef<HTMLButtonElement>(null);
  const composer = focusTargets.composer;
  useFitToVisualViewport(panel, open && !inline);

  const cancelEnd = () => {
    setConfirmingEnd(false);
    endChatButton.current?.focus();
  };
  const confirmEnd = () => {
    setConfirmingEnd(false);
    // Until the end arrives, the composer; then "Start new conversation" (useFocusOnOpenAndEnd).
    composer.current?.focus();
    client.endSession();
  };
  const chooseSuggestion = (text: string, event: MouseEvent) => {
    client.send(text);
    // The used suggestion disappears: keep focus in the panel, in the composer — except after a
    // touch tap, where that would pop up the on-screen keyboard.
    if (!event.detail || !window.matchMedia?.('(pointer:coarse)').matches) composer.current?.focus();
  };

  const { handoff } = state;
  const speaker = (handoff.stage === 'live-agent-joined' && state.liveAgent) || state.agent;
  const waitingForPerson = (handoff.stage === 'started' || handoff.stage === 'queued') && handoff.queue;
  const typing = !ended && state.typing;
  return (
    <div
      ref={panel}
      class="panel"
      id={panelId}
      role="dialog"
      aria-label={title}
      hidden={!open}
      onKeyDown={(event) => {
        if (event.key !== 'Escape' || event.isComposing) return;
        if (confirmingEnd) cancelEnd();
        else if (!inline) onClose();
      }}
    >
      <PanelHeader
        title={title}
        speaker={speaker}
        canEnd={!ended && (state.agentJoined || state.items.length > 0)}
        confirmingEnd={confirmingEnd}
        inline={inline}
        strings={strings}
        endChatButtonRef={endChatButton}
        closeButtonRef={focusTargets.closeButton}
        onToggleEndConfirm={() => setConfirmingEnd(!confirmingEnd)}
        onClose={onClose}
      />
      {confirmingEnd && !ended && <EndChatConfirm strings={strings} onConfirm={confirmEnd} onCancel={cancelEnd} />}
      <ConnectionBanner status={state.status} errorCode={state.error?.code} ended={ended} strings={strings} client={client} />
      <Transcript items={state.items} ended={ended} open={open} strings={strings} markdown={markdown} onRetry={onRetry} />
      {typing && <TypingIndicator typing={typing} liveAgentName={state.liveAgent?.name} strings={strings} />}
      {waitingForPerson && <QueueStatus queue={waitingForPerson} strings={strings} />}
      {!ended && state.suggestions.length > 0 && <Suggestions suggestions={state.suggestions} onChoose={chooseSuggestion} />}
      {ended && (
        <SessionEnded
          reason={state.ended?.reason}
          strings={strings}
          buttonRef={focusTargets.newConversationButton}
          onNewConversation={() => client.newConversation()}
        />
      )}
      <Composer
        client={client}
        strings={strings}
        ended={ended}
        maxMessageBytes={state.capabilities.maxMessageSizeBytes}
        counterId={`${panelId}-byte-counter`}
        textareaRef={composer}
      />
    </div>
  );
}
