import type { Ref } from 'preact';
import type { FeatureText } from '../../seam/types';
import { h } from '../kit';
import type { HistorySession } from './history-session';
import { SessionView } from './session-view';
import type { Key } from './strings/en';

interface EarlierButtonProps {
  session: HistorySession;
  text: FeatureText<Key>;
  buttonRef: Ref<HTMLButtonElement>;
  onOpen(): void;
}

/** "Earlier conversations" in the panel's header, there only while the visitor has some. */
export class EarlierButton extends SessionView<EarlierButtonProps> {
  override render({ session, text, buttonRef, onOpen }: EarlierButtonProps) {
    const { conversations, page } = session.view();
    if (!conversations.length && page.kind === 'closed') return null;
    return (
      <button type="button" ref={buttonRef} aria-pressed={page.kind !== 'closed'} onClick={onOpen}>
        {text.translate('earlierConversations')}
      </button>
    );
  }
}
