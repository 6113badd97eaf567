import { type ComponentChildren, h, type Ref } from 'preact';
import type { Strings } from '../strings/strings';

/** Why the chat ended (data-reason), and the way on: "Start new conversation". */
export function SessionEnded({
  reason,
  strings,
  buttonRef,
  onNewConversation,
  children,
}: {
  reason: string | undefined;
  strings: Strings;
  buttonRef: Ref<HTMLButtonElement>;
  onNewConversation(): void;
  /** What features add after the end (the "after-end" slot). */
  children?: ComponentChildren;
}) {
  const { translate } = strings;
  const known = reason === 'REASON_USER_END' || reason === 'REASON_USER_ABANDONED';
  return (
    <div class="session-ended" data-reason={reason}>
      <div>{translate(known ? reason : 'REASON_NATURAL_END')}</div>
      <button type="button" ref={buttonRef} class="primary" onClick={onNewConversation}>
        {translate('newConversation')}
      </button>
      {children}
    </div>
  );
}
