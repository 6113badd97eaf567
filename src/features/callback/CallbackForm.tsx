import type { CallbackSession } from '../../callback/callback-session';
import { formatNumber, regionOf } from '../../callback/phone-format';
import type { FeatureText } from '../../seam/types';
import { createRef, h } from '../kit';
import { SessionView } from './session-view';
import type { Key } from './strings';

interface CallbackFormProps {
  session: CallbackSession;
  text: FeatureText<Key>;
  /** The site's consent text; default the strings'. */
  consent?: string | undefined;
  formId: string;
  /** After Cancel or Escape (focus back to "Call me") and after a request went out (focus to the composer). */
  onClose(requested: boolean): void;
}

/** Problems about the number itself: shown as the number field's error. */
const NUMBER_PROBLEMS = ['invalid_number', 'country_not_allowed', 'blocked_number'];

/** The short form: country, phone number, consent, "Request call". */
export class CallbackForm extends SessionView<CallbackFormProps> {
  #number = createRef<HTMLInputElement>();
  /** Stable: Preact calls it as the field appears and goes, so focus moves there once. */
  #numberField = (element: HTMLInputElement | null) => {
    this.#number.current = element;
    element?.focus();
  };
  #country = createRef<HTMLSelectElement>();

  #submit = async (event: Event) => {
    event.preventDefault();
    const { session, onClose } = this.props;
    const number = this.#number.current?.value.trim() ?? '';
    await session.request(number, this.#country.current?.value ?? '');
    if (!session.view().formOpen) onClose(true);
    else this.#number.current?.focus();
  };

  #close = () => {
    this.props.session.closeForm();
    this.props.onClose(false);
  };

  #format = (event: Event) => {
    const input = event.currentTarget;
    // Grouped only while typing at the end: the caret never jumps under the visitor's fingers.
    if (input instanceof HTMLInputElement && input.selectionStart === input.value.length)
      input.value = formatNumber(input.value, this.#country.current?.value ?? '');
  };

  override render({ session, text, consent, formId }: CallbackFormProps) {
    const { formOpen, countries, problem, submitting, number } = session.view();
    if (!formOpen) return null;
    const { translate } = text;
    const { lang } = text.core;
    const names = typeof Intl.DisplayNames === 'function' ? new Intl.DisplayNames([lang], { type: 'region' }) : undefined;
    const regions = [navigator.language, document.documentElement.lang, lang].map((tag) => tag && regionOf(tag));
    const fallback = regions.find(Boolean) ?? 'US';
    const choices = countries.length ? countries : [fallback];
    const preferred = regions.find((region) => region && choices.includes(region)) ?? choices[0];
    const aboutNumber = !!problem && NUMBER_PROBLEMS.includes(problem);
    return (
      <form
        class="callback-form"
        aria-label={translate('callMe')}
        onSubmit={this.#submit}
        onKeyDown={(event) => {
          if (event.key !== 'Escape' || event.isComposing) return;
          event.stopPropagation();
          this.#close();
        }}
      >
        <label>
          {translate('country')}
          <select ref={this.#country}>
            {choices.map((code) => (
              <option value={code} selected={code === preferred}>
                {names?.of(code) ?? code}
              </option>
            ))}
          </select>
        </label>
        <label>
          {translate('phoneNumber')}
          <input
            ref={this.#numberField}
            type="tel"
            autocomplete="tel"
            defaultValue={number}
            aria-invalid={aboutNumber}
            aria-describedby={problem ? `${formId}-problem` : undefined}
            onInput={this.#format}
          />
        </label>
        {problem && (
          <p id={`${formId}-problem`} class="field-problem" role="alert">
            {translate(`callback-${problem}`)}
          </p>
        )}
        <p class="consent">{consent || translate('callbackConsent')}</p>
        <div class="callback-actions">
          <button type="submit" class="primary" disabled={submitting}>
            {translate('requestCall')}
          </button>
          <button type="button" onClick={this.#close}>
            {text.core.translate('cancel')}
          </button>
        </div>
      </form>
    );
  }
}
