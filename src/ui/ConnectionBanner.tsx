import { Component, type ComponentChildren, h } from 'preact';
import type { WebchatClient } from '../contract/client';
import type { ConnectionStatus, ErrorCode } from '../store/state';
import type { Strings } from '../strings/strings';

/** "Connecting…" appears only when connecting takes a while: a fast connect shows nothing. */
const CONNECTING_NOTICE_DELAY_MS = 1500;

/** Errors worth retrying as they are: the network, the server, a rate limit. */
const RETRYABLE_ERRORS: readonly ErrorCode[] = ['network', 'server', 'rate-limited'];

export interface ConnectionBannerProps {
  status: ConnectionStatus;
  errorCode: ErrorCode | undefined;
  ended: boolean;
  /** The panel is open: "Connecting…" counts its delay from then (a panel prepared unseen waits). */
  shown: boolean;
  strings: Strings;
  client: WebchatClient;
}

/** Always in the DOM with data-connection; says something only when the connection matters. */
export class ConnectionBanner extends Component<ConnectionBannerProps, { slowToConnect: boolean }> {
  override state = { slowToConnect: false };
  #connectingTimer: ReturnType<typeof setTimeout> | undefined;

  override componentDidMount(): void {
    this.#noticeSlowConnect();
  }

  override componentDidUpdate(previous: Readonly<ConnectionBannerProps>): void {
    if (previous.status !== this.props.status || previous.shown !== this.props.shown) this.#noticeSlowConnect();
  }

  override componentWillUnmount(): void {
    clearTimeout(this.#connectingTimer);
  }

  /** Each time connecting starts, or the panel opens while connecting, "Connecting…" waits CONNECTING_NOTICE_DELAY_MS before it shows. */
  #noticeSlowConnect(): void {
    clearTimeout(this.#connectingTimer);
    if (this.props.status !== 'connecting' || !this.props.shown) return;
    this.setState({ slowToConnect: false });
    this.#connectingTimer = setTimeout(() => this.setState({ slowToConnect: true }), CONNECTING_NOTICE_DELAY_MS);
  }

  override render(
    { status, errorCode = 'protocol', ended, strings, client }: ConnectionBannerProps,
    { slowToConnect }: { slowToConnect: boolean },
  ) {
    const { translate } = strings;
    const tryAgain = (
      <button type="button" onClick={() => client.reconnectNow()}>
        {translate('tryAgain')}
      </button>
    );
    const startNew = (
      <button type="button" onClick={() => client.newConversation()}>
        {translate('newConversation')}
      </button>
    );
    let content: ComponentChildren = null;
    if (status === 'connecting') content = slowToConnect && translate('connecting');
    else if (status === 'reconnecting') content = translate('reconnecting');
    else if (status === 'offline') content = [translate('offline'), tryAgain];
    else if (status === 'error')
      // a lost session (or a protocol error) starts anew; a configuration error has no way on
      content = [
        translate(`error-${errorCode}`),
        RETRYABLE_ERRORS.includes(errorCode) ? tryAgain : errorCode !== 'config' && !ended && startNew,
      ];
    return (
      <div class="connection-banner" role="status" data-connection={status} data-error={status === 'error' ? errorCode : undefined}>
        {content}
      </div>
    );
  }
}
