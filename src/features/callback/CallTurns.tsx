import type { CallbackSession } from '../../callback/callback-session';
import type { FeatureText } from '../../seam/types';
import { Component, createRef, h, Markdown } from '../kit';
import type { Key } from './strings/en';

/** Turns shown before the visitor asks to read the whole call. */
export const FIRST_TURNS = 3;

interface CallTurnsProps {
  session: CallbackSession;
  /** The texts as of now (read when the block renders). */
  text(): FeatureText<Key>;
  /** Agent text as Markdown (the widget's `markdown` option). */
  markdown: boolean;
  /** The transcript item this place follows (undefined: the end of the log). */
  place: string | undefined;
  /** The item the turns follow now (see callAnchor): only the place that matches shows them. */
  anchor(): string | undefined;
  /** Called after every change of the conversation (the store's subscribe): the call's place may move. */
  subscribe(listener: () => void): () => void;
}

let blocks = 0;

/**
 * What was said on the phone, in the transcript once the answered call is over: its first turns,
 * then all of them on request, in the transcript's look. The agent's Markdown goes through the
 * widget's renderer as the agent wrote it; the visitor's words are text. One is placed after each
 * item of the log (and one at its end); the one at the call's place shows it. The log renders them
 * all again with every change of the conversation: each re-renders only when it starts or stops
 * being the call's place, or the call changes.
 */
export class CallTurns extends Component<CallTurnsProps, { expanded: boolean }> {
  override state = { expanded: false };
  #id = `call-turns-${++blocks}`;
  #block = createRef<HTMLElement>();
  #shown = false;
  #stops: (() => void)[] = [];

  #isShown(): boolean {
    return !!this.props.session.view().turns?.length && this.props.anchor() === this.props.place;
  }

  override componentDidMount(): void {
    const follow = () => {
      if (this.#shown || this.#isShown()) this.forceUpdate();
    };
    this.#stops = [this.props.session.subscribe(follow), this.props.subscribe(follow)];
    this.#shown = !!this.#block.current;
  }

  override componentWillUnmount(): void {
    for (const stop of this.#stops.splice(0)) stop();
  }

  override shouldComponentUpdate(next: CallTurnsProps, nextState: { expanded: boolean }): boolean {
    return next.place !== this.props.place || nextState.expanded !== this.state.expanded;
  }

  override componentDidUpdate(): void {
    // The turns just came: the log shows them (the log only, never the host page).
    const shown = !!this.#block.current;
    const log = this.#block.current?.closest('[role="log"]');
    if (shown && !this.#shown && log) log.scrollTop = log.scrollHeight;
    this.#shown = shown;
  }

  override render({ session, text, markdown, place, anchor }: CallTurnsProps, { expanded }: { expanded: boolean }) {
    const { turns } = session.view();
    if (!turns?.length || anchor() !== place) return null;
    const { core, translate } = text();
    const shown = expanded ? turns : turns.slice(0, FIRST_TURNS);
    return (
      <section ref={this.#block} class="call-turns" data-call aria-labelledby={`${this.#id}-title`}>
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
