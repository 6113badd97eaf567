// After the conversation (options `rating`, `ratingUrl`, `messageFeedback`): the visitor rates the
// ended session once (the form in the panel after the end, sent to the site's endpoint and raised
// as the `rating` event) and marks agent messages "Helpful" / "Not helpful" (the
// `message-feedback` event, which the site forwards where it wants). What was rated and which
// messages were marked is the feature's state, shared by the conversation's tabs, in memory only.
// The transcript (handle.transcript(), "Download transcript") is the core's: every page has it.

import type { FeatureContext } from '../../seam/types';
import type { WebchatState } from '../../store/state';
import { defineFeature, systemClock } from '../kit';
import styles from './after.css?inline';
import { type AfterState, INITIAL, readAfterState } from './after-state';
import { createRatingSession } from './rating-session';
import { createSlots } from './slots';
import { type Key as AfterStringKey, en } from './strings/en';

/** The key of the ended session's end in the transcript: new with each session, the same in every tab. */
export function endKeyOf(state: WebchatState): string | undefined {
  if (!state.ended) return undefined;
  for (let index = state.items.length - 1; index >= 0; index--) {
    const item = state.items[index];
    if (item?.kind === 'system' && item.notice.code === 'session-ended') return item.key;
  }
  // Ended without its notice (a session given up before any event): still one rating.
  return 'ended';
}

type Context = FeatureContext<AfterStringKey, AfterState>;

export default defineFeature({
  name: 'after',
  strings: en,
  styles,
  state: { initial: INITIAL, shared: true, parse: readAfterState },
  setup(context: Context) {
    const { options, client, state } = context;
    const translate = (key: AfterStringKey) => context.text().translate(key);
    const unsubscribe: (() => void)[] = [];

    const wantsRating = options.rating ?? options.ratingUrl !== undefined;
    const rating = wantsRating
      ? createRatingSession({
          url: options.ratingUrl,
          clock: systemClock,
          rated: {
            isRated: (endKey) => state.get().ratedEnd === endKey,
            markRated: (endKey) => state.set((previous) => ({ ...previous, ratedEnd: endKey })),
          },
          onRating: (event) => context.emit('rating', event),
        })
      : undefined;
    if (rating) {
      const follow = () => rating.update(endKeyOf(client.store.getState()));
      unsubscribe.push(client.store.subscribe(follow), state.subscribe(follow));
      follow();
    }

    const { RatingSlot, FeedbackSlot } = createSlots({ rating, state, translate, emit: context.emit });

    return {
      slots: {
        ...(rating ? { 'after-end': RatingSlot } : {}),
        ...(options.messageFeedback ? { 'message-actions': FeedbackSlot } : {}),
      },
      destroy() {
        for (const stop of unsubscribe.splice(0)) stop();
        rating?.destroy();
      },
    };
  },
});
