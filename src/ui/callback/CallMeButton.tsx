import { h, type Ref } from 'preact';
import type { CallbackSession } from '../../callback/callback-session';
import type { Strings } from '../../strings/strings';
import { SessionView } from './session-view';

interface CallMeButtonProps {
  session: CallbackSession;
  strings: Strings;
  buttonRef: Ref<HTMLButtonElement>;
  /** Offered (after a handoff to another channel, or when the agent suggests it): the header's primary action. */
  offered: boolean;
}

/** "Call me" in the panel's header: opens the callback form. */
export class CallMeButton extends SessionView<CallMeButtonProps> {
  override render({ session, strings, buttonRef, offered }: CallMeButtonProps) {
    return (
      <button
        type="button"
        ref={buttonRef}
        class={offered ? 'primary' : undefined}
        aria-expanded={session.view().formOpen}
        onClick={() => (session.view().formOpen ? session.closeForm() : session.openForm())}
      >
        {strings.translate('callMe')}
      </button>
    );
  }
}
