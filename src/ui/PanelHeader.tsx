import { type ComponentChildren, h, type Ref } from 'preact';
import type { Strings } from '../strings/strings';
import { Avatar } from './Avatar';
import { ICONS, Icon } from './Icon';

export interface PanelHeaderProps {
  title: string;
  /** The agent (or the live agent during a handoff) talking to the visitor, once known. */
  speaker: { name: string; avatarUrl?: string | undefined } | undefined;
  /** Offer "End chat" (a conversation is under way and has not ended). */
  canEnd: boolean;
  confirmingEnd: boolean;
  /** No close button inline. */
  inline: boolean;
  strings: Strings;
  endChatButtonRef: Ref<HTMLButtonElement>;
  closeButtonRef: Ref<HTMLButtonElement>;
  onToggleEndConfirm(): void;
  onClose(): void;
  /** Actions before "End chat": the features' (the "header-actions" slot). */
  children?: ComponentChildren;
}

export function PanelHeader({
  title,
  speaker,
  canEnd,
  confirmingEnd,
  inline,
  strings,
  endChatButtonRef,
  closeButtonRef,
  onToggleEndConfirm,
  onClose,
  children,
}: PanelHeaderProps) {
  return (
    <div class="header">
      {speaker && <Avatar name={speaker.name} url={speaker.avatarUrl} />}
      <div class="header-titles">
        <h2>{title}</h2>
        {speaker && <div data-agent-name="">{speaker.name}</div>}
      </div>
      <div class="header-actions">
        {children}
        {canEnd && (
          <button type="button" ref={endChatButtonRef} aria-expanded={confirmingEnd} onClick={onToggleEndConfirm}>
            {strings.translate('endChat')}
          </button>
        )}
        {!inline && (
          <button type="button" ref={closeButtonRef} aria-label={strings.translate('closeChat')} onClick={onClose}>
            <Icon path={ICONS.close} />
          </button>
        )}
      </div>
    </div>
  );
}
