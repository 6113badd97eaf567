import { Component, createRef, h, Icon } from '../kit';
import { AFTER_ICONS } from './icons';
import type { RatingView } from './rating-session';
import type { Key as AfterStringKey } from './strings/en';

/** The endpoint's limit on a comment (CONTRACT.md, "Site backend: ratingUrl"). */
export const MAX_COMMENT_LENGTH = 1000;
const SCORES = [1, 2, 3, 4, 5] as const;
const STAR_NAMES = ['star1', 'star2', 'star3', 'star4', 'star5'] as const;

export interface RatingFormProps {
  view: RatingView;
  t(key: AfterStringKey): string;
  /** Unique in the page: names the radios and ties the texts to the controls. */
  formId: string;
  onSubmit(score: number, comment: string): void;
}

interface RatingFormState {
  score: number;
  comment: string;
  /** "Send rating" was pressed without a score. */
  missingScore: boolean;
}

/**
 * "Rate this conversation": five native radios (the browser gives the group one tab stop and arrow
 * keys), an optional comment, "Send rating"; then a thank-you status that takes the focus.
 */
export class RatingForm extends Component<RatingFormProps, RatingFormState> {
  override state: RatingFormState = { score: 0, comment: '', missingScore: false };
  #thanks = createRef<HTMLDivElement>();
  #firstStar = createRef<HTMLInputElement>();

  override componentDidUpdate(previous: Readonly<RatingFormProps>): void {
    // The form the focus was in is gone: the thank-you takes it, so a screen reader says it.
    if (previous.view.stage === 'sending' && this.props.view.stage === 'thanked') this.#thanks.current?.focus();
  }

  #submit = (event: Event) => {
    event.preventDefault();
    const { score, comment } = this.state;
    if (!score) {
      this.setState({ missingScore: true });
      this.#firstStar.current?.focus();
      return;
    }
    this.props.onSubmit(score, comment.trim());
  };

  override render({ view, t, formId }: RatingFormProps, { score, comment, missingScore }: RatingFormState) {
    if (view.stage === 'thanked')
      return (
        <div class="rating-thanks" role="status" tabIndex={-1} ref={this.#thanks}>
          {t('ratingThanks')}
        </div>
      );
    if (view.stage !== 'open' && view.stage !== 'sending') return null;
    const sending = view.stage === 'sending';
    const problemId = `${formId}-problem`;
    const problem = view.problem ? t(`rating-${view.problem}`) : missingScore ? t('chooseScore') : '';
    return (
      <form class="rating" onSubmit={this.#submit} aria-describedby={problem ? problemId : undefined}>
        <div class="rating-stars" role="radiogroup" aria-label={t('rateConversation')} id={`${formId}-stars`}>
          <div class="rating-question" aria-hidden="true">
            {t('rateConversation')}
          </div>
          {SCORES.map((value) => (
            <label class="rating-star" data-on={value <= score ? '' : undefined}>
              <input
                type="radio"
                name={`${formId}-score`}
                value={value}
                ref={value === 1 ? this.#firstStar : undefined}
                aria-label={t(STAR_NAMES[value - 1] ?? 'star5')}
                checked={value === score}
                disabled={sending}
                onChange={() => this.setState({ score: value, missingScore: false })}
              />
              <Icon path={AFTER_ICONS.star} />
            </label>
          ))}
        </div>
        <label class="rating-comment">
          <span>{t('comment')}</span>
          <textarea
            rows={2}
            maxLength={MAX_COMMENT_LENGTH}
            placeholder={t('commentHint')}
            value={comment}
            disabled={sending}
            onInput={(event) => this.setState({ comment: event.currentTarget.value })}
          />
        </label>
        {problem && (
          <p class="rating-problem" id={problemId} role="alert">
            {problem}
          </p>
        )}
        <button type="submit" class="primary" disabled={sending}>
          {sending ? t('sendingRating') : t('sendRating')}
        </button>
      </form>
    );
  }
}
