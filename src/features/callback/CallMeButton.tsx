import type { Ref } from 'preact';
import type { CallbackSession } from '../../callback/callback-session';
import type { FeatureText } from '../../seam/types';
import { h } from '../kit';
import { SessionView } from './session-view';
import type { Key } from './strings';

interface CallMeButtonProps {
  session: CallbackSession;
  text: FeatureText<Key>;
  buttonRef: Ref<HTMLButtonElement>;
  /** Offered (after a handoff to another channel, or when the agent suggests it): the header's primary action. */
  offered: boolean;
}

/** "Call me" in the panel's header: opens the callback form. */
export class CallMeButton extends SessionView<CallMeButtonProps> {
  override render({ session, text, buttonRef, offered }: CallMeButtonProps) {
    return (
      <button
        type="button"
        ref={buttonRef}
        class={offered ? 'primary' : undefined}
        aria-expanded={session.view().formOpen}
        onClick={() => (session.view().formOpen ? session.closeForm() : session.openForm())}
      >
        {text.translate('callMe')}
      </button>
    );
  }
}
