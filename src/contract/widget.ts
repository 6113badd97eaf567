// Options of the widget (mount(), init(), the script tag's data-* attributes): the client's and
// what only the UI reads. Validated by src/options/validate-options.ts.

import type { ClientOptions } from './client';
import type { VoiceOptions } from './voice';

export interface ThemeOptions {
  /** Accent colour (header, launcher, user bubbles); white text sits on it. Default #1d4ed8. */
  accent?: string;
  /** Corner radius: a number (px) or any CSS length. */
  radius?: number | string;
  /** font-family list. */
  font?: string;
  /** Side of the floating launcher. Default: the end of the reading direction (right; left in RTL). */
  position?: 'right' | 'left';
  /** 'auto', the default, follows the visitor's system setting (prefers-color-scheme). */
  mode?: 'light' | 'dark' | 'auto';
}

/** Widget options = client options + what only the UI reads. */
export interface WidgetOptions extends ClientOptions {
  title?: string;
  open?: boolean;
  container?: HTMLElement;
  theme?: ThemeOptions;
  /** Agent replies as Markdown (default true); false shows their text as written. */
  markdown?: boolean;
  /** The site's callback endpoint (`createCallbackEndpoint`): the panel offers "Call me". */
  callbackUrl?: string;
  /** Consent text shown in the callback form; default the widget's own words. */
  callbackConsent?: string;
  /** After a session ends the visitor may rate it (default off; on when `ratingUrl` is set, unless false). */
  rating?: boolean;
  /** The site's rating endpoint (`createRatingEndpoint`): the rating is POSTed there and is also an event. */
  ratingUrl?: string;
  /** The site's upload endpoint (`createUploadEndpoint`): the visitor may attach files and images (button, drop, paste). */
  uploadUrl?: string;
  /** The site's history endpoint (`createHistoryEndpoint`): a returning visitor finds their earlier conversations. */
  historyUrl?: string;
  /** "Helpful" / "Not helpful" on each agent and live-agent message (the `message-feedback` event); default off. */
  messageFeedback?: boolean;
  /** Dictation, read-aloud and voice mode where the browser offers them: true, or the parts (default off). */
  voice?: boolean | VoiceOptions;
  /**
   * What may call the visitor back while the panel is closed (default none): `title` puts the
   * unread count before `document.title`, `sound` plays a short tone per new unread message.
   * A list, or the names separated by commas (as on the script tag). The unread badge is always on.
   */
  attention?: AttentionKind[];
  /** A short text shown beside the closed launcher after `teaserDelay`, once per tab (`tease()` shows one any time). */
  teaser?: string;
  /** Seconds before the teaser shows; default 0. */
  teaserDelay?: number;
}

export type AttentionKind = 'title' | 'sound';
