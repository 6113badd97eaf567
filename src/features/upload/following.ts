import { Component } from '../kit';
import type { Uploads } from './uploads';

/** A part of the upload's UI that renders again whenever the files change. */
export abstract class Following<P extends { uploads: Uploads }> extends Component<P> {
  #stop: (() => void) | undefined;
  override componentDidMount(): void {
    this.#stop = this.props.uploads.subscribe(() => this.forceUpdate());
  }
  override componentWillUnmount(): void {
    this.#stop?.();
  }
}
