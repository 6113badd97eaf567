import type { CallbackSession } from '../../callback/callback-session';
import { Component } from '../kit';

/** A part of the callback UI that re-renders whenever the call or its form changes. */
export abstract class SessionView<P extends { session: CallbackSession }> extends Component<P> {
  #stop: (() => void) | undefined;
  override componentDidMount(): void {
    this.#stop = this.props.session.subscribe(() => this.forceUpdate());
  }
  override componentWillUnmount(): void {
    this.#stop?.();
  }
}
