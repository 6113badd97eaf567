import { Component, createRef, h } from 'preact';
import type { WebchatClient } from '../contract/client';
import type { FeatureHost } from '../seam/feature-host';
import type { WebchatState } from '../store/state';
import type { Strings } from '../strings/strings';
import { Composer } from './Composer';
import { ConnectionBanner } from './ConnectionBanner';
import { DownloadTranscript } from './DownloadTranscript';
import { EndChatConfirm } from './EndChatConfirm';
import type { FocusTargets } from './focus';
import { PanelHeader } from './PanelHeader';
import { QueueStatus } from './QueueStatus';
import { SessionEnded } from './SessionEnded';
import { Slot } from './Slot';
import { Suggestions } from './Suggestions';
import { Transcript } from './Transcript';
import { TypingIndicator } from './TypingIndicator';
import { transcriptText } from './transcript-text';

/** Phones: screens this narrow or less show the panel full screen. Matches the stylesheet's media query. */
const PHONE_MAX_WIDTH = 480;

export interface PanelProps {
  client: WebchatClient;
  state: WebchatState;
  strings: Strings;
  title: string;
  panelId: string;
  open: boolean;
  /** Built ahead of its first opening: laid out but invisible. */
  prepared: boolean;
  ended: boolean;
  inline: boolean;
  focusTargets: FocusTargets;
  /** Agent text as Markdown. */
  markdown: boolean;
  onClose(): void;
  onRetry(clientEventId: string): void;
  /** The loaded optional features (src/seam). */
  features?: FeatureHost | undefined;
}

/** The non-modal dialog: header, banners, transcript, and what sits between it and the composer. */
export class Panel extends Component<PanelProps, { confirmingEnd: boolean }> {
  override state = { confirmingEnd: false };
  #panel = createRef<HTMLDivElement>();
  #endChatButton = createRef<HTMLButtonElement>();
  /** Detaches the features' hooks on the panel's element. */
  #detachFeatures: (() => void)[] = [];
  /** The features' panel hooks attached so far (the host's list is replaced when a feature arrives). */
  #attached: readonly ((panel: HTMLElement) => () => void)[] = [];

  override componentDidMount(): void {
    this.#attachFeatures();
    window.visualViewport?.addEventListener('resize', this.#fitToVisualViewport);
    window.visualViewport?.addEventListener('scroll', this.#fitToVisualViewport);
    this.#fitToVisualViewport();
  }

  override componentDidUpdate(previous: Readonly<PanelProps>): void {
    if (previous.open !== this.props.open) this.#fitToVisualViewport();
    this.#attachFeatures();
  }

  override componentWillUnmount(): void {
    for (const detach of this.#detachFeatures.splice(0)) detach();
    window.visualViewport?.removeEventListener('resize', this.#fitToVisualViewport);
    window.visualViewport?.removeEventListener('scroll', this.#fitToVisualViewport);
  }

  /** Hands the panel's element to the features that listen on it, also to those that arrive later (npm). */
  #attachFeatures(): void {
    const hooks = this.props.features?.panel ?? [];
    const element = this.#panel.current;
    if (hooks === this.#attached || !element) return;
    const fresh = hooks.filter((hook) => !this.#attached.includes(hook));
    this.#attached = hooks;
    for (const hook of fresh) this.#detachFeatures.push(hook(element));
  }

  /**
   * Keeps the full-screen phone panel above the on-screen keyboard: sized to the visual viewport
   * while the floating panel is open. Wider screens keep the stylesheet's size.
   */
  #fitToVisualViewport = () => {
    const viewport = window.visualViewport;
    const style = this.#panel.current?.style;
    if (!viewport || !style) return;
    const phone = this.props.open && !this.props.inline && innerWidth <= PHONE_MAX_WIDTH;
    style.height = phone ? `${viewport.height}px` : '';
    style.top = phone ? `${viewport.offsetTop}px` : '';
  };

  #cancelEnd = () => {
    this.setState({ confirmingEnd: false });
    this.#endChatButton.current?.focus();
  };

  #confirmEnd = () => {
    this.setState({ confirmingEnd: false });
    // Until the end arrives, the composer; then "Start new conversation" (Webchat's focus moves).
    this.props.focusTargets.composer.current?.focus();
    this.props.client.endSession();
  };

  #chooseSuggestion = (text: string, event: MouseEvent) => {
    this.props.client.send(text);
    // The used suggestion disappears: keep focus in the panel, in the composer — except after a
    // touch tap, where that would pop up the on-screen keyboard.
    if (!event.detail || !window.matchMedia?.('(pointer:coarse)').matches) this.props.focusTargets.composer.current?.focus();
  };

  override render(
    {
      client,
      state,
      strings,
      title,
      panelId,
      open,
      prepared,
      ended,
      inline,
      focusTargets,
      markdown,
      onClose,
      onRetry,
      features,
    }: PanelProps,
    { confirmingEnd }: { confirmingEnd: boolean },
  ) {
    const { handoff } = state;
    // A suggestion a feature acts on itself is the feature's to show ("Call me" opens its form).
    const claimed = (suggestion: { text: string }) => !!features?.claimsSuggestion(suggestion.text);
    const suggestions = state.suggestions.some(claimed)
      ? state.suggestions.filter((suggestion) => !claimed(suggestion))
      : state.suggestions;
    const speaker = (handoff.stage === 'live-agent-joined' && state.liveAgent) || state.agent;
    const waitingForPerson = (handoff.stage === 'started' || handoff.stage === 'queued') && handoff.queue;
    const typing = !ended && state.typing;
    return (
      <div
        ref={this.#panel}
        class="panel"
        id={panelId}
        role="dialog"
        aria-label={title}
        hidden={!open && !prepared}
        data-prepared={prepared ? '' : undefined}
        onKeyDown={(event) => {
          if (event.key !== 'Escape' || event.isComposing) return;
          // A feature may use Escape first (voice silences speech); the next one closes.
          if (features?.escape()) return;
          if (confirmingEnd) this.#cancelEnd();
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
          endChatButtonRef={this.#endChatButton}
          closeButtonRef={focusTargets.closeButton}
          onToggleEndConfirm={() => this.setState({ confirmingEnd: !confirmingEnd })}
          onClose={onClose}
        >
          {state.items.some((item) => item.kind !== 'system') && (
            <DownloadTranscript strings={strings} text={() => transcriptText(client.store.getState().items, { strings, markdown })} />
          )}
          <Slot features={features} name="header-actions" props={{ ended }} />
        </PanelHeader>
        {confirmingEnd && !ended && <EndChatConfirm strings={strings} onConfirm={this.#confirmEnd} onCancel={this.#cancelEnd} />}
        <ConnectionBanner
          status={state.status}
          errorCode={state.error?.code}
          ended={ended}
          shown={open}
          strings={strings}
          client={client}
        />
        <Transcript
          items={state.items}
          ended={ended}
          open={open}
          strings={strings}
          markdown={markdown}
          onRetry={onRetry}
          features={features}
        />
        {typing && <TypingIndicator typing={typing} liveAgentName={state.liveAgent?.name} strings={strings} />}
        {waitingForPerson && <QueueStatus queue={waitingForPerson} strings={strings} />}
        {!ended && suggestions.length > 0 && <Suggestions suggestions={suggestions} onChoose={this.#chooseSuggestion} />}
        <Slot features={features} name="above-composer" props={{ ended, panelId }} />
        {ended && (
          <SessionEnded
            reason={state.ended?.reason}
            strings={strings}
            buttonRef={focusTargets.newConversationButton}
            onNewConversation={() => client.newConversation()}
          >
            <Slot features={features} name="after-end" props={{ reason: state.ended?.reason }} />
          </SessionEnded>
        )}
        <Composer
          client={client}
          strings={strings}
          ended={ended}
          maxMessageBytes={state.capabilities.maxMessageSizeBytes}
          counterId={`${panelId}-byte-counter`}
          textareaRef={focusTargets.composer}
          features={features}
        />
      </div>
    );
  }
}
