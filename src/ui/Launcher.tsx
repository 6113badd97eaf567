import { h, type Ref } from 'preact';
import { badgeText, unreadLabel } from '../strings/attention-strings';
import type { Strings } from '../strings/strings';
import { ICONS, Icon } from './Icon';

export interface LauncherProps {
  open: boolean;
  /** id of the panel it opens. */
  panelId: string;
  /** Agent messages not yet seen (0 while the panel is open). */
  unreadCount: number;
  strings: Strings;
  buttonRef: Ref<HTMLButtonElement>;
  onToggle(): void;
  /** The visitor is about to press it: pointed at (a touch too) or focused. */
  onIntent(): void;
}

/** The floating round button that opens and closes the panel, with the unread badge. */
export function Launcher({ open, panelId, unreadCount, strings, buttonRef, onToggle, onIntent }: LauncherProps) {
  return (
    <button
      type="button"
      ref={buttonRef}
      class="launcher primary"
      aria-label={unreadCount > 0 ? unreadLabel(strings.lang, strings.translate('openChat'), unreadCount) : strings.translate('openChat')}
      aria-expanded={open}
      aria-controls={panelId}
      onClick={onToggle}
      onPointerEnter={onIntent}
      onFocus={onIntent}
    >
      <Icon path={open ? ICONS.chevronDown : ICONS.chat} />
      {unreadCount > 0 && (
        <span class="unread-badge" aria-hidden="true" data-unread={unreadCount}>
          {badgeText(unreadCount)}
        </span>
      )}
    </button>
  );
}
