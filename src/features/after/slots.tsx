// The feature's controls in the widget's slots: the rating form after the end, the feedback
// toggles under each agent message (their styles: after.css, which the widget adds with the feature).

import type { ComponentType } from 'preact';
import type { WebchatEventMap } from '../../contract/client';
import type { SessionEndReason } from '../../protocol/types';
import type { FeatureState, SlotProps } from '../../seam/types';
import type { AgentMessage } from '../../store/state';
import { Component, h } from '../kit';
import type { AfterState } from './after-state';
import { FeedbackButtons, type FeedbackValue } from './FeedbackButtons';
import { RatingForm } from './RatingForm';
import type { RatingSession } from './rating-session';
import type { Key as AfterStringKey } from './strings/en';

export interface SlotsSettings {
  rating: RatingSession | undefined;
  /** Another tab's values arrive parsed (readAfterState): read as they are. */
  state: FeatureState<AfterState>;
  translate(key: AfterStringKey): string;
  emit(type: 'message-feedback', event: WebchatEventMap['message-feedback']): void;
}

export interface AfterSlots {
  RatingSlot: ComponentType<SlotProps['after-end']>;
  FeedbackSlot: ComponentType<SlotProps['message-actions']>;
}

export function createSlots({ rating, state, translate, emit }: SlotsSettings): AfterSlots {
  let forms = 0;
  /** The rating form, in the panel after the end, under "Start new conversation". */
  class RatingSlot extends Component<{ reason: SessionEndReason | undefined }> {
    #formId = `aw-rating-${++forms}`;
    #stop: (() => void) | undefined;
    override componentDidMount() {
      this.#stop = rating?.subscribe(() => this.forceUpdate());
    }
    override componentWillUnmount() {
      this.#stop?.();
    }
    override render() {
      if (!rating) return null;
      return (
        <RatingForm
          view={rating.view()}
          t={translate}
          formId={this.#formId}
          onSubmit={(score, comment) => void rating.submit(comment ? { score, comment } : { score })}
        />
      );
    }
  }

  /** "Helpful" / "Not helpful" under each agent and live-agent message. */
  class FeedbackSlot extends Component<{ message: AgentMessage; ended: boolean }> {
    #stop: (() => void) | undefined;
    /** The mark as last drawn. */
    #shown: FeedbackValue | undefined;
    override componentDidMount() {
      // Messages are drawn again only when they change: each toggle follows its own mark itself
      // (this tab's and the others'), not every other message's.
      this.#stop = state.subscribe(({ feedback }) => {
        if (feedback[this.props.message.messageId] !== this.#shown) this.forceUpdate();
      });
    }
    override componentWillUnmount() {
      this.#stop?.();
    }
    #change = (value: FeedbackValue | undefined) => {
      const { messageId } = this.props.message;
      const before = state.get();
      const { [messageId]: _, ...others } = before.feedback;
      state.set({ ...before, feedback: value ? { ...others, [messageId]: value } : others });
      if (value) emit('message-feedback', { messageId, value });
    };
    override render() {
      this.#shown = state.get().feedback[this.props.message.messageId];
      return <FeedbackButtons value={this.#shown} t={translate} onChange={this.#change} />;
    }
  }

  return { RatingSlot, FeedbackSlot };
}
