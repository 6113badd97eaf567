// The props of one transcript item, shared by the item and the components it renders.

import type { ComponentChildren, ComponentType } from 'preact';
import type { SlotProps } from '../../seam/types';
import type { TranscriptItem as TranscriptItemData } from '../../store/state';
import type { Strings } from '../../strings/strings';

export interface TranscriptItemProps {
  item: TranscriptItemData;
  /** Show the author's name and avatar (first of a run of live-agent messages). */
  showAuthor: boolean;
  /** Show the message's time: the first of a burst (see startsBurst). */
  showTime: boolean;
  /** Far from the end of a long transcript (see itemClass). */
  old: boolean;
  ended: boolean;
  strings: Strings;
  /** Agent text as Markdown. */
  markdown: boolean;
  /** Stable for the widget's life. */
  onRetry(clientEventId: string): void;
  /** The features' controls under each agent and live-agent message (the "message-actions" slot). */
  messageActions?: readonly ComponentType<SlotProps['message-actions']>[] | undefined;
  /** How the features show a visitor's message (src/seam FeatureParts.userMessageBody); undefined: as plain text. */
  userMessageBody?: ((text: string) => ComponentChildren | undefined) | undefined;
}
