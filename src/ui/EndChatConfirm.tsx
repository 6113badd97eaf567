import { h } from 'preact';
import { useLayoutEffect, useRef } from 'preact/hooks';
import type { Strings } from './strings';

/** "End this chat?" inline, under the header; focus goes to its "End" button as it appears. */
export function EndChatConfirm({ strings, onConfirm, onCancel }: { strings: Strings; onConfirm(): void; onCancel(): void }) {
  const { translate } = strings;
  const confirmButton = useRef<HTMLButtonElement>(null);
  useLayoutEffect(() => confirmButton.current?.focus(), []);
  return (
    <fieldset class="end-chat-confirm" aria-label={translate('endChat')}>
      <span class="end-chat-question">{translate('endChatQuestion')}</span>
      <button type="button" ref={confirmButton} class="primary" onClick={onConfirm}>
        {translate('endChatConfirm')}
      </button>
      <button type="button" onClick={onCancel}>
        {translate('cancel')}
      </button>
    </fieldset>
  );
}
