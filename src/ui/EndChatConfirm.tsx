import { h } from 'preact';
import type { Strings } from '../strings/strings';

/** A ref that focuses its element as it appears. Stable: Preact calls it on mount and unmount only. */
const focusOnMount = (element: HTMLElement | null) => element?.focus();

/** "End this chat?" inline, under the header; focus goes to its "End" button as it appears. */
export function EndChatConfirm({ strings, onConfirm, onCancel }: { strings: Strings; onConfirm(): void; onCancel(): void }) {
  const { translate } = strings;
  return (
    <fieldset class="end-chat-confirm" aria-label={translate('endChat')}>
      <span class="end-chat-question">{translate('endChatQuestion')}</span>
      <button type="button" ref={focusOnMount} class="primary" onClick={onConfirm}>
        {translate('endChatConfirm')}
      </button>
      <button type="button" onClick={onCancel}>
        {translate('cancel')}
      </button>
    </fieldset>
  );
}
