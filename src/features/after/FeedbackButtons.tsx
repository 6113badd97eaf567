import { h, Icon } from '../kit';
import { AFTER_ICONS } from './icons';
import type { Key as AfterStringKey } from './strings/en';

export type FeedbackValue = 'helpful' | 'not-helpful';

/**
 * "Helpful" / "Not helpful" under an agent message: two toggles (aria-pressed), at most one
 * pressed. Pressing the pressed one again takes the choice back.
 */
export function FeedbackButtons({
  value,
  t,
  onChange,
}: {
  value: FeedbackValue | undefined;
  t(key: AfterStringKey): string;
  onChange(value: FeedbackValue | undefined): void;
}) {
  const toggle = (choice: FeedbackValue, label: string, path: string) => (
    <button
      type="button"
      class="feedback"
      aria-label={label}
      title={label}
      aria-pressed={value === choice}
      onClick={() => onChange(value === choice ? undefined : choice)}
    >
      <Icon path={path} />
    </button>
  );
  return (
    <div class="message-feedback">
      {toggle('helpful', t('helpful'), AFTER_ICONS.thumbUp)}
      {toggle('not-helpful', t('notHelpful'), AFTER_ICONS.thumbDown)}
    </div>
  );
}
