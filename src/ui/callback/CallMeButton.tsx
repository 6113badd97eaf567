import { h, type Ref } from 'preact';
import type { CallbackSession } from '../../callback/callback-session';
import type { Strings } from '../../strings/strings';
import { SessionView } from './session-view';

interface CallMeButtonProps {
  session: CallbackSession;
  strings: Strings;
  buttonRef: Ref<HTMLButtonElement>;
  /** Shown as the panel's offer (after a handoff to another channel, or when the agent suggests it). */
  offered?: boolean;
}

/** "Call me": opens the callback form; one on the panel at a time, in the header or as the offer. */
export class CallMeButton extends SessionView<CallMeButtonProps> {
  override render({ session, strings, buttonRef, offered }: CallMeButtonProps) {
    const button = (
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
    return offered ? <div class="callback-offer">{button}</div> : button;
  }
}
