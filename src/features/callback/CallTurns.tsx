import type { CallbackSession } from '../../callback/callback-session';
import type { FeatureText } from '../../seam/types';
import { h, Markdown } from '../kit';
import { SessionView } from './session-view';
import type { Key } from './strings/en';

/** Turns shown before the visitor asks to read the whole call. */
export const FIRST_TURNS = 3;

interface CallTurnsProps {
  session: CallbackSession;
  text: FeatureText<Key>;
  /** Agent text as Markdown (the widget's `markdown` option). */
  markdown: boolean;
}

let blocks = 0;

/**
 * What was said on the phone, in the transcript once the answered call is over: its first turns,
 * then all of them on request, in the transcript's look. The agent's Markdown goes through the
 * widget's renderer as the agent wrote it; the visitor's words are text.
 */
export class CallTurns extends SessionView<CallTurnsProps, { expanded: boolean }> {
  override state = { expanded: false };
  #id = `call-turns-${++blocks}`;

  override render({ session, text, markdown }: CallTurnsProps, { expanded }: { expanded: boolean }) {
    const { turns } = session.view();
    if (!turns?.length) return null;
    const { core, translate } = text;
    const shown = expanded ? turns : turns.slice(0, FIRST_TURNS);
    return (
      <section class="call-turns" data-call aria-labelledby={`${this.#id}-title`}>
        <p class="call-title" id={`${this.#id}-title`}>
          {translate('call-turns')}
        </p>
        <div class="call-lines" id={this.#id}>
          {shown.map((turn) => {
            const fromVisitor = turn.author === 'visitor';
            return (
              <div class="transcript-item" data-call-author={fromVisitor ? 'user' : turn.author}>
                <span class="visually-hidden">{`${core.translate(fromVisitor ? 'you' : 'agent')}:`}</span>
                <div class="message-body" dir="auto">
                  {markdown && !fromVisitor ? <Markdown text={turn.text} strings={core} /> : turn.text}
                </div>
              </div>
            );
          })}
        </div>
        {turns.length > FIRST_TURNS && (
          <button type="button" aria-expanded={expanded} aria-controls={this.#id} onClick={() => this.setState({ expanded: !expanded })}>
            {translate('readWholeCall')}
          </button>
        )}
      </section>
    );
  }
}
