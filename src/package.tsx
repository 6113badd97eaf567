// The package's ways in (`agent-webchat`): mount() and the <Webchat> component. Both bring the
// optional features and the locale the options want through dynamic import() (features/load.ts),
// so an app's bundler splits them off: a site that uses neither voice nor "Call me" ships neither.
// The widget shows at once; a feature or the locale's texts appear when their chunk has arrived.

import { Component, h } from 'preact';
import type { ClientDeps, WebchatEventMap, WebchatEventType } from './contract/client';
import type { VoiceOptions, VoiceState } from './contract/voice';
import { loadFeatures, loadLocale } from './features/load';
import type { WebchatHandle } from './handle';
import { validateOptions } from './options/validate-options';
import { createFeatureHost, type FeatureHost } from './seam/feature-host';
import { Webchat as WebchatView, type WebchatProps as WebchatViewProps } from './ui/Webchat';
import { mountWithExtras } from './widget-extras';

export type { WebchatHandle } from './handle';

export function mount(input: unknown, deps?: ClientDeps): WebchatHandle {
  // Validated before anything touches the page: a bad option leaves nothing half-mounted.
  const options = validateOptions(input);
  // With the teaser, `attention` and a count the tab kept: the script tag's loader brings them from a file of its own.
  return mountWithExtras(options, deps);
}

export interface WebchatProps extends Omit<WebchatViewProps, 'features'> {
  /** Dictation, read-aloud and voice mode where the browser offers them (default off). Read once. */
  voice?: boolean | VoiceOptions;
  /** Voice mode's state changed. */
  onVoiceState?(state: VoiceState): void;
  /** "Call me": the site's callback endpoint. Read once. */
  callbackUrl?: string;
  /** The site's consent text for the callback form. */
  callbackConsent?: string;
  /** After a session ends the visitor may rate it (on with `ratingUrl` unless false). Read once. */
  rating?: boolean;
  /** The site's rating endpoint (`createRatingEndpoint`). Read once. */
  ratingUrl?: string;
  /** "Helpful" / "Not helpful" on agent messages. Read once. */
  messageFeedback?: boolean;
  /** The site's upload endpoint (`createUploadEndpoint`): the visitor may attach files. Read once. */
  uploadUrl?: string;
  /** Host events the optional features raise (`voice`, `callback`…). */
  onFeatureEvent?<E extends WebchatEventType>(type: E, event: WebchatEventMap[E]): void;
}

/** The widget as a Preact component over a client of yours: the features its props want come as they load. */
export class Webchat extends Component<WebchatProps> {
  #features: FeatureHost;
  #destroyed = false;

  constructor(props: WebchatProps) {
    super(props);
    const { client, locale, markdown, voice, callbackUrl, callbackConsent, rating, ratingUrl, messageFeedback, uploadUrl } = props;
    const options = { locale, markdown, voice, callbackUrl, callbackConsent, rating, ratingUrl, messageFeedback, uploadUrl };
    this.#features = createFeatureHost({
      options,
      client,
      emit: (type, event) => {
        if (type === 'voice' && 'state' in event) this.props.onVoiceState?.(event.state);
        this.props.onFeatureEvent?.(type, event);
      },
    });
    void loadFeatures(options).then((features) => !this.#destroyed && this.#features.add(features));
  }

  override componentWillUnmount(): void {
    this.#destroyed = true;
    this.#features.destroy();
  }

  override render(props: WebchatProps) {
    // The feature options are read once, above; the view ignores them.
    return <WebchatView {...props} features={this.#features} loadLocale={loadLocale} />;
  }
}
