import type { CallbackSession } from '../../callback/callback-session';
import type { FeatureText } from '../../seam/types';
import { createRef, h } from '../kit';
import { SessionView } from './session-view';
import type { Key } from './strings';

/** The call's state as a line at the end of the transcript, announced as it changes. */
export class CallbackStatusLine extends SessionView<{ session: CallbackSession; text: FeatureText<Key> }> {
  #line = createRef<HTMLDivElement>();

  override componentDidUpdate(): void {
    // A new state of the call is news: the log shows its end (the log only, never the host page).
    const log = this.#line.current?.parentElement;
    if (log) log.scrollTop = log.scrollHeight;
  }

  override render({ session, text }: { session: CallbackSession; text: FeatureText<Key> }) {
    const { status, reason } = session.view();
    if (!status) return null;
    return (
      <div ref={this.#line} class="notice callback-status" role="status" data-callback={status}>
        {text.translate(`callback-${status}`)}
        {status === 'failed' && reason && ` (${reason})`}
        {status === 'failed' && (
          <button type="button" onClick={session.openForm}>
            {text.core.translate('tryAgain')}
          </button>
        )}
      </div>
    );
  }
}
