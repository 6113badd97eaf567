import type { CallbackSession } from '../../callback/callback-session';
import { Component } from '../kit';

/** A part of the callback UI that re-renders whenever the call or its form changes. */
// biome-ignore lint/complexity/noBannedTypes: no state unless a view has one, as Component's own default
export abstract class SessionView<P extends { session: CallbackSession }, S = {}> extends Component<P, S> {
  #stop: (() => void) | undefined;
  override componentDidMount(): void {
    this.#stop = this.props.session.subscribe(() => this.forceUpdate());
  }
  override componentWillUnmount(): void {
    this.#stop?.();
  }
}
