import { Component } from '../kit';
import type { HistorySession } from './history-session';

/** A part of the history UI that re-renders whenever the session changes. */
export abstract class SessionView<P extends { session: HistorySession }> extends Component<P> {
  #stop: (() => void) | undefined;
  override componentDidMount(): void {
    this.#stop = this.props.session.subscribe(() => this.forceUpdate());
  }
  override componentWillUnmount(): void {
    this.#stop?.();
  }
}
